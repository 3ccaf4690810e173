import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { createMailQueue } from '../mail/mail-queue.js';
import { afterCommit, afterCommitFor, type EffectLog, transact } from './after-commit.js';
import type { DatabaseHandle } from './database.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.destroy());

const db = () => database.db;
const mail = (to: string) => ({ to, subject: 'After commit', text: 'Hello', html: '<p>Hello</p>' });
const mailsTo = async (to: string) =>
  (await db().selectFrom('outbox').select('id').where('to_address', '=', to).execute()).length;

function recordingLog() {
  const errors: { details: object; message: string }[] = [];
  const log: EffectLog = { error: (details, message) => errors.push({ details, message }) };
  return { log, errors };
}

describe('effects after commit', () => {
  it('run once the transaction has committed, not while it is open, and see what it wrote', async () => {
    const { log, errors } = recordingLog();
    const calls: string[] = [];
    let seen: Promise<number> | undefined;
    const result = await transact(db(), async (trx) => {
      await createMailQueue({ wake: () => undefined, log }).enqueue(trx, mail('commit@example.com'));
      afterCommit(trx, log, () => {
        calls.push('effect');
        // Another connection (PostgreSQL's pool) sees the row only once it is committed.
        seen = mailsTo('commit@example.com');
      });
      expect(calls).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toEqual(['effect']);
    expect(await seen).toBe(1);
    expect(errors).toEqual([]);
  });

  it('never run when the transaction rolls back, and the error reaches the caller', async () => {
    const { log } = recordingLog();
    let woken = 0;
    const queue = createMailQueue({ wake: () => (woken += 1), log });
    const calls: string[] = [];
    await expect(
      transact(db(), async (trx) => {
        await queue.enqueue(trx, mail('rollback@example.com'));
        afterCommit(trx, log, () => calls.push('effect'));
        afterCommitFor(trx, log, (ids: number[]) => calls.push(`wake ${ids.join()}`), [1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(calls).toEqual([]);
    expect(woken).toBe(0);
    expect(await mailsTo('rollback@example.com')).toBe(0);
  });

  it('run once each however often they are registered; items are gathered into one call', async () => {
    const { log } = recordingLog();
    let woken = 0;
    const queue = createMailQueue({ wake: () => (woken += 1), log });
    const calls: string[] = [];
    const wakeStreams = (ids: number[]) => calls.push(`wake ${[...ids].sort((a, b) => a - b).join()}`);
    const nobody = (ids: number[]) => calls.push(`nobody ${ids.join()}`);
    const once = () => calls.push('once');
    await transact(db(), async (trx) => {
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await queue.enqueue(trx, mail(to));
      afterCommitFor(trx, log, wakeStreams, [3, 1]);
      afterCommit(trx, log, once);
      afterCommitFor(trx, log, wakeStreams, [1, 2]);
      afterCommit(trx, log, once);
      afterCommitFor(trx, log, nobody, []);
    });
    expect(woken).toBe(1);
    // In the order first registered; the gathered items once each.
    expect(calls).toEqual(['wake 1,2,3', 'once']);

    // Each transaction has its own.
    await transact(db(), async (trx) => {
      await queue.enqueue(trx, mail('d@example.com'));
      afterCommitFor(trx, log, wakeStreams, [4]);
    });
    expect(woken).toBe(2);
    expect(calls).toEqual(['wake 1,2,3', 'once', 'wake 4']);
  });

  it('one that throws is logged, not thrown: the write committed and the other effects still run', async () => {
    const { log, errors } = recordingLog();
    const calls: string[] = [];
    const result = await transact(db(), async (trx) => {
      await createMailQueue({ wake: () => undefined, log }).enqueue(trx, mail('throws@example.com'));
      afterCommit(trx, log, () => {
        throw new Error('wake failed');
      });
      afterCommit(trx, log, () => Promise.reject(new Error('async wake failed')));
      afterCommit(trx, log, () => calls.push('after'));
      return 7;
    });
    expect(result).toBe(7);
    expect(calls).toEqual(['after']);
    expect(await mailsTo('throws@example.com')).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((e) => (e.details as { err: Error }).err.message)).toEqual(['wake failed', 'async wake failed']);
  });

  it('run at once on a plain handle (the statement before committed on its own)', async () => {
    const { log } = recordingLog();
    let woken = 0;
    const queue = createMailQueue({ wake: () => (woken += 1), log });
    await queue.enqueue(db(), mail('plain@example.com'));
    expect(woken).toBe(1);
    const calls: number[][] = [];
    afterCommitFor(db(), log, (ids: number[]) => calls.push(ids), [5, 5, 6]);
    afterCommitFor(db(), log, (ids: number[]) => calls.push(ids), []);
    expect(calls).toEqual([[5, 6]]);
  });

  it('are refused in a transaction not opened with transact, which could neither run them nor know when', async () => {
    const { log } = recordingLog();
    const queue = createMailQueue({ wake: () => undefined, log });
    await expect(
      db()
        .transaction()
        .execute((trx) => queue.enqueue(trx, mail('untracked@example.com'))),
    ).rejects.toThrow(/transact\(\)/);
    expect(await mailsTo('untracked@example.com')).toBe(0);
  });
});
