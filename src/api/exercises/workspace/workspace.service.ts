/**
 * The student's workspace on one of their programs: what the page shows, the draft, Run, Step through, Submit and
 * its history. Compiling and running go to the grader, one job per person at a time.
 */
import { isLate } from '../../../contracts/course-content.js';
import { exerciseMessages, isExample } from '../../../contracts/exercises/limits.js';
import type { ProgramFile } from '../../../contracts/exercises/program-input.js';
import type { GradeResult, RunResult } from '../../../contracts/exercises/results.js';
import type { LiveChange } from '../../../contracts/exercises/supervision.js';
import type { Workspace } from '../../../contracts/exercises/workspace.js';
import { penalisedScore, penaltyPercent, triesBefore } from '../../../contracts/penalty-regime.js';
import { timedMessages, timedState } from '../../../contracts/timed-work.js';
import type { AppDeps } from '../../app-deps.js';
import { transact } from '../../db/after-commit.js';
import { nowIso } from '../../db/clock.js';
import type { Db, StudentRow } from '../../db/schema.js';
import type { TraceAnswer } from '../../grader/trace/trace-answer.js';
import { findGrade, parseRubric } from '../../grading/grading.repository.js';
import { AppError } from '../../http/app-error.js';
import { publishChange, watchStudentProgram } from '../../live/supervision-events.js';
import { submissionMail } from '../../mail/mail-templates.js';
import { personName, submissionNotice, teacherLinks } from '../../notifications/notifications.service.js';
import { windowOf } from '../../timed-work/timed-window.js';
import { type ExerciseJobs, gradeOptionsOf } from '../exercise-jobs.js';
import * as exercises from '../exercises.repository.js';

type Deps = Pick<AppDeps, 'db' | 'grader' | 'clock' | 'config' | 'notifications' | 'live'> & { jobs: ExerciseJobs };

/** What a student gives Run and Step through. */
interface RunRequest {
  code: string;
  stdin: string;
  files: ProgramFile[];
  args?: string[];
}

/**
 * A program with a penalty regime (from CodeRunner): each try after the first counts for less, as on Moodle. A
 * submission of the same code as the one before it is the same try again.
 */
function withPenalty(result: GradeResult, regime: string, previousTries: number): GradeResult {
  if (!regime || previousTries === 0) return result;
  const percent = penaltyPercent(regime, previousTries);
  return {
    ...result,
    score: penalisedScore(result.score, percent),
    penalty: { try: previousTries + 1, percent, score_before: result.score },
  };
}

/** The score, and what stopped the first test a problem stopped (as the student read it). */
function submissionSummary(result: GradeResult): string {
  const stopped = result.tests.find((test) => test.verdict !== 'passed' && test.line !== null && test.message);
  return `Submitted: ${result.score}/${result.total}${stopped ? ` — ${stopped.message}` : ''}`;
}

function runSummary(result: RunResult): string {
  if (!result.compile.ok)
    return `Run: did not compile (${result.compile.diagnostics.filter((d) => d.severity === 'error').length || 1} error(s))`;
  const run = result.run!;
  if (run.status === 'ok')
    return `Run: finished in ${run.time_ms} ms${run.warnings.length ? ` — ${run.warnings.join(' ')}` : ''}`;
  // What the student read, so the teacher watching reads the same (a memory error at its line, say).
  return `Run: ${run.status.replace('_', ' ')}${run.problem && run.message ? ` — ${run.message}` : ''}`;
}

export function createWorkspaceService({ db, grader, clock, config, notifications, live, jobs }: Deps) {
  /** Once `at`'s transaction commits (at once on a plain handle), the live streams hear of the change. */
  const changed = (
    at: Db,
    student: StudentRow,
    sp: { id: number; program_number: number },
    kind: LiveChange['kind'],
  ): void => publishChange(live, at, { ...sp, student_batch: student.student_batch }, kind);

  return {
    async workspace(student: StudentRow, studentProgramId: number): Promise<Workspace> {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      const timing = await windowOf(db, sp.id);
      // Timed work keeps its task and examples to itself until it opens.
      const waiting = timing !== null && timedState(timing, clock().getTime()) === 'waiting';
      const tests = sp.program_id ? await jobs.testsOf(sp.program_id) : [];
      const grade = await findGrade(db, sp.id);
      return {
        id: sp.id,
        program_number: sp.program_number,
        task: waiting ? timedMessages.hiddenTask : sp.task,
        starter_code: waiting ? '' : (sp.starter_code ?? ''),
        draft_code: sp.draft_code,
        draft_saved_at: sp.draft_saved_at,
        solution: sp.solution,
        closed: sp.closed_at !== null && sp.closed_at !== undefined,
        visible_tests: waiting
          ? []
          : tests.filter(isExample).map(({ visible: _v, shown: _s, hide_rest_if_fail: _h, ...test }) => test),
        hidden_tests: tests.filter((t) => waiting || !isExample(t)).length,
        total_points: tests.reduce((sum, t) => sum + t.points, 0),
        no_leaks: sp.no_leaks,
        penalty_regime: exercises.readCoderunner(sp.coderunner)?.penalty_regime ?? '',
        best_score: sp.best_score,
        due_at: sp.due_at,
        best_late: sp.best_late,
        comments: await jobs.commentsOf(sp.id, sp.draft_code ?? sp.solution ?? ''),
        submissions: await jobs.submissionsOf(sp.id),
        // The criteria can say what the task is: they too wait for the opening.
        rubric: waiting ? [] : parseRubric(sp.rubric),
        grade: grade?.released_at ? grade : null,
        timing,
        now: nowIso(clock()),
      };
    },

    async saveDraft(student: StudentRow, studentProgramId: number, code: string): Promise<{ saved_at: string }> {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      const savedAt = nowIso(clock());
      await exercises.saveDraft(db, sp.id, code, savedAt);
      changed(db, student, sp, 'draft');
      return { saved_at: savedAt };
    },

    async run(
      student: StudentRow,
      studentProgramId: number,
      { code, stdin, files, args = [] }: RunRequest,
    ): Promise<RunResult> {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      const examples = await jobs.examplesOf(sp.program_id);
      return jobs.exclusive(student.id, async () => {
        const result = await grader.run(student.id, code, stdin, files, examples[0]?.test_code ?? '', args);
        const at = nowIso(clock());
        await exercises.recordRun(db, sp.id, code, at, runSummary(result));
        changed(db, student, sp, 'run');
        if (examples.length === 0 || !result.compile.ok) return result;
        // What Run alone cannot show for functions: whether each example the student can see passes, as Submit
        // would judge it (nothing is recorded of it).
        const graded = await grader.grade(student.id, code, examples, gradeOptionsOf(sp));
        return { ...result, examples: graded.tests };
      });
    },

    /**
     * Step through: the student's program run as Run runs it, recorded; their draft is not changed by it. A function
     * exercise has no main of the student's: its functions are called with the first visible example's code.
     */
    async trace(
      student: StudentRow,
      studentProgramId: number,
      { code, stdin, files, args = [] }: RunRequest,
    ): Promise<TraceAnswer> {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      const testCode = (await jobs.examplesOf(sp.program_id))[0]?.test_code ?? '';
      return jobs.exclusive(student.id, () => grader.trace(student.id, code, stdin, files, testCode, args));
    },

    /** The teacher steps through any code (a student's they are reading, or their own demonstration). */
    async adminTrace({ code, stdin, files, args = [] }: RunRequest) {
      return grader.trace('admin', code, stdin, files, '', args);
    },

    async submit(student: StudentRow, studentProgramId: number, code: string) {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      if (sp.closed_at) throw new AppError('conflict', exerciseMessages.closed);
      const tests = sp.program_id ? await jobs.testsOf(sp.program_id) : [];
      if (tests.length === 0) throw new AppError('validation', exerciseMessages.noTests);
      // Handed in now: late or not by this moment, not by when the grader (queued behind the class) finishes.
      const at = nowIso(clock());
      // After the deadline a submission is still graded, and marked late.
      const late = isLate(sp.due_at, at);
      return jobs.exclusive(student.id, async () => {
        const result = withPenalty(
          await grader.grade(student.id, code, tests, gradeOptionsOf(sp)),
          exercises.readCoderunner(sp.coderunner)?.penalty_regime ?? '',
          triesBefore(await exercises.submittedCode(db, sp.id), code),
        );
        const status = result.compile.ok ? ('graded' as const) : ('compile_error' as const);
        const id = await transact(db, async (trx) => {
          const summary = status === 'graded' ? `Score ${result.score}/${result.total}.` : 'The code did not compile.';
          const inserted = await exercises.insertSubmission(trx, {
            student_program_id: sp.id,
            code,
            status,
            score: result.score,
            total: result.total,
            result: JSON.stringify(result),
            late,
          });
          await exercises.recordSubmission(trx, sp.id, {
            code,
            at,
            summary: status === 'graded' ? submissionSummary(result) : 'Submitted: did not compile',
            score: result.score,
            total: result.total,
            late,
          });
          await notifications.notify(
            trx,
            await notifications.teachers(trx),
            'submission',
            submissionNotice(student, sp.program_number, sp.id, summary),
            (t) =>
              submissionMail(
                t.email,
                personName(student),
                `${personName(student)} submitted Program ${sp.program_number}: ${summary}`,
                `${config.appUrl}${teacherLinks.studentWork(student.id)}`,
              ),
          );
          changed(trx, student, sp, 'submission');
          return inserted;
        });
        return { id, created_at: at, status, score: result.score, total: result.total, late, code, result };
      });
    },

    async submission(student: StudentRow, studentProgramId: number, submissionId: number) {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      const row = await exercises.findSubmission(db, sp.id, submissionId);
      if (!row) throw new AppError('notFound', 'No such submission.');
      return {
        id: row.id,
        created_at: row.created_at,
        status: row.status,
        score: row.score,
        total: row.total,
        late: row.late,
        code: row.code,
        result: JSON.parse(row.result) as GradeResult,
      };
    },

    /** The student's own program, live: comments as the teacher adds them. 404 for anyone else's. */
    async watchOwnProgram(student: StudentRow, studentProgramId: number) {
      const sp = await jobs.ownStudentProgram(student, studentProgramId);
      return (send: (changes: LiveChange[]) => void) => watchStudentProgram(live, sp.id, send);
    },
  };
}
