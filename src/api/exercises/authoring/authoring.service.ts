/**
 * The teacher's side of an exercise: its tests, checker, rubric and starter code; trying a reference solution;
 * and the exercise bank (export, and import of bank files, Moodle XML and Dodona folders).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BANK_FORMAT,
  type BankFile,
  type Exercise,
  type ImportInput,
  type ImportResult,
  type TestCase,
} from '../../../contracts/exercises/authoring.js';
import { exerciseMessages } from '../../../contracts/exercises/limits.js';
import type { GradeResult } from '../../../contracts/exercises/results.js';
import type { AppDeps } from '../../app-deps.js';
import { transact } from '../../db/after-commit.js';
import type { StudentRow } from '../../db/schema.js';
import { parseRubric } from '../../grading/grading.repository.js';
import { AppError } from '../../http/app-error.js';
import { coderunnerOptions, type ExerciseJobs } from '../exercise-jobs.js';
import * as exercises from '../exercises.repository.js';

type Deps = Pick<AppDeps, 'db' | 'grader' | 'importReader'> & { jobs: ExerciseJobs };

export function createAuthoringService({ db, grader, importReader, jobs }: Deps) {
  const service = {
    async exercise(programId: number): Promise<Exercise> {
      const program = await jobs.programOrFail(programId);
      return {
        program_id: program.id,
        program_number: program.program_number,
        task: program.task,
        starter_code: program.starter_code ?? '',
        tests: await jobs.testsOf(program.id),
        no_leaks: program.no_leaks,
        checker_code: program.checker_code ?? '',
        reference_solution: program.reference_solution ?? '',
        topic: program.topic ?? '',
        rubric: parseRubric(program.rubric),
        coderunner: exercises.readCoderunner(program.coderunner),
      };
    },

    async saveExercise(programId: number, input: exercises.SavedExercise): Promise<Exercise> {
      const program = await jobs.programOrFail(programId);
      // The tests kept (none sent) may be checked by the checker program: it must stay.
      const kept = input.tests ?? (await jobs.testsOf(program.id));
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
      return service.exercise(program.id);
    },

    /** One program with its tests, as a bank file another course (or this one) can import. */
    async exportExercise(programId: number): Promise<BankFile> {
      const exercise = await service.exercise(programId);
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
      const program = await jobs.programOrFail(programId);
      const cases = tests ?? (await jobs.testsOf(programId));
      if (cases.length === 0) throw new AppError('validation', 'Add at least one test case first.');
      // The admin sees every test's details, hidden ones included.
      return jobs.exclusive(admin.id, async () => {
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
  };
  return service;
}
