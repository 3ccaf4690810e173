import type { Area } from '../app-deps.js';
import { route } from '../http/endpoint-route.js';
import { certificatesEndpoints } from '../../contracts/certificates.js';
import { currentStudent } from '../auth/auth-guard.js';
import { PDF_CONTENT_TYPE } from '../pdf/pdf-document.js';

export const certificatesRoutes: Area = async (app, { certificates }) => {
  // Anyone holding a code may check it: the certificate's own page and its QR code lead here.
  route(app, certificatesEndpoints.publicCertificate, async (request) => certificates.verify(request.params.code));

  route(app, certificatesEndpoints.myCertificate, async (request) => certificates.mine(currentStudent(request)));

  route(app, certificatesEndpoints.myCertificatePdf, async (request, reply) => {
    const { filename, content } = await certificates.myPdf(currentStudent(request));
    return reply
      .type(PDF_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(content);
  });

  route(app, certificatesEndpoints.studentCertificates, async (request) => certificates.ofStudent(request.params.id));

  // Students completed before the site issued certificates: listed, then issued in one action.
  route(app, certificatesEndpoints.missingCertificates, async () => certificates.missing());
  route(app, certificatesEndpoints.issueMissing, async (request) =>
    certificates.issueMissing(currentStudent(request), request.body.student_ids),
  );
};
