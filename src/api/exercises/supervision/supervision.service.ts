/**
 * The teacher's live supervision of a program: who is where, a student's code as it is now, and comments on its
 * lines (each told to the student, in the site and by mail).
 */
import type { CodeComment, LiveChange, StudentCode, SupervisionRow } from '../../../contracts/exercises/supervision.js';
import { exerciseMessages } from '../../../contracts/exercises/limits.js';
import { dashboardPaths, paths } from '../../../contracts/paths.js';
import { teacherName } from '../../../contracts/site-info.js';
import type { AppDeps } from '../../app-deps.js';
import { transact } from '../../db/after-commit.js';
import type { StudentRow } from '../../db/schema.js';
import { findGrade, parseRubric } from '../../grading/grading.repository.js';
import { AppError } from '../../http/app-error.js';
import { publishChange, watchProgram } from '../../live/supervision-events.js';
import { codeCommentMail } from '../../mail/mail-templates.js';
import type { ExerciseJobs } from '../exercise-jobs.js';
import * as exercises from '../exercises.repository.js';
import { listedComment } from './comment-anchor.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'notifications' | 'live' | 'settings'> & { jobs: ExerciseJobs };

export function createSupervisionService({ db, config, notifications, live, settings, jobs }: Deps) {
  return {
    async supervision(programNumber: number, batch: number | undefined): Promise<SupervisionRow[]> {
      const rows = await exercises.listSupervision(db, programNumber, batch);
      return rows.map(({ grade_score, grade_total, grade_released_at, ...row }) => ({
        ...row,
        submissions: Number(row.submissions ?? 0),
        comments: Number(row.comments ?? 0),
        grade:
          grade_score === null || grade_total === null
            ? null
            : { score: grade_score, total: grade_total, released: grade_released_at !== null },
      }));
    },

    async studentCode(studentProgramId: number): Promise<StudentCode> {
      const row = await exercises.findStudentCode(db, studentProgramId);
      if (!row) throw new AppError('notFound', exerciseMessages.notFound);
      const code = row.draft_code ?? row.solution;
      return {
        student_program_id: row.id,
        program_number: row.program_number,
        task: row.task,
        student: { id: row.student_id, first_name: row.first_name, last_name: row.last_name, email: row.email },
        code: code ?? '',
        source: row.draft_code !== null ? 'draft' : row.solution !== null ? 'solution' : 'none',
        draft_saved_at: row.draft_saved_at,
        last_run_summary: row.last_run_summary,
        comments: await jobs.commentsOf(row.id, code ?? ''),
        submissions: await jobs.submissionsOf(row.id),
        best_score: row.best_score,
        best_total: row.best_total,
        rubric: parseRubric(row.rubric),
        grade: await findGrade(db, row.id),
      };
    },

    /** The teacher's live view of a program (one batch or all): changes as they commit. */
    watchSupervision(programNumber: number, batch: number | undefined) {
      return (send: (changes: LiveChange[]) => void) => watchProgram(live, programNumber, batch, send);
    },

    async addComment(admin: StudentRow, studentProgramId: number, line: number, body: string): Promise<CodeComment> {
      const sp = await exercises.findStudentProgramOwner(db, studentProgramId);
      if (!sp) throw new AppError('notFound', exerciseMessages.notFound);
      const author = teacherName((await settings.current()).instructorName, admin);
      // Anchored to the code the teacher read (the draft, else the solution): it follows its line, or is outdated.
      const code = sp.draft_code ?? sp.solution ?? '';
      const row = await transact(db, async (trx) => {
        const row = await exercises.insertComment(trx, {
          student_program_id: studentProgramId,
          line,
          body,
          author_id: admin.id,
          author_name: author,
          line_text: code.split('\n')[line - 1] ?? '',
          written_on: sp.draft_code !== null ? 'draft' : 'solution',
        });
        // The workspace scrolls to and highlights the comment this anchor names.
        const link = `${paths.dashboard}/${dashboardPaths.myProgs}/${sp.id}#comment-${row.id}`;
        await notifications.notify(
          trx,
          [{ id: sp.student_id, email: sp.email, first_name: sp.first_name }],
          'code_comment',
          {
            title: `A comment on your Program ${sp.program_number}, line ${line}`,
            body: body.length > 200 ? `${body.slice(0, 199)}…` : body,
            link,
            subjectId: sp.id,
          },
          (s) => codeCommentMail(s.email, s.first_name, sp.program_number, line, body, `${config.appUrl}${link}`),
        );
        publishChange(live, trx, sp, 'comment');
        return row;
      });
      return listedComment(row, code);
    },
  };
}
