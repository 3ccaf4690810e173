import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed: later changes go in a new migration.

/**
 * The similarity check's result in rows instead of one JSON text (a hostile batch once made it 238 MB, parsed whole
 * on every view): similarity_pairs holds each ranked pair with its fragments, similarity_files the code of each
 * student as it was compared; the run's `result` keeps only who was compared and who was left out. Runs finished
 * before are moved over. `heartbeat_at`: a running check's owner writes it every few seconds, so a run whose process
 * died is known within half a minute, not after the check's whole time limit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = isPostgres ? 'timestamptz' : 'text';
  const id = isPostgres ? 'serial' : 'integer';
  const key = (col: any) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement());

  await db.schema.alterTable('similarity_runs').addColumn('heartbeat_at', instant).execute();
  await db.schema
    .createTable('similarity_pairs')
    .addColumn('id', id, key)
    .addColumn('run_id', 'integer', (col) => col.notNull().references('similarity_runs.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('left_student_id', 'integer', (col) => col.notNull())
    .addColumn('right_student_id', 'integer', (col) => col.notNull())
    .addColumn('similarity', isPostgres ? 'double precision' : 'real', (col) => col.notNull())
    .addColumn('fragment_count', 'integer', (col) => col.notNull())
    .addColumn('fragments', 'text', (col) => col.notNull())
    .addUniqueConstraint('similarity_pairs_run_rank_key', ['run_id', 'rank'])
    .execute();
  await db.schema
    .createTable('similarity_files')
    .addColumn('id', id, key)
    .addColumn('run_id', 'integer', (col) => col.notNull().references('similarity_runs.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addUniqueConstraint('similarity_files_run_student_key', ['run_id', 'student_id'])
    .execute();

  const runs = await db
    .selectFrom('similarity_runs')
    .select(['id', 'result'])
    .where('result', 'is not', null)
    .execute();
  for (const run of runs) {
    const old = JSON.parse(run.result) as {
      students: { student_id: number; code: string; [key: string]: unknown }[];
      left_out: unknown[];
      starter_code_ignored: boolean;
      pairs: {
        rank: number;
        left_student_id: number;
        right_student_id: number;
        similarity: number;
        fragments: number;
        fragment_list: unknown[];
      }[];
    };
    for (const student of old.students)
      await db
        .insertInto('similarity_files')
        .values({ run_id: run.id, student_id: student.student_id, code: student.code })
        .execute();
    for (const pair of old.pairs)
      await db
        .insertInto('similarity_pairs')
        .values({
          run_id: run.id,
          rank: pair.rank,
          left_student_id: pair.left_student_id,
          right_student_id: pair.right_student_id,
          similarity: pair.similarity,
          fragment_count: pair.fragments,
          fragments: JSON.stringify(pair.fragment_list),
        })
        .execute();
    const result = {
      students: old.students.map(({ code: _code, ...student }) => student),
      left_out: old.left_out,
      starter_code_ignored: old.starter_code_ignored,
    };
    await db
      .updateTable('similarity_runs')
      .set({ result: JSON.stringify(result) })
      .where('id', '=', run.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('similarity_files').execute();
  await db.schema.dropTable('similarity_pairs').execute();
  await db.schema.alterTable('similarity_runs').dropColumn('heartbeat_at').execute();
}
