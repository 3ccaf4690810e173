/**
 * What the three parts of the exercises area (authoring, the workspace, supervision) share: one grader job per
 * person at a time, how a program is graded, and the reads of a program, its tests, comments and submissions.
 */
import type { Kysely } from 'kysely';
import type { TestCase } from '../../contracts/exercises/authoring.js';
import { exerciseMessages, isExample } from '../../contracts/exercises/limits.js';
import type { SubmissionSummary } from '../../contracts/exercises/results.js';
import type { CodeComment } from '../../contracts/exercises/supervision.js';
import type { CounterStore } from '../common/counters.js';
import type { Database, StudentRow } from '../db/schema.js';
import { type GradeOptions, GraderUnavailableError } from '../grader/grader.js';
import { AppError } from '../http/app-error.js';
import { listedComment } from './supervision/comment-anchor.js';
import * as exercises from './exercises.repository.js';

/** A job slot is given back when its job ends, or after this long if the process holding it died. */
const JOB_LEASE_MS = 2 * 60_000;

export interface ExerciseJobsDeps {
  db: Kysely<Database>;
  /** Shared by every process, so "one job at a time" holds whichever process a request reaches. */
  counters: CounterStore;
}

/** A CodeRunner question's template and "all or nothing", as the grader takes them; nothing for the site's own. */
export function coderunnerOptions(
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
export function gradeOptionsOf(sp: {
  no_leaks: boolean;
  checker_code: string | null;
  coderunner: string | null | undefined;
}): GradeOptions {
  return { noLeaks: sp.no_leaks, checkerCode: sp.checker_code ?? '', ...coderunnerOptions(sp.coderunner) };
}

export function createExerciseJobs({ db, counters }: ExerciseJobsDeps) {
  function testsOf(programId: number): Promise<TestCase[]> {
    return exercises.listTests(db, programId);
  }

  return {
    /** Runs `job` as the account's one grader job; a second at the same time is refused. */
    async exclusive<T>(accountId: number, job: () => Promise<T>): Promise<T> {
      const slot = `grader-job:${accountId}`;
      // The first hit in the lease window holds the slot; a second at once is refused.
      if ((await counters.hit(slot, JOB_LEASE_MS)).count > 1)
        throw new AppError('tooManyRequests', exerciseMessages.busy);
      try {
        return await job();
      } catch (error) {
        if (error instanceof GraderUnavailableError) throw new AppError('unavailable', error.words);
        throw error;
      } finally {
        await counters.clear(slot);
      }
    },

    async programOrFail(programId: number) {
      const program = await exercises.findProgram(db, programId);
      if (!program) throw new AppError('notFound', exerciseMessages.notFound);
      return program;
    },

    testsOf,

    /** A function exercise's visible examples: tests students see that call their functions (none: a program). */
    async examplesOf(programId: number | null): Promise<TestCase[]> {
      const tests = programId ? await testsOf(programId) : [];
      return tests.filter(isExample).filter((test) => test.test_code.trim() !== '');
    },

    /** The student's own program (by student_programs.id) with the program it was made from, or 404. */
    async ownStudentProgram(student: StudentRow, studentProgramId: number) {
      const row = await exercises.findStudentProgram(db, studentProgramId);
      if (!row || row.student_id !== student.id) throw new AppError('notFound', exerciseMessages.notFound);
      return row;
    },

    /** A program's comments, each placed on its line in `code` (the draft or solution as it is now), or outdated. */
    async commentsOf(studentProgramId: number, code: string): Promise<CodeComment[]> {
      const rows = await exercises.listComments(db, studentProgramId);
      return rows.map((row) => listedComment(row, code));
    },

    submissionsOf(studentProgramId: number): Promise<SubmissionSummary[]> {
      return exercises.listSubmissions(db, studentProgramId);
    },
  };
}

export type ExerciseJobs = ReturnType<typeof createExerciseJobs>;
