/**
 * The C exercises: test cases the admin sets, the student's workspace (draft, Run, Submit, history), and the
 * teacher's supervision and comments. Compiling and running go to the grader; one job per person at a time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { transact } from '../db/after-commit.js';
import {
  type CodeComment,
  type Exercise,
  exerciseMessages,
  BANK_FORMAT,
  type BankFile,
  type GradeResult,
  type ImportInput,
  type ImportResult,
  type ProgramFile,
  type LiveChange,
  type RunResult,
  type StudentCode,
  type SubmissionSummary,
  type SupervisionRow,
  type TestCase,
  type Workspace,
  isExample,
} from '../../contracts/exercises.js';
import { penalisedScore, penaltyPercent, triesBefore } from '../../contracts/penalty-regime.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { isLate } from '../../contracts/course-content.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import { nowIso } from '../db/clock.js';
import type { Database, Db, StudentRow } from '../db/schema.js';
import { type GradeOptions, GraderUnavailableError, type Grader } from '../grader/grader.js';
import { AppError } from '../http/app-error.js';
import type { CounterStore } from '../common/counters.js';
import { codeCommentMail, submissionMail } from '../mail/mail-templates.js';
import {
  type NotificationsService,
  personName,
  submissionNotice,
  teacherLinks,
} from '../notifications/notifications.service.js';
import type { LiveBus } from '../live/live-bus.js';
import { publishChange, watchProgram, watchStudentProgram } from '../live/supervision-events.js';
import * as exercises from './exercises.repository.js';
import { findGrade, parseRubric } from '../grading/grading.repository.js';
import { windowOf } from '../timed-work/timed-window.js';
import { timedMessages, timedState } from '../../contracts/timed-work.js';
import type { TraceAnswer } from '../grader/trace/trace-answer.js';
import type { ImportReader } from './import-reader.js';
import type { SettingsService } from '../settings/settings.service.js';
import { teacherName } from '../../contracts/site-info.js';
import { listedComment } from './comment-anchor.js';

interface Deps {
  db: Kysely<Database>;
  grader: Grader;
  /** Shared by every process, so "one job at a time" holds whichever process a request reaches. */
  counters: CounterStore;
  /** The time now (tests pass their own), for late submissions. */
  clock?: Clock;
  config: Pick<Config, 'appUrl'>;
  notifications: NotificationsService;
  /** Tells open supervision streams (the teacher's, the student's) of each change, after it commits. */
  live: LiveBus;
  /** The course time zone, to say when a timed program opens or closed. */
  /** Reads import files off the server's thread. */
  importReader: ImportReader;
  /** The instructor's name (Site Settings) signs the teacher's comments. */
  settings: Pick<SettingsService, 'current'>;
}

/** A job slot is given back when its job ends, or after this long if the process holding it died. */
const JOB_LEASE_MS = 2 * 60_000;

export function createExercisesService({
  db,
  grader,
  counters,
  config,
  notifications,
  live,
  importReader,
  settings,
  clock = systemClock,
}: Deps) {
  /** Once `at`'s transaction commits (at once on a plain handle), the live streams hear of the change. */
  const changed = (
    at: Db,
    student: StudentRow,
    sp: { id: number; program_number: number },
    kind: LiveChange['kind'],
  ): void => publishChange(live, at, { ...sp, student_batch: student.student_batch }, kind);

  async function exclusive<T>(accountId: number, job: () => Promise<T>): Promise<T> {
    const slot = `grader-job:${accountId}`;
    // The first hit in the lease window holds the slot; a second at once is refused.
    if ((await counters.hit(slot, JOB_LEASE_MS)).count > 1)
      throw new AppError('tooManyRequests', exerciseMessages.busy);
    try {
      return await job();
    } catch (error) {
      if (error instanceof GraderUnavailableError) throw new AppError('unavailable', exerciseMessages.graderDown);
      throw error;
    } finally {
      await counters.clear(slot);
    }
  }

  /** A CodeRunner question's template and "all or nothing", as the grader takes them; nothing for the site's own. */
  function coderunnerOptions(
    stored: string | null | undefined,
  ): Pick<GradeOptions, 'template' | 'allOrNothing' | 'templateGrader'> {
    const grading = exercises.readCoderunner(stored);
    if (!grading) return {};
    const { template, combinator, parameters, hoist } = grading;
    return {
      template: { template, combinator, parameters, hoist, markScale: grading.mark_scale },
      allOrNothing: grading.all_or_nothing,
      templateGrader: grading.template_grader,
    };
  }

  /** How a student's program is graded: its leak rule, its checker program and any CodeRunner template. */
  function gradeOptionsOf(sp: {
    no_leaks: boolean;
    checker_code: string | null;
    coderunner: string | null | undefined;
  }): GradeOptions {
    return { noLeaks: sp.no_leaks, checkerCode: sp.checker_code ?? '', ...coderunnerOptions(sp.coderunner) };
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

  async function programOrFail(programId: number) {
    const program = await exercises.findProgram(db, programId);
    if (!program) throw new AppError('notFound', exerciseMessages.notFound);
    return program;
  }

  function testsOf(programId: number): Promise<TestCase[]> {
    return exercises.listTests(db, programId);
  }

  /** A function exercise's visible examples: tests students see that call their functions (none: a whole program). */
  async function examplesOf(programId: number | null): Promise<TestCase[]> {
    const tests = programId ? await testsOf(programId) : [];
    return tests.filter(isExample).filter((test) => test.test_code.trim() !== '');
  }

  /**
   * A function exercise has no main of the student's: Run and Step through call their functions with the first
   * visible example's code ('' for a whole program).
   */
  async function firstExampleCode(programId: number | null): Promise<string> {
    return (await examplesOf(programId))[0]?.test_code ?? '';
  }

  /** The student's own program (by student_programs.id) with the program it was made from, or 404. */
  async function ownStudentProgram(student: StudentRow, studentProgramId: number) {
    const row = await exercises.findStudentProgram(db, studentProgramId);
    if (!row || row.student_id !== student.id) throw new AppError('notFound', exerciseMessages.notFound);
    return row;
  }

  /** A program's comments, each placed on its line in `code` (the draft or solution as it is now), or outdated. */
  async function commentsOf(studentProgramId: number, code: string): Promise<CodeComment[]> {
    const rows = await exercises.listComments(db, studentProgramId);
    return rows.map((row) => listedComment(row, code));
  }

  async function submissionsOf(studentProgramId: number): Promise<SubmissionSummary[]> {
    return exercises.listSubmissions(db, studentProgramId);
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

  return {
    async exercise(programId: number): Promise<Exercise> {
      const program = await programOrFail(programId);
      return {
        program_id: program.id,
        program_number: program.program_number,
        task: program.task,
        starter_code: program.starter_code ?? '',
        tests: await testsOf(program.id),
        no_leaks: program.no_leaks,
        checker_code: program.checker_code ?? '',
        reference_solution: program.reference_solution ?? '',
        topic: program.topic ?? '',
        rubric: parseRubric(program.rubric),
        coderunner: exercises.readCoderunner(program.coderunner),
      };
    },

    async saveExercise(programId: number, input: exercises.SavedExercise): Promise<Exercise> {
      const program = await programOrFail(programId);
      // The tests kept (none sent) may be checked by the checker program: it must stay.
      const kept = input.tests ?? (await testsOf(program.id));
      if (kept.some((test) => test.checker === 'program') && !input.checker_code.trim())
        throw new AppError('validation', exerciseMessages.checkerProgramMissing);
      // A checker program that does not compile, or gives no verdict, would leave students' tests unchecked.
      const checked = kept.findIndex((test) => test.checker === 'program');
      if (checked >= 0) {
        const reference = input.reference_solution ?? program.reference_solution ?? '';
        const problem = await grader.tryChecker('admin', input.checker_code, kept[checked]!, checked + 1, reference);
        if (problem) throw new AppError('validation', problem);
      }
      await transact(db, (trx) => exercises.saveExercise(trx, program.id, input));
      return this.exercise(program.id);
    },

    /** One program with its tests, as a bank file another course (or this one) can import. */
    async exportExercise(programId: number): Promise<BankFile> {
      const exercise = await this.exercise(programId);
      return {
        format: BANK_FORMAT,
        version: 1,
        programs: [
          {
            task: exercise.task,
            starter_code: exercise.starter_code,
            reference_solution: exercise.reference_solution,
            no_leaks: exercise.no_leaks,
            checker_code: exercise.checker_code,
            topic: exercise.topic,
            tests: exercise.tests,
            rubric: exercise.rubric,
            coderunner: exercise.coderunner,
          },
        ],
      };
    },

    /**
     * Programs from a bank file (ours, or Moodle XML with CodeRunner C questions) or a Dodona folder, read in the
     * import worker; each numbered after the highest there is, all in one transaction; what could not be imported is
     * listed with why.
     */
    async importExercises(admin: StudentRow, input: ImportInput): Promise<ImportResult> {
      const { programs, skipped, dropped = [] } = await importReader.read(`admin:${admin.id}`, input);
      const imported = await transact(db, async (trx) => {
        const made: ImportResult['imported'] = [];
        for (const program of programs) {
          const row = await exercises.insertImportedProgram(trx, program.task);
          await exercises.saveExercise(trx, row.id, program);
          made.push({ ...row, tests: program.tests.length });
          // SQLite's statements complete at once, so without a turn of the event loop here the whole transaction
          // ran as one (290 ms for 200 programs of 50 tests) and every other request waited for it.
          await nextTurn();
        }
        return made;
      });
      return { imported, skipped, dropped };
    },

    /** The admin tries a reference solution against the tests given (or the saved ones); nothing is stored. */
    async tryReference(
      admin: StudentRow,
      programId: number,
      code: string,
      tests: TestCase[] | undefined,
      options: { noLeaks?: boolean; checkerCode?: string },
    ): Promise<GradeResult> {
      const program = await programOrFail(programId);
      const cases = tests ?? (await testsOf(programId));
      if (cases.length === 0) throw new AppError('validation', 'Add at least one test case first.');
      // The admin sees every test's details, hidden ones included.
      return exclusive(admin.id, async () => {
        const result = await grader.grade(
          admin.id,
          code,
          cases.map((test) => ({ ...test, visible: true, shown: 'always' as const, hide_rest_if_fail: false })),
          {
            noLeaks: options.noLeaks ?? program.no_leaks,
            checkerCode: options.checkerCode ?? program.checker_code ?? '',
            ...coderunnerOptions(program.coderunner),
          },
        );
        result.tests.forEach((test, index) => (test.visible = cases[index]!.visible));
        return result;
      });
    },

    async workspace(student: StudentRow, studentProgramId: number): Promise<Workspace> {
      const sp = await ownStudentProgram(student, studentProgramId);
      const timing = await windowOf(db, sp.id);
      // Timed work keeps its task and examples to itself until it opens.
      const waiting = timing !== null && timedState(timing, clock().getTime()) === 'waiting';
      const tests = sp.program_id ? await testsOf(sp.program_id) : [];
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
        comments: await commentsOf(sp.id, sp.draft_code ?? sp.solution ?? ''),
        submissions: await submissionsOf(sp.id),
        // The criteria can say what the task is: they too wait for the opening.
        rubric: waiting ? [] : parseRubric(sp.rubric),
        grade: grade?.released_at ? grade : null,
        timing,
        now: nowIso(clock()),
      };
    },

    async saveDraft(student: StudentRow, studentProgramId: number, code: string): Promise<{ saved_at: string }> {
      const sp = await ownStudentProgram(student, studentProgramId);
      const savedAt = nowIso(clock());
      await exercises.saveDraft(db, sp.id, code, savedAt);
      changed(db, student, sp, 'draft');
      return { saved_at: savedAt };
    },

    async run(
      student: StudentRow,
      studentProgramId: number,
      { code, stdin, files, args = [] }: { code: string; stdin: string; files: ProgramFile[]; args?: string[] },
    ): Promise<RunResult> {
      const sp = await ownStudentProgram(student, studentProgramId);
      const examples = await examplesOf(sp.program_id);
      return exclusive(student.id, async () => {
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

    /** Step through: the student's program run as Run runs it, recorded; their draft is not changed by it. */
    async trace(
      student: StudentRow,
      studentProgramId: number,
      { code, stdin, files, args = [] }: { code: string; stdin: string; files: ProgramFile[]; args?: string[] },
    ): Promise<TraceAnswer> {
      const sp = await ownStudentProgram(student, studentProgramId);
      const testCode = await firstExampleCode(sp.program_id);
      return exclusive(student.id, () => grader.trace(student.id, code, stdin, files, testCode, args));
    },

    /** The teacher steps through any code (a student's they are reading, or their own demonstration). */
    async adminTrace({
      code,
      stdin,
      files,
      args = [],
    }: {
      code: string;
      stdin: string;
      files: ProgramFile[];
      args?: string[];
    }) {
      return grader.trace('admin', code, stdin, files, '', args);
    },

    async submit(student: StudentRow, studentProgramId: number, code: string) {
      const sp = await ownStudentProgram(student, studentProgramId);
      if (sp.closed_at) throw new AppError('conflict', exerciseMessages.closed);
      const tests = sp.program_id ? await testsOf(sp.program_id) : [];
      if (tests.length === 0) throw new AppError('validation', exerciseMessages.noTests);
      // Handed in now: late or not by this moment, not by when the grader (queued behind the class) finishes.
      const at = nowIso(clock());
      // After the deadline a submission is still graded, and marked late.
      const late = isLate(sp.due_at, at);
      return exclusive(student.id, async () => {
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
      const sp = await ownStudentProgram(student, studentProgramId);
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
        comments: await commentsOf(row.id, code ?? ''),
        submissions: await submissionsOf(row.id),
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

    /** The student's own program, live: comments as the teacher adds them. 404 for anyone else's. */
    async watchOwnProgram(student: StudentRow, studentProgramId: number) {
      const sp = await ownStudentProgram(student, studentProgramId);
      return (send: (changes: LiveChange[]) => void) => watchStudentProgram(live, sp.id, send);
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
