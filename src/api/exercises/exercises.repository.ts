import { sql } from 'kysely';
import { z } from 'zod';
import { type CoderunnerGrading, coderunnerGradingSchema, type TestCase } from '../../contracts/exercises/authoring.js';
import { programFileSchema } from '../../contracts/exercises/program-input.js';
import { type CommentSource } from '../../contracts/exercises/supervision.js';
import type { RubricCriterion } from '../../contracts/grading.js';
import { flag, withBooleans } from '../db/flags.js';
import { readJsonList } from '../db/json-list.js';
import type { Db } from '../db/schema.js';

/** A program's CodeRunner grading as stored (JSON), or null: none, or a row this release cannot read. */
export function readCoderunner(text: string | null | undefined): CoderunnerGrading | null {
  if (!text) return null;
  try {
    const parsed = coderunnerGradingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function findProgram(db: Db, programId: number) {
  const row = await db.selectFrom('programs').selectAll().where('id', '=', programId).executeTakeFirst();
  return row && withBooleans(row, ['no_leaks']);
}

export async function listTests(db: Db, programId: number) {
  const rows = await db
    .selectFrom('program_tests')
    .selectAll()
    .where('program_id', '=', programId)
    .orderBy('position')
    .execute();
  return rows.map((row): TestCase => ({
    stdin: row.stdin,
    expected_output: row.expected_output,
    visible: row.visible === 1,
    shown: row.shown,
    hide_rest_if_fail: row.hide_rest_if_fail === 1,
    points: row.points,
    checker: row.checker,
    tolerance: Number(row.tolerance),
    args: readJsonList(row.args, z.string()),
    files: readJsonList(row.files, programFileSchema),
    expected_files: readJsonList(row.expected_files, programFileSchema),
    test_code: row.test_code,
  }));
}

/** Replaces a program's starter code and test cases. */
export interface SavedExercise {
  starter_code: string;
  /** Left as they are when undefined. */
  tests?: TestCase[];
  no_leaks: boolean;
  checker_code: string;
  /** Left as it is when undefined. */
  reference_solution?: string;
  topic?: string;
  /** Left as it is when undefined. */
  rubric?: RubricCriterion[];
  /** Left as it is when undefined. */
  coderunner?: CoderunnerGrading | null;
}

export async function saveExercise(db: Db, programId: number, exercise: SavedExercise): Promise<void> {
  const { tests } = exercise;
  await db
    .updateTable('programs')
    .set({
      starter_code: exercise.starter_code || null,
      no_leaks: flag(exercise.no_leaks),
      checker_code: exercise.checker_code || null,
      ...(exercise.topic === undefined ? {} : { topic: exercise.topic || null }),
      ...(exercise.rubric === undefined ? {} : { rubric: JSON.stringify(exercise.rubric) }),
      ...(exercise.coderunner === undefined
        ? {}
        : { coderunner: exercise.coderunner ? JSON.stringify(exercise.coderunner) : null }),
      ...(exercise.reference_solution === undefined ? {} : { reference_solution: exercise.reference_solution || null }),
    })
    .where('id', '=', programId)
    .execute();
  if (tests === undefined) return;
  await db.deleteFrom('program_tests').where('program_id', '=', programId).execute();
  if (tests.length > 0) {
    await db
      .insertInto('program_tests')
      .values(
        tests.map((test, position) => ({
          program_id: programId,
          position,
          stdin: test.stdin,
          expected_output: test.expected_output,
          visible: flag(test.visible),
          shown: test.shown,
          hide_rest_if_fail: flag(test.hide_rest_if_fail),
          points: test.points,
          checker: test.checker,
          tolerance: test.tolerance,
          args: JSON.stringify(test.args),
          files: JSON.stringify(test.files),
          expected_files: JSON.stringify(test.expected_files),
          test_code: test.test_code,
        })),
      )
      .execute();
  }
}

/** A student's program (by student_programs.id) with the program it was made from. */
export async function findStudentProgram(db: Db, studentProgramId: number) {
  const row = await db
    .selectFrom('student_programs as sp')
    .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
    .select([
      'sp.id',
      'sp.student_id',
      'sp.program_number',
      'sp.task',
      'sp.solution',
      'sp.draft_code',
      'sp.draft_saved_at',
      'sp.best_score',
      'sp.due_at',
      'sp.best_late',
      'p.id as program_id',
      'p.starter_code',
      'p.no_leaks',
      'p.closed_at',
      'p.checker_code',
      'p.rubric',
      'p.coderunner',
    ])
    .where('sp.id', '=', studentProgramId)
    .executeTakeFirst();
  return row && withBooleans(row, ['best_late', 'no_leaks']);
}

/**
 * A student program with whose it is (to tell them of a comment or a grade) and its program's rubric; undefined if
 * there is none.
 */
export function findStudentProgramOwner(db: Db, studentProgramId: number) {
  return db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
    .select([
      'sp.id',
      'sp.program_number',
      's.id as student_id',
      's.email',
      's.first_name',
      's.student_batch',
      'p.rubric',
      'sp.draft_code',
      'sp.solution',
    ])
    .where('sp.id', '=', studentProgramId)
    .executeTakeFirst();
}

export function listComments(db: Db, studentProgramId: number) {
  return db
    .selectFrom('code_comments')
    .select(['id', 'line', 'body', 'author_name', 'created_at', 'line_text', 'written_on'])
    .where('student_program_id', '=', studentProgramId)
    .orderBy('id')
    .execute();
}

export function insertComment(
  db: Db,
  comment: {
    student_program_id: number;
    line: number;
    body: string;
    author_id: number;
    author_name: string;
    line_text: string;
    written_on: CommentSource;
  },
) {
  return db
    .insertInto('code_comments')
    .values(comment)
    .returning(['id', 'line', 'body', 'author_name', 'created_at', 'line_text', 'written_on'])
    .executeTakeFirstOrThrow();
}

export async function listSubmissions(db: Db, studentProgramId: number) {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'created_at', 'status', 'score', 'total', 'late'])
    .where('student_program_id', '=', studentProgramId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => withBooleans(row, ['late']));
}

/** The code of every submission of a student's program, oldest first (a penalty regime counts the tries). */
export async function submittedCode(db: Db, studentProgramId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('submissions')
    .select('code')
    .where('student_program_id', '=', studentProgramId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.code);
}

export async function findSubmission(db: Db, studentProgramId: number, submissionId: number) {
  const row = await db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', submissionId)
    .where('student_program_id', '=', studentProgramId)
    .executeTakeFirst();
  return row && withBooleans(row, ['late']);
}

export async function saveDraft(db: Db, studentProgramId: number, code: string, savedAt: string): Promise<void> {
  await db
    .updateTable('student_programs')
    .set({ draft_code: code, draft_saved_at: savedAt })
    .where('id', '=', studentProgramId)
    .execute();
}

/** A Run keeps the code as the draft and says how the run went. */
export async function recordRun(
  db: Db,
  studentProgramId: number,
  code: string,
  at: string,
  summary: string,
): Promise<void> {
  await db
    .updateTable('student_programs')
    .set({ draft_code: code, draft_saved_at: at, last_run_at: at, last_run_summary: summary })
    .where('id', '=', studentProgramId)
    .execute();
}

export async function insertSubmission(
  db: Db,
  submission: {
    student_program_id: number;
    code: string;
    status: 'graded' | 'compile_error';
    score: number;
    total: number;
    result: string;
    late: boolean;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('submissions')
    .values({ ...submission, late: flag(submission.late) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A submission becomes the solution and the draft; the best score only ever goes up. */
export async function recordSubmission(
  db: Db,
  studentProgramId: number,
  submission: { code: string; at: string; summary: string; score: number; total: number; late: boolean },
): Promise<void> {
  const { code, at, summary, score, total } = submission;
  const late = flag(submission.late);
  await db
    .updateTable('student_programs')
    .set({
      solution: code,
      submitted_at: at,
      draft_code: code,
      draft_saved_at: at,
      last_run_at: at,
      last_run_summary: summary,
      best_score: sql<number>`case when best_score is null or best_score < ${score} then ${score} else best_score end`,
      // Both cases read the row as it was: the run that raises the best score decides whether it was late.
      best_late: sql<number>`case when best_score is null or best_score < ${score} then ${late} else best_late end`,
      best_total: total,
    })
    .where('id', '=', studentProgramId)
    .execute();
}

/** Who is where on a program: each student's latest activity and counts of submissions and comments. */
export function listSupervision(db: Db, programNumber: number, batch: number | undefined) {
  let query = db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .leftJoin('manual_grades as g', 'g.student_program_id', 'sp.id')
    .select((eb) => [
      'sp.id as student_program_id',
      's.id as student_id',
      's.first_name',
      's.last_name',
      's.email',
      'sp.draft_saved_at',
      'sp.last_run_at',
      'sp.last_run_summary',
      'sp.best_score',
      'sp.best_total',
      'sp.extra_minutes',
      'g.score as grade_score',
      'g.total as grade_total',
      'g.released_at as grade_released_at',
      eb
        .selectFrom('submissions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('submissions.student_program_id', '=', 'sp.id')
        .as('submissions'),
      eb
        .selectFrom('code_comments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('code_comments.student_program_id', '=', 'sp.id')
        .as('comments'),
    ])
    .where('sp.program_number', '=', programNumber);
  if (batch !== undefined) query = query.where('s.student_batch', '=', batch);
  return query.orderBy('s.first_name').orderBy('s.id').limit(500).execute();
}

/** A student's program with its student, for the teacher. */
export function findStudentCode(db: Db, studentProgramId: number) {
  return db
    .selectFrom('student_programs as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .leftJoin('programs as p', 'p.program_number', 'sp.program_number')
    .select([
      'sp.id',
      'sp.program_number',
      'sp.task',
      'sp.draft_code',
      'sp.solution',
      'sp.draft_saved_at',
      'sp.last_run_summary',
      'sp.best_score',
      'sp.best_total',
      'p.rubric',
      's.id as student_id',
      's.first_name',
      's.last_name',
      's.email',
    ])
    .where('sp.id', '=', studentProgramId)
    .executeTakeFirst();
}

/** A new program of an import, numbered after the highest there is. */
export async function insertImportedProgram(db: Db, task: string) {
  const highest = await db
    .selectFrom('programs')
    .select((eb) => eb.fn.max('program_number').as('top'))
    .executeTakeFirst();
  return db
    .insertInto('programs')
    .values({ program_number: Number(highest?.top ?? 0) + 1, task })
    .returning(['id', 'program_number', 'task'])
    .executeTakeFirstOrThrow();
}
