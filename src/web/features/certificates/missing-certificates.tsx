import { useQuery } from '@tanstack/react-query';
import { PanelError } from '../../components/admin-panel';
import { missingCertificatesQuery, useIssueMissingCertificates } from './api';

/**
 * Students marked completed before the site issued certificates have none: listed here, then issued in one click
 * (each is mailed its certificate, and the issue is in the student's status history). Nothing shows when none.
 */
export function MissingCertificates() {
  const { data, error } = useQuery(missingCertificatesQuery());
  const mutation = useIssueMissingCertificates();

  if (mutation.data) return <p className="alert alert-success">{mutation.data.message}</p>;
  if (!data?.length && !error) return null;
  const count = data?.length ?? 0;
  return (
    <section className="alert alert-warning" aria-labelledby="missing-certificates-title">
      <h3 id="missing-certificates-title" className="h6">
        {count} completed student{count === 1 ? ' has' : 's have'} no certificate
      </h3>
      <p className="small mb-2">
        They were marked completed before the site issued certificates. Issue theirs now: each gets the certificate by
        email, and the issue is recorded in their status history.
      </p>
      <PanelError error={error ?? mutation.error} />
      <ul className="small mb-2">
        {data?.map((s) => (
          <li key={s.id} className="text-break">
            {s.first_name} {s.last_name} ({s.email}){s.student_batch !== null ? `, batch ${s.student_batch}` : ''}
          </li>
        ))}
      </ul>
      {data?.length ? (
        <button
          type="button"
          className="btn btn-sm btn-warning"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(data)}
        >
          {mutation.isPending ? 'Issuing…' : `Issue ${count} certificate${count === 1 ? '' : 's'}`}
        </button>
      ) : null}
    </section>
  );
}
