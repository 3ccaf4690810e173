import {
  criterionScoreSchema,
  type ManualGrade,
  type RubricCriterion,
  rubricCriterionSchema,
} from '../../contracts/grading.js';
import { readJsonList } from '../db/json-list.js';
import type { Db } from '../db/schema.js';

const GRADE_COLUMNS = ['scores', 'score', 'total', 'feedback', 'graded_by', 'graded_at', 'released_at'] as const;

export const parseRubric = (json: string | null): RubricCriterion[] => readJsonList(json, rubricCriterionSchema);

type GradeRow = {
  scores: string;
  score: number;
  total: number;
  feedback: string;
  graded_by: string;
  graded_at: string;
  released_at: string | null;
};
const toGrade = (row: GradeRow): ManualGrade => ({ ...row, scores: readJsonList(row.scores, criterionScoreSchema) });

export async function findGrade(db: Db, studentProgramId: number): Promise<ManualGrade | null> {
  const row = await db
    .selectFrom('manual_grades')
    .select(GRADE_COLUMNS)
    .where('student_program_id', '=', studentProgramId)
    .executeTakeFirst();
  return row ? toGrade(row) : null;
}

/** Writes the grade; a released grade stays released (a correction is seen at once). Releasing is `markReleased`. */
export async function saveGrade(
  db: Db,
  studentProgramId: number,
  grade: { scores: string; score: number; total: number; feedback: string; graded_by: string; graded_at: string },
): Promise<void> {
  await db
    .insertInto('manual_grades')
    .values({ student_program_id: studentProgramId, ...grade, released_at: null })
    .onConflict((oc) => oc.column('student_program_id').doUpdateSet(grade))
    .execute();
}

/** The unreleased grades of a program (in one batch, or all), with whose they are. */
export function listUnreleased(db: Db, programNumber: number, batch: number | undefined) {
  let query = db
    .selectFrom('manual_grades as g')
    .innerJoin('student_programs as sp', 'sp.id', 'g.student_program_id')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select([
      'sp.id',
      'sp.program_number',
      'g.score',
      'g.total',
      's.id as student_id',
      's.email',
      's.first_name',
      's.student_batch',
    ])
    .where('sp.program_number', '=', programNumber)
    .where('g.released_at', 'is', null);
  if (batch !== undefined) query = query.where('s.student_batch', '=', batch);
  return query.orderBy('sp.id').execute();
}

/**
 * Releases the grades among these that are not released yet, and says which this call released. The condition on
 * `released_at` is the lock: two releases at once (two processes on PostgreSQL) each update a row only if the other
 * has not, because the second waits for the first's row lock and then finds the row released. So a student is told
 * of a grade by exactly one release.
 */
export async function markReleased(db: Db, studentProgramIds: number[], at: string): Promise<Set<number>> {
  if (studentProgramIds.length === 0) return new Set();
  const rows = await db
    .updateTable('manual_grades')
    .set({ released_at: at })
    .where('student_program_id', 'in', studentProgramIds)
    .where('released_at', 'is', null)
    .returning('student_program_id')
    .execute();
  return new Set(rows.map((row) => row.student_program_id));
}
