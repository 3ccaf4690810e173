import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { receiptsEndpoints } from '../../contracts/payments.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { RenderedAttachment } from '../mail/mail-attachments.js';
import { PDF_CONTENT_TYPE } from '../pdf/pdf-document.js';
import type { ReceiptsService } from './receipts.service.js';

function sendPdf(reply: FastifyReply, receipt: RenderedAttachment) {
  return reply
    .type(PDF_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${receipt.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(receipt.content);
}

export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  // The student's own captured payment; another's, or one not captured, is a 404 that tells nothing about it.
  route(app, receiptsEndpoints.myReceipt, async (request, reply) =>
    sendPdf(reply, await receipts.download(request.params.id, currentStudent(request).id)),
  );

  route(app, receiptsEndpoints.adminReceipt, async (request, reply) =>
    sendPdf(reply, await receipts.download(request.params.id)),
  );
};
