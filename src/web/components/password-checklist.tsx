import type { FieldErrors } from 'react-hook-form';
import { messages } from '../../contracts/messages';
import { passwordChecks } from '../../contracts/password';

/** The live password checklist, in its order: capital letter, match, special character, minimum length, a number. */
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

/** Changing or resetting a password alerts a mismatch too, as the original site did, beside the field's message. */
export function alertPasswordMismatch(invalid: FieldErrors<{ confirm_password: string }>) {
  if (invalid.confirm_password?.message === messages.passwordsDontMatch) window.alert(messages.passwordsDontMatch);
}
