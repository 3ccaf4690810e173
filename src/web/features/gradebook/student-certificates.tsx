import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { certificatePagePath } from '../../../contracts/certificates';
import { formatDate } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { studentCertificatesQuery } from './api';

/** The certificates issued to one student, newest first, each with its public page: for the teacher's view. */
export function StudentCertificates({ studentId }: { studentId: number }) {
  const zone = useTimeZone();
  const { data } = useQuery(studentCertificatesQuery(studentId));
  if (!data || data.length === 0) return null;
  return (
    <div className="mb-3">
      <h3 className="h6 mb-1">Certificates</h3>
      <ul className="list-unstyled mb-0">
        {data.map((c) => (
          <li key={c.id} className="text-break">
            <Link to={certificatePagePath(c.code)} className="font-monospace">
              {c.code}
            </Link>{' '}
            {c.status === 'valid' ? (
              <span className="badge text-bg-success">Valid</span>
            ) : (
              <span className="badge text-bg-danger">Revoked</span>
            )}{' '}
            <span className="small">
              issued {formatDate(c.issued_at, zone)}
              {c.revoked_at ? `, revoked ${formatDate(c.revoked_at, zone)}` : ''}
              {c.batch === null ? '' : `, batch ${c.batch}`}
              {c.revoke_reason ? `: ${c.revoke_reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
