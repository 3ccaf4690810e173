import type { Kysely } from 'kysely';
import type { ContentVersionTable, Database } from '../db/schema.js';

export type VersionedTable = ContentVersionTable['name'];

/** The table's current version: triggers bump it with every change, in the writer's own transaction. */
async function contentVersion(db: Kysely<Database>, table: VersionedTable): Promise<number> {
  const row = await db.selectFrom('content_versions').select('version').where('name', '=', table).executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Answers computed from one table, kept in this process and reused while that table's version stands still. The
 * version is read before computing, so an answer read while a change commits is filed under the older version and
 * dropped at the next request; a cached answer is never newer-labelled than its data. Every process of the site reads
 * the same version row, so a change made through one process retires the others' copies too.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();
  /** Answers being computed: requests arriving meanwhile wait for the same one instead of computing it again. */
  private readonly computing = new Map<string, Promise<V>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: VersionedTable,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, compute: () => Promise<V>): Promise<{ value: V; version: number }> {
    const version = await contentVersion(this.db, this.table);
    const cached = this.entries.get(key);
    if (cached && cached.version === version) return cached;
    const flight = `${version}\n${key}`;
    let pending = this.computing.get(flight);
    if (!pending) {
      pending = compute().finally(() => this.computing.delete(flight));
      this.computing.set(flight, pending);
    }
    const value = await pending;
    if ((this.entries.get(key)?.version ?? -1) < version) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { version, value });
    }
    return { value, version };
  }
}
