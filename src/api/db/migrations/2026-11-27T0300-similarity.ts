import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * The similarity check of a program across a batch (issue 20): one kept run per program number and batch, replaced
 * by the next run. The row holds the run's state and progress (written by the process whose worker thread runs the
 * analysis, read by any process), and, once done, the result as JSON: the ranked pairs with their fragments and a
 * snapshot of the code compared, so the side-by-side view shows what was compared after students hand in again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const id = isPostgres ? 'serial' : 'integer';

  await db.schema
    .createTable('similarity_runs')
    .addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('program_number', 'integer', (col) => col.notNull())
    .addColumn('batch_number', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('phase', 'text', (col) => col.notNull())
    .addColumn('progress_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', instant, (col) => col.notNull())
    .addColumn('finished_at', instant)
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addUniqueConstraint('similarity_runs_program_batch_key', ['program_number', 'batch_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('similarity_runs').execute();
}
