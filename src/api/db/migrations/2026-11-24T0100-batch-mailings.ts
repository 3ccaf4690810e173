import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * Each announcement of a batch's start date and each sending of its meeting link: what was sent (the date or the
 * link), to how many students, and when. A second send of the same thing to the same batch is asked about first
 * (issue 16: 'Send meeting link' twice used to send two identical emails without a word).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const now = isPostgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable('batch_mailings')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('batch_number', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('start_date', 'meeting_link')`))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('recipients', 'integer', (col) => col.notNull())
    .addColumn('sent_at', isPostgres ? 'timestamptz' : 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('batch_mailings_batch_idx')
    .on('batch_mailings')
    .columns(['batch_number', 'kind', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('batch_mailings').execute();
}
