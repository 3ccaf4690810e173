/**
 * Effects after commit: what a write tells the rest of the process (wake the mail worker, wake people's notification
 * streams, publish a live event) is registered inside the transaction by the code that made the write, and runs once
 * the transaction commits — never if it rolls back. So no service has to remember, after its transaction, to wake
 * whatever the functions it called needed woken.
 *
 * A transaction that may carry effects is opened with `transact(db, work)`. An effect registered on a plain database
 * handle (a write of one statement, already committed) runs at once. The same effect function registered twice in
 * one transaction runs once; `afterCommitFor` gathers items (people to wake) and hands their union to one call. An
 * effect that throws is logged, not thrown to the caller: the write did commit.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from './schema.js';

/** Where a failing effect is reported (the app's logger). */
export interface EffectLog {
  error(details: object, message: string): void;
}

interface Registered {
  log: EffectLog;
  /** The items gathered for an effect of items; undefined for an effect without. */
  items?: Set<unknown>;
  run: (items: unknown[]) => unknown;
}

/** The effects of each open transaction that `transact` opened, in the order they were first registered. */
const pending = new WeakMap<Transaction<Database>, Map<unknown, Registered>>();

function runOne(entry: Registered): void {
  const items = entry.items ? [...entry.items] : [];
  // An effect of items with none gathered (nobody to wake) has nothing to do.
  if (entry.items && items.length === 0) return;
  try {
    const result = entry.run(items);
    if (result instanceof Promise)
      result.catch((error: unknown) => entry.log.error({ err: error }, 'an effect after commit failed'));
  } catch (error) {
    entry.log.error({ err: error }, 'an effect after commit failed');
  }
}

/**
 * Runs `work` in a transaction whose effects (registered with `afterCommit`/`afterCommitFor` on the transaction it is
 * given) run once it has committed. Returns what `work` returns; a rollback (work threw) runs none of them.
 */
export async function transact<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const effects = new Map<unknown, Registered>();
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, effects);
    return work(trx);
  });
  for (const entry of effects.values()) runOne(entry);
  return result;
}

function register(db: Db, key: unknown, entry: Registered, items: Iterable<unknown> | undefined): void {
  if (!db.isTransaction) {
    runOne(items ? { ...entry, items: new Set(items) } : entry);
    return;
  }
  const effects = pending.get(db as Transaction<Database>);
  // Running it now would announce a write that may yet roll back; not running it would lose it.
  if (!effects) throw new Error('An effect after commit needs a transaction opened with transact().');
  let registered = effects.get(key);
  if (!registered) {
    registered = entry;
    effects.set(key, registered);
  }
  if (items && registered.items) for (const item of items) registered.items.add(item);
}

/** Runs `effect` once `db`'s transaction commits (at once on a plain handle); once however often it is registered. */
export function afterCommit(db: Db, log: EffectLog, effect: () => unknown): void {
  register(db, effect, { log, run: () => effect() }, undefined);
}

/**
 * Gathers `items` for `effect`, which runs once `db`'s transaction commits with every item registered for it in that
 * transaction, each once (at once on a plain handle). With no items gathered it does not run.
 */
export function afterCommitFor<T>(db: Db, log: EffectLog, effect: (items: T[]) => unknown, items: Iterable<T>): void {
  register(db, effect, { log, items: new Set<unknown>(), run: (all) => effect(all as T[]) }, items);
}
