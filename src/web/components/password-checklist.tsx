import { passwordChecks } from '../../contracts/password';

/** The spec's live checklist, in its order: capital letter, match, special character, minimum length, a number. */
export function PasswordChecklist({ password, confirm }: { password: string; confirm: string }) {
  const [capital, ...rest] = passwordChecks;
  const items = [
    { label: capital.label, ok: capital.test(password) },
    { label: 'Passwords match', ok: password.length > 0 && password === confirm },
    ...rest.map((check) => ({ label: check.label, ok: check.test(password) })),
  ];
  return (
    <ul className="password-checklist" aria-label="Password requirements">
      {items.map((item) => (
        <li key={item.label} className={item.ok ? 'ok' : 'todo'}>
          <span aria-hidden="true">{item.ok ? '✓' : '✗'}</span> {item.label}
          <span className="visually-hidden">{item.ok ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
