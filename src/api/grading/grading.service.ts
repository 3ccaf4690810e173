import {
  gradingMessages,
  type ManualGrade,
  formatManualScore,
  type gradeInputSchema,
  rubricTotal,
} from '../../contracts/grading.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import type { z } from 'zod';
import type { AreaDeps } from '../app-deps.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import type { Db, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { gradeReleasedMail } from '../mail/mail-templates.js';
import { publishChange } from '../live/supervision-events.js';
import * as grading from './grading.repository.js';
import { findStudentProgramOwner } from '../exercises/exercises.repository.js';
import { exerciseMessages } from '../../contracts/exercises/limits.js';
import { teacherName } from '../../contracts/site-info.js';

type Released = { id: number; program_number: number; score: number; total: number } & {
  student_id: number;
  email: string;
  first_name: string;
  student_batch: number | null;
};

/**
 * Grading by hand: the teacher grades a student's program against its rubric and releases grades (one, or every
 * unreleased one of a program). A student is told of each grade once, when it is released.
 */
export function createGradingService({ db, clock, notifications, live, config, settings }: AreaDeps) {
  async function tellReleased(trx: Db, rows: Released[]): Promise<void> {
    for (const row of rows) {
      const link = `${paths.dashboard}/${dashboardPaths.myProgs}/${row.id}`;
      const score = formatManualScore({ ...row, released: true }, false);
      await notifications.notify(
        trx,
        [{ id: row.student_id, email: row.email, first_name: row.first_name }],
        'grade_released',
        {
          title: `Your Program ${row.program_number} is graded: ${score}`,
          body: 'Open it to read the rubric.',
          link,
          subjectId: row.id,
        },
        (s) => gradeReleasedMail(s.email, s.first_name, row.program_number, score, `${config.appUrl}${link}`),
      );
      publishChange(live, trx, row, 'grade');
    }
  }

  return {
    async save(admin: StudentRow, studentProgramId: number, input: z.output<typeof gradeInputSchema>) {
      const target = await findStudentProgramOwner(db, studentProgramId);
      if (!target) throw new AppError('notFound', exerciseMessages.noSuchStudentProgram);
      const rubric = grading.parseRubric(target.rubric);
      if (rubric.length === 0 || input.scores.length !== rubric.length)
        throw new AppError('validation', gradingMessages.scoresCount(rubric.length));
      const over = rubric.findIndex((criterion, index) => input.scores[index]! > criterion.points);
      if (over >= 0)
        throw new AppError('validation', gradingMessages.overMax(rubric[over]!.title, rubric[over]!.points));
      const scores = rubric.map((criterion, index) => ({
        title: criterion.title,
        max: criterion.points,
        points: input.scores[index]!,
      }));
      const at = nowIso(clock());
      const gradedBy = teacherName((await settings.current()).instructorName, admin);
      return transact(db, async (trx): Promise<ManualGrade> => {
        await grading.saveGrade(trx, studentProgramId, {
          scores: JSON.stringify(scores),
          score: scores.reduce((sum, s) => sum + s.points, 0),
          total: rubricTotal(rubric),
          feedback: input.feedback,
          graded_by: gradedBy,
          graded_at: at,
        });
        // Only the call whose update released it tells the student (two "Save and release" at once tell once).
        const released = input.release && (await grading.markReleased(trx, [studentProgramId], at)).size > 0;
        const grade = (await grading.findGrade(trx, studentProgramId))!;
        if (released) await tellReleased(trx, [{ ...target, ...grade }]);
        // A correction of a released grade shows at once in the student's open editor (told once, at release).
        else if (grade.released_at) publishChange(live, trx, target, 'grade');
        return grade;
      });
    },

    /** Releases every unreleased grade of a program (in one batch, or all); how many were released. */
    async releaseAll(programNumber: number, batch: number | undefined): Promise<{ released: number }> {
      return transact(db, async (trx) => {
        const rows = await grading.listUnreleased(trx, programNumber, batch);
        // A release running beside this one may have taken some (or all) of them: tell only those this one released.
        const released = await grading.markReleased(
          trx,
          rows.map((row) => row.id),
          nowIso(clock()),
        );
        if (released.size === 0) throw new AppError('conflict', gradingMessages.noneToRelease);
        await tellReleased(
          trx,
          rows.filter((row) => released.has(row.id)),
        );
        return { released: released.size };
      });
    },
  };
}
