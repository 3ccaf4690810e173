import { withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/** A program as the teacher's list shows it. */
const adminProgramColumns = ['id', 'program_number', 'task', 'closed_at', 'topic'] as const;

/** A student's program as the API shows it (contracts' StudentProgram); `sp.`-qualified where students are joined. */
const studentProgramColumns = [
  'id',
  'student_id',
  'program_number',
  'task',
  'solution',
  'submitted_at',
  'due_at',
  'best_late',
] as const;

export function listPrograms(db: Db) {
  return db.selectFrom('programs').select(adminProgramColumns).orderBy('program_number').execute();
}

export function findProgram(db: Db, id: number) {
  return db.selectFrom('programs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertProgram(db: Db, program: { program_number: number; task: string }) {
  return db
    .insertInto('programs')
    .values(program)
    .returning(['id', 'program_number', 'task'])
    .executeTakeFirstOrThrow();
}

/** Whether a program was there to delete. */
export async function deleteProgram(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('programs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Closes (at `closedAt`) or reopens (null) a program; undefined when there is no such program. */
export function setProgramClosed(db: Db, id: number, closedAt: string | null) {
  return db
    .updateTable('programs')
    .set({ closed_at: closedAt })
    .where('id', '=', id)
    .returning(adminProgramColumns)
    .executeTakeFirst();
}

export function listStudentsOfBatch(db: Db, batch: number) {
  return db
    .selectFrom('students')
    .select(['id', 'email', 'first_name'])
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .orderBy('id')
    .execute();
}

export function findStudentAccount(db: Db, id: number) {
  return db
    .selectFrom('students')
    .select(['id', 'email', 'first_name', 'student_batch'])
    .where('id', '=', id)
    .where('role', '=', 'student')
    .executeTakeFirst();
}

/** Whether any of these students already has this program. */
export async function anyHasProgram(db: Db, programNumber: number, studentIds: number[]): Promise<boolean> {
  const row = await db
    .selectFrom('student_programs')
    .select('id')
    .where('program_number', '=', programNumber)
    .where('student_id', 'in', studentIds)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertStudentPrograms(
  db: Db,
  rows: { student_id: number; program_number: number; task: string; due_at: string | null }[],
): Promise<{ id: number; student_id: number }[]> {
  return db
    .insertInto('student_programs')
    .values(rows.map((row) => ({ ...row, solution: null, submitted_at: null })))
    .returning(['id', 'student_id'])
    .execute();
}

export async function insertStudentProgram(db: Db, row: { student_id: number; program_number: number; task: string }) {
  const inserted = await db
    .insertInto('student_programs')
    .values({ ...row, solution: null, submitted_at: null })
    .returning([...studentProgramColumns])
    .executeTakeFirstOrThrow();
  return withBooleans(inserted, ['best_late']);
}

export async function listStudentPrograms(db: Db, studentId: number) {
  // `graded` is an EXISTS: 0/1 on SQLite, a boolean on PostgreSQL.
  const rows = await db
    .selectFrom('student_programs')
    // The teacher's grade by hand, once released: the student sees it beside the tests' score.
    .leftJoin('manual_grades as g', (join) =>
      join.onRef('g.student_program_id', '=', 'student_programs.id').on('g.released_at', 'is not', null),
    )
    .select([
      ...studentProgramColumns.map((column) => `student_programs.${column}` as const),
      'student_programs.best_score',
      'student_programs.best_total',
      'g.score as grade_score',
      'g.total as grade_total',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('program_tests as t')
              .innerJoin('programs as p', 'p.id', 't.program_id')
              .select('t.id')
              .whereRef('p.program_number', '=', 'student_programs.program_number'),
          )
          .as('graded'),
    ])
    .where('student_programs.student_id', '=', studentId)
    .orderBy('student_programs.program_number')
    .execute();
  return rows.map((row) => withBooleans(row, ['best_late', 'graded']));
}

/** A student's program with the closing time of the program it was made from. */
export function findStudentProgramState(db: Db, id: number) {
  return db
    .selectFrom('student_programs as sp')
    .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
    .select(['sp.id', 'sp.student_id', 'sp.program_number', 'p.closed_at'])
    .where('sp.id', '=', id)
    .executeTakeFirst();
}

export async function saveSolution(db: Db, id: number, solution: string, submittedAt: string) {
  const saved = await db
    .updateTable('student_programs')
    .set({ solution, submitted_at: submittedAt })
    .where('id', '=', id)
    .returning([...studentProgramColumns])
    .executeTakeFirstOrThrow();
  return withBooleans(saved, ['best_late']);
}

/** Every student's solution to one program, with who they are. */
export async function listProgramSubmissions(db: Db, programNumber: number) {
  const rows = await db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select([
      ...studentProgramColumns.map((column) => `sp.${column}` as const),
      's.email',
      's.first_name',
      's.last_name',
    ])
    .where('sp.program_number', '=', programNumber)
    .orderBy('s.first_name')
    .execute();
  return rows.map((row) => withBooleans(row, ['best_late']));
}
