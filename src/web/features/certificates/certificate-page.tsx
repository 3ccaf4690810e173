import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { batchLine, certificateMessages, type PublicCertificate } from '../../../contracts/certificates';
import { formatDate } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { usePageTitle } from '../../components/layout/use-page-title';
import { ApiError } from '../../lib/api-client';
import { certificateQuery } from './api';
import { errorText } from '../../lib/error-text';

function Details({ certificate }: { certificate: PublicCertificate }) {
  const zone = useTimeZone();
  const batch = batchLine(certificate, zone);
  const rows: [string, string][] = [
    ['Issued to', certificate.student_name],
    ['Course', certificate.course],
    ...(batch ? [['Batch', batch] as [string, string]] : []),
    ['Taught by', certificate.teacher_name],
    ['Issued on', formatDate(certificate.issued_at, zone)],
    ...(certificate.status === 'revoked'
      ? [['Revoked on', formatDate(certificate.revoked_at, zone)] as [string, string]]
      : []),
    ['Certificate code', certificate.code],
  ];
  return (
    <dl className="certificate-details row mb-0">
      {rows.map(([term, value]) => (
        <div key={term} className="col-12 d-sm-flex gap-3 py-2 border-top">
          <dt className="certificate-term fw-normal text-body-secondary">{term}</dt>
          <dd className="mb-0 fw-semibold text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Verdict({ certificate }: { certificate: PublicCertificate }) {
  const zone = useTimeZone();
  const valid = certificate.status === 'valid';
  return (
    <section
      className={`card certificate-verdict border-2 ${valid ? 'border-success' : 'border-danger'}`}
      aria-labelledby="certificate-status"
    >
      <div className="card-body">
        <h2 id="certificate-status" className={`h4 mb-3 ${valid ? 'text-success-emphasis' : 'text-danger-emphasis'}`}>
          <span className={`badge me-2 ${valid ? 'text-bg-success' : 'text-bg-danger'}`}>
            {valid ? 'Valid' : 'Revoked'}
          </span>
          {valid ? 'This certificate is valid' : 'This certificate is not valid'}
        </h2>
        <p className="fs-5">
          {certificate.status === 'valid'
            ? certificateMessages.validStatement(certificate, zone)
            : certificateMessages.revokedStatement(certificate.revoked_at, zone)}
        </p>
        <Details certificate={certificate} />
      </div>
    </section>
  );
}

/** `/certificates/<code>`: anyone (no login) checks a certificate: valid, revoked, or no such code. */
export function CertificatePage() {
  usePageTitle('Certificate');
  const { code = '' } = useParams();
  const certificate = useQuery(certificateQuery(code));
  const unknown = certificate.error instanceof ApiError && certificate.error.status === 404;
  return (
    <div className="container page-narrow">
      {/* A page per person: search engines have no business listing them. */}
      <meta name="robots" content="noindex" />
      <h1 className="h2 mb-3">Certificate of Completion</h1>
      {certificate.isPending ? <PageSpinner label="Checking the certificate…" /> : null}
      {certificate.data ? <Verdict certificate={certificate.data} /> : null}
      {unknown ? (
        <div className="alert alert-warning" role="alert">
          <p className="mb-1 fw-semibold">{certificateMessages.notFound}</p>
          <p className="mb-0 text-break">
            Code checked: <span className="font-monospace">{code}</span>
          </p>
        </div>
      ) : null}
      {certificate.isError && !unknown ? (
        <div className="alert alert-danger" role="alert">
          {errorText(certificate.error)}
        </div>
      ) : null}
    </div>
  );
}
