import { expressionBuilder, type Kysely } from 'kysely';
import type { ContentVersionTable, Database } from '../db/schema.js';

export type VersionedTable = ContentVersionTable['name'];

/** Versions a request has already read (the sign-in lookup reads them in its own round trip to the database). */
export type ContentVersions = Partial<Record<VersionedTable, number>>;

/** The table's current version: triggers bump it with every change, in the writer's own transaction. */
async function contentVersion(db: Kysely<Database>, table: VersionedTable): Promise<number> {
  const row = await db
    .selectFrom('content_versions')
    .select('version')
    .where('name', '=', table)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** What attendance figures (the student lists' column, the overview's chart) are counted from. */
export const ATTENDANCE_SOURCES = ['students', 'attendance', 'batch_sessions'] as const;

/** Several tables' current versions as one string, for StampedCache. */
export async function versionStamp(
  db: Kysely<Database>,
  tables: readonly VersionedTable[],
  known?: ContentVersions,
): Promise<string> {
  const versions = await readContentVersions(db, tables, known);
  return tables.map((table) => versions[table]).join('.');
}

/** Several tables' current versions: those the request already read (`known`), else in one read. */
export async function readContentVersions<T extends VersionedTable>(
  db: Kysely<Database>,
  tables: readonly T[],
  known?: ContentVersions,
): Promise<Record<T, number>> {
  if (tables.every((table) => known?.[table] !== undefined)) return known as Record<T, number>;
  const rows = await db
    .selectFrom('content_versions')
    .select(['name', 'version'])
    .where('name', 'in', [...tables])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.version)])) as Record<T, number>;
}

/** The versions as columns of another query, so reading them costs no round trip of its own. */
export function contentVersionColumns() {
  const eb = expressionBuilder<Database, never>();
  const version = (table: VersionedTable) =>
    eb.selectFrom('content_versions').select('version').where('name', '=', table);
  return [
    version('course_sessions').as('version_course_sessions'),
    version('students').as('version_students'),
    version('settings').as('version_settings'),
    version('attendance').as('version_attendance'),
    version('batch_sessions').as('version_batch_sessions'),
  ] as const;
}

/** The versions read by `contentVersionColumns`, from the row they came back in. */
export function contentVersionsOf(row: {
  version_course_sessions: number | null;
  version_students: number | null;
  version_settings: number | null;
  version_attendance: number | null;
  version_batch_sessions: number | null;
}): ContentVersions {
  const read = (value: number | null) => (value === null ? undefined : Number(value));
  return {
    course_sessions: read(row.version_course_sessions),
    students: read(row.version_students),
    settings: read(row.version_settings),
    attendance: read(row.version_attendance),
    batch_sessions: read(row.version_batch_sessions),
  };
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

  /** `known`: versions this request read before it got here; without this table's, the cache reads it itself. */
  async get(key: string, compute: () => Promise<V>, known?: ContentVersions): Promise<{ value: V; version: number }> {
    const version = known?.[this.table] ?? (await contentVersion(this.db, this.table));
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

/**
 * Answers computed from several versioned tables and the clock: each is kept while the versions it was computed from
 * (its stamp, read before computing) stand, and until the instant (ms) time alone would change it.
 */
export class StampedCache<V> {
  private readonly entries = new Map<string, { stamp: string; until: number; value: V }>();

  constructor(private readonly maxEntries = 500) {}

  /** The kept answer for `key` if it was computed at `stamp` and `now` (ms) is before its expiry. */
  get(key: string, stamp: string, now: number): V | undefined {
    const kept = this.entries.get(key);
    return kept && kept.stamp === stamp && now < kept.until ? kept.value : undefined;
  }

  /** `until`: when time alone changes the answer (null: it doesn't). */
  set(key: string, stamp: string, until: number | null, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, until: until ?? Number.POSITIVE_INFINITY, value });
  }
}
