import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import { MailWorker } from './mail-worker.js';
import { enqueueMail } from './outbox.repository.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

describe('outbox claims', () => {
  it('three workers on one database send every message exactly once', async () => {
    for (let i = 0; i < 60; i += 1)
      await enqueueMail(database.db, { to: `r${i}@example.com`, subject: `message ${i}`, text: 't', html: '<p>t</p>' });
    const sent: string[] = [];
    const transport = {
      async sendMail(mail: { to: string }) {
        // A little delay, so that the workers' passes overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push(mail.to);
        return {};
      },
    } as unknown as Transporter;
    const workers = [1, 2, 3].map(
      () => new MailWorker({ db: database.db, log: silentLog, from: 'site@example.com', transport }),
    );
    // Passes run side by side until the outbox is empty.
    for (let round = 0; round < 10; round += 1) await Promise.all(workers.map((w) => w.runOnce()));
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
    const pending = await database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute();
    expect(pending).toEqual([]);
  });
});
