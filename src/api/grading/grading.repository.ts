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

export async function saveGrade(
  db: Db,
  studentProgramId: number,
  grade: { scores: string; score: number; total: number; feedback: string; graded_by: string; graded_at: string },
  releasedAt: string | null,
): Promise<ManualGrade> {
  const row = await db
    .insertInto('manual_grades')
    .values({ student_program_id: studentProgramId, ...grade, released_at: releasedAt })
    .onConflict((oc) =>
      oc.column('student_program_id').doUpdateSet((eb) => ({
        ...grade,
        // Once released a grade stays released: a correction is seen at once.
        released_at: eb.fn.coalesce('manual_grades.released_at', eb.val(releasedAt)),
      })),
    )
    .returning(GRADE_COLUMNS)
    .executeTakeFirstOrThrow();
  return toGrade(row);
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

export async function markReleased(db: Db, studentProgramIds: number[], at: string): Promise<void> {
  if (studentProgramIds.length === 0) return;
  await db
    .updateTable('manual_grades')
    .set({ released_at: at })
    .where('student_program_id', 'in', studentProgramIds)
    .where('released_at', 'is', null)
    .execute();
}
