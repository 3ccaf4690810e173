import { queryOptions } from '@tanstack/react-query';
import { adminKey } from '../../lib/query-keys';
import { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';
import { type MissingCertificate, certificatesEndpoints } from '../../../contracts/certificates';

export const getCertificate = (code: string) =>
  callEndpoint(certificatesEndpoints.publicCertificate, { params: { code } });
export const getMyCertificate = () => callEndpoint(certificatesEndpoints.myCertificate);
export const downloadMyCertificate = (code: string) =>
  downloadFile(certificatesEndpoints.myCertificatePdf.path, `certificate-${code}.pdf`);

/** A code no certificate has is an answer, not a failure to retry. */
export const certificateQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificate', code],
    queryFn: () => getCertificate(code),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
export const myCertificateQuery = () => queryOptions({ queryKey: ['my-certificate'], queryFn: getMyCertificate });

/** Students marked completed before the site issued certificates: they have none. */
export const missingCertificatesQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'certificates', 'missing'],
    queryFn: ({ signal }) => callEndpoint(certificatesEndpoints.missingCertificates, { signal }),
  });

/** Issue the listed students their certificates; the list, their histories and the work views are read again. */
export const useIssueMissingCertificates = () =>
  useRefreshingMutation(
    (students: MissingCertificate[]) =>
      callEndpoint(certificatesEndpoints.issueMissing, { body: { student_ids: students.map((s) => s.id) } }),
    [adminKey],
  );
