import { queryOptions } from '@tanstack/react-query';
import { myCertificateSchema, publicCertificateSchema } from '../../contracts/certificates';
import { ApiError, apiFetch } from './api-client';
import { downloadFile } from './download';

export const getCertificate = (code: string) =>
  apiFetch(`/api/v1/certificates/${encodeURIComponent(code)}`, publicCertificateSchema);
export const getMyCertificate = () => apiFetch('/api/v1/me/certificate', myCertificateSchema, { auth: true });
export const downloadMyCertificate = (code: string) =>
  downloadFile('/api/v1/me/certificate.pdf', `certificate-${code}.pdf`);

/** A code no certificate has is an answer, not a failure to retry. */
export const certificateQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificate', code],
    queryFn: () => getCertificate(code),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
export const myCertificateQuery = () => queryOptions({ queryKey: ['my-certificate'], queryFn: getMyCertificate });
