import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminTestApp } from '../../../test/accounts-helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import type { TestContext } from '../../../test/test-app.js';
import { renderPdf } from '../pdf/pdf-document.js';
import { pdfText } from '../pdf/pdf-text.js';
import { createSmtpTransport, MailWorker } from './mail-worker.js';
import { enqueueMail } from './outbox.repository.js';

let ctx: TestContext;
let adminToken: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ ctx, adminToken } = await createAdminTestApp({ SMTP_URL: smtp.url }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const mail = (to: string, id: number) => ({
  to,
  subject: `Document ${id}`,
  text: 'See the attachment.',
  html: '<p>See the attachment.</p>',
  attachment: { kind: 'receipt' as const, id },
});

describe('mail attachments', () => {
  it('renders the document when the message is sent and attaches it as a PDF', async () => {
    const rendered: number[] = [];
    const worker = new MailWorker({
      db: ctx.database.db,
      log: ctx.app.log,
      from: ctx.config.mail.from,
      transport: createSmtpTransport(smtp.url),
      attachments: {
        receipt: async (id) => {
          rendered.push(id);
          if (id === 404) return null;
          return {
            filename: `receipt-${id}.pdf`,
            content: await renderPdf({ title: 'Receipt' }, (doc) => {
              doc.text(`Receipt number ${id}`);
            }),
          };
        },
      },
    });
    await enqueueMail(ctx.database.db, mail('one@example.com', 7));
    await enqueueMail(ctx.database.db, mail('gone@example.com', 404));
    await worker.runOnce();

    expect(rendered).toEqual([7, 404]);
    const withPdf = smtp.messages.find((m) => m.to === 'one@example.com')!;
    expect(withPdf.attachments).toHaveLength(1);
    expect(withPdf.attachments[0]).toMatchObject({ filename: 'receipt-7.pdf', contentType: 'application/pdf' });
    expect(await pdfText(withPdf.attachments[0]!.content)).toContain('Receipt number 7');
    // A document that is gone (its owner deleted) does not hold the message back.
    expect(smtp.messages.find((m) => m.to === 'gone@example.com')!.attachments).toEqual([]);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox',
      headers: bearer(adminToken),
    });
    expect(listed.json().find((m: { subject: string }) => m.subject === 'Document 7').attachment).toBe('receipt');
  });

  it('keeps a message whose document has no renderer pending, to retry, rather than sending it without', async () => {
    const worker = new MailWorker({
      db: ctx.database.db,
      log: ctx.app.log,
      from: ctx.config.mail.from,
      transport: createSmtpTransport(smtp.url),
    });
    const id = await enqueueMail(ctx.database.db, mail('later@example.com', 8));
    await worker.runOnce();
    expect(smtp.messages.some((m) => m.to === 'later@example.com')).toBe(false);
    const row = await ctx.database.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('no renderer');
  });
});
