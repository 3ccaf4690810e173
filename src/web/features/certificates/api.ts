import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { callEndpoint } from '../../lib/call-endpoint';
import { certificatesEndpoints } from '../../../contracts/certificates';

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
