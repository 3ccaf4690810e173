import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createSmtpTransport, MailWorker } from '../src/api/mail/mail-worker.js';
import { freePort } from './pg-cluster.js';
import type { TestContext } from './test-app.js';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Each header's raw value (unfolded), by its lower-case name. */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server on loopback that keeps every message; it can be told to refuse mail. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          messages.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client killed mid-conversation (a site process SIGKILLed by a test) resets its connection: not an error here.
  server.on('error', () => undefined);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(value: boolean) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function linkIn(mail: CapturedMail | string): string {
  const text = typeof mail === 'string' ? mail : mail.text;
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
}

/** The site's mail worker (its document renderers included) delivering to the capture at `smtpUrl`. */
export function siteMailWorker(ctx: TestContext, smtpUrl: string): MailWorker {
  return new MailWorker({
    db: ctx.database.db,
    log: ctx.app.log,
    from: ctx.config.mail.from,
    transport: createSmtpTransport(smtpUrl),
    attachments: ctx.app.mailAttachments,
  });
}
