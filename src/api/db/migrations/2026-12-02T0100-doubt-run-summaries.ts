import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.

const COLUMNS = ['run_step', 'run_line', 'run_code_bytes', 'run_stdin_bytes', 'run_files', 'run_files_bytes'] as const;

/** Rows read at once while backfilling: a run is up to 448 KB of JSON. */
const BATCH = 20;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The summary of a stored run, or null for a run this version cannot read (it gets no summary and no button). */
function summary(text: string): Record<(typeof COLUMNS)[number], number> | null {
  let run: unknown;
  try {
    run = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof run !== 'object' || run === null) return null;
  const { code, stdin = '', files = [], step, line } = run as Record<string, unknown>;
  if (typeof code !== 'string' || typeof stdin !== 'string' || !Array.isArray(files)) return null;
  if (!Number.isInteger(step) || !Number.isInteger(line)) return null;
  if (!files.every((file) => typeof (file as { content?: unknown } | null)?.content === 'string')) return null;
  return {
    run_step: step as number,
    run_line: line as number,
    run_code_bytes: utf8Bytes(code),
    run_stdin_bytes: utf8Bytes(stdin),
    run_files: files.length,
    run_files_bytes: files.reduce((sum: number, file: { content: string }) => sum + utf8Bytes(file.content), 0),
  };
}

/**
 * A doubt's run summarised beside it (the step, the line, and the sizes of the code, the input and the files), so
 * the doubt lists read a few numbers instead of every run: 94 doubts asked from Step through made the teacher's
 * list 41 MB. Doubts asked before are summarised here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  for (const column of COLUMNS) await db.schema.alterTable('doubts').addColumn(column, 'integer').execute();
  let after = 0;
  for (;;) {
    const rows: { id: number; trace: string }[] = await db
      .selectFrom('doubts')
      .select(['id', 'trace'])
      .where('trace', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const values = summary(row.trace);
      if (values) await db.updateTable('doubts').set(values).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('doubts').dropColumn(column).execute();
}
