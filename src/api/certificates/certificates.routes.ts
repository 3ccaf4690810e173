import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCertificateListSchema,
  certificateCodeParamsSchema,
  issueMissingInputSchema,
  issueMissingResultSchema,
  missingCertificateListSchema,
  myCertificateSchema,
  publicCertificateSchema,
} from '../../contracts/certificates.js';
import { idParamsSchema } from '../../contracts/fields.js';
import { currentStudent } from '../auth/auth-guard.js';
import { PDF_CONTENT_TYPE } from '../pdf/pdf-document.js';
import type { CertificatesService } from './certificates.service.js';

export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (
  app,
  { certificates },
) => {
  // Anyone holding a code may check it: the certificate's own page and its QR code lead here.
  app.get(
    '/api/v1/certificates/:code',
    {
      config: { access: 'public' },
      schema: { params: certificateCodeParamsSchema, response: { 200: publicCertificateSchema } },
    },
    async (request) => certificates.verify(request.params.code),
  );

  app.get('/api/v1/me/certificate', { schema: { response: { 200: myCertificateSchema } } }, async (request) =>
    certificates.mine(currentStudent(request)),
  );

  app.get('/api/v1/me/certificate.pdf', {}, async (request, reply) => {
    const { filename, content } = await certificates.myPdf(currentStudent(request));
    return reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(content);
  });

  app.get(
    '/api/v1/admin/students/:id/certificates',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: adminCertificateListSchema } } },
    async (request) => certificates.ofStudent(request.params.id),
  );

  // Students completed before the site issued certificates: listed, then issued in one action.
  app.get(
    '/api/v1/admin/certificates/missing',
    { config: { access: 'admin' }, schema: { response: { 200: missingCertificateListSchema } } },
    async () => certificates.missing(),
  );
  app.post(
    '/api/v1/admin/certificates/missing',
    {
      config: { access: 'admin' },
      schema: { body: issueMissingInputSchema, response: { 200: issueMissingResultSchema } },
    },
    async (request) => certificates.issueMissing(currentStudent(request), request.body.student_ids),
  );
};
