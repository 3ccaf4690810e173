import type { Area } from '../app-deps.js';
import type { FastifyReply } from 'fastify';
import { route } from '../http/endpoint-route.js';
import { receiptsEndpoints } from '../../contracts/payments.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { RenderedAttachment } from '../mail/mail-attachments.js';
import { PDF_CONTENT_TYPE } from '../pdf/pdf-document.js';

function sendPdf(reply: FastifyReply, receipt: RenderedAttachment) {
  return reply
    .type(PDF_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${receipt.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(receipt.content);
}

export const receiptsRoutes: Area = async (app, { receipts }) => {
  // The student's own captured payment; another's, or one not captured, is a 404 that tells nothing about it.
  route(app, receiptsEndpoints.myReceipt, async (request, reply) =>
    sendPdf(reply, await receipts.download(request.params.id, currentStudent(request).id)),
  );

  route(app, receiptsEndpoints.adminReceipt, async (request, reply) =>
    sendPdf(reply, await receipts.download(request.params.id)),
  );
};
