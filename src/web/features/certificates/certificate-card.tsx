import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { certificatePagePath } from '../../../contracts/certificates';
import { formatDate } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { downloadMyCertificate, myCertificateQuery } from './api';
import { errorText } from '../../lib/error-text';

/** "Your certificate" on the home, once the student has one: download it, or see that it was revoked. */
export function CertificateCard() {
  const zone = useTimeZone();
  const mine = useQuery(myCertificateQuery());
  const download = useMutation({ mutationFn: downloadMyCertificate });
  const certificate = mine.data?.certificate;
  if (mine.error)
    return (
      <p className="alert alert-warning" role="alert">
        Your certificate could not be shown: {errorText(mine.error)}
      </p>
    );
  if (!certificate) return null;
  const valid = certificate.status === 'valid';
  return (
    <section
      className={`card mb-4 border-2 ${valid ? 'border-success' : 'border-danger'}`}
      aria-labelledby="certificate-heading"
    >
      <div className="card-body">
        <h2 id="certificate-heading" className="h5">
          Your certificate
        </h2>
        {valid ? (
          <p>
            Congratulations on completing the course! Your certificate of completion (code{' '}
            <span className="font-monospace text-nowrap">{certificate.code}</span>) was issued on{' '}
            {formatDate(certificate.issued_at, zone)}.
          </p>
        ) : (
          <p className="text-danger-emphasis">
            Your certificate (code <span className="font-monospace text-nowrap">{certificate.code}</span>) was revoked
            on {formatDate(certificate.revoked_at, zone)} and is no longer valid.
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-3">
          {valid ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={download.isPending}
              onClick={() => download.mutate(certificate.code)}
            >
              {download.isPending ? 'Preparing…' : 'Download PDF'}
            </button>
          ) : null}
          <Link to={certificatePagePath(certificate.code)}>
            {valid ? 'Its public page, where anyone can check it' : 'Its public page'}
          </Link>
        </div>
        {download.isError ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorText(download.error)}
          </div>
        ) : null}
      </div>
    </section>
  );
}
