import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Exercise, type TestCaseInput, exerciseInputSchema } from '../../../../contracts/exercises/authoring';
import { FieldError } from '../../../components/field-error';
import { PageSpinner } from '../../../components/page-spinner';
import { exerciseQuery, exportExercise, useSaveExercise, useTryReference } from './api';
import { GradeTable } from '../../../components/grade-results';
import { PanelError } from '../../../components/admin-panel';
import { plural } from '../../../../contracts/wording';
import { Checkbox, Input, Textarea } from '../../../components/form-kit';
import { DEFAULT_CHECKER, DEFAULT_TOLERANCE } from '../../../../contracts/checkers';
import { type ExerciseForm, TestCaseFields } from './test-case-fields';
import { RubricFields } from './rubric-fields';
import { CoderunnerSummary } from './coderunner-summary';

type ExerciseInput = z.output<typeof exerciseInputSchema>;
const blank: TestCaseInput = {
  stdin: '',
  expected_output: '',
  visible: true,
  shown: 'always',
  hide_rest_if_fail: false,
  points: '1',
  checker: DEFAULT_CHECKER,
  tolerance: String(DEFAULT_TOLERANCE),
  args: [],
  files: [],
  expected_files: [],
  test_code: '',
};

function Form({ exercise, onClose }: { exercise: Exercise; onClose: () => void }) {
  const { register, control, handleSubmit, formState, setValue } = useForm<ExerciseForm, unknown, ExerciseInput>({
    resolver: zodResolver(exerciseInputSchema),
    defaultValues: {
      starter_code: exercise.starter_code,
      no_leaks: exercise.no_leaks,
      checker_code: exercise.checker_code,
      topic: exercise.topic,
      rubric: exercise.rubric.map((criterion) => ({ ...criterion, points: String(criterion.points) })),
      tests: exercise.tests.map((t) => ({ ...t, points: String(t.points), tolerance: String(t.tolerance) })),
    },
  });
  const { fields: tests, append, remove } = useFieldArray({ control, name: 'tests' });
  const { errors } = formState;
  // Not saved: tried against the test cases of the form (checked by the same schema first).
  const [reference, setReference] = useState(exercise.reference_solution);
  const save = useSaveExercise();
  const exporting = useMutation({ mutationFn: () => exportExercise(exercise.program_id, exercise.program_number) });
  const attempt = useTryReference();
  const programId = exercise.program_id;
  const busy = save.isPending ? 'save' : attempt.isPending ? 'try' : null;
  // The error of the latest action, if it failed: a failed save is not shown under a later successful try.
  const error = [save, attempt, exporting].sort((a, b) => b.submittedAt - a.submittedAt)[0]?.error;
  const saved = save.data
    ? `Saved: ${plural(save.data.tests.length, 'test case')}${save.data.rubric.length ? `, ${plural(save.data.rubric.length, 'rubric criterion', 'rubric criteria')}` : ''}.`
    : null;
  const result = attempt.data ?? null;

  return (
    <form
      className="exercise-editor card card-body mb-3"
      onSubmit={handleSubmit((input: ExerciseInput) =>
        // The editor always sends its tests: none left in the form means none.
        save.mutate({ programId, body: { ...input, tests: input.tests ?? [], reference_solution: reference } }),
      )}
      noValidate
    >
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h3 className="h5 mb-0">Test cases for program {exercise.program_number}</h3>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => exporting.mutate()}
            disabled={exporting.isPending}
          >
            Export as a file
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <Input
        id="exercise-topic"
        label="Topic (what it practises, e.g. Pointers: the list can be filtered by it)"
        maxLength={60}
        {...register('topic')}
        error={errors.topic}
      />
      <Textarea
        id="starter-code"
        containerClassName=""
        label="Starter code (what students see first in the editor)"
        className="form-control code-input"
        rows={5}
        spellCheck={false}
        {...register('starter_code')}
        error={errors.starter_code}
      />
      <Textarea
        id="checker-code"
        containerClassName="mt-2"
        label="Checker program (C, for tests checked by it)"
        hint="It finds input.txt, expected.txt and actual.txt in its folder and prints pass or fail on its first line, then what to tell the student."
        className="form-control code-input"
        rows={4}
        spellCheck={false}
        {...register('checker_code')}
        error={errors.checker_code}
      />
      <Checkbox
        id="no-leaks"
        containerClassName="form-check mt-2"
        label="No leaks: a test fails if the program leaves memory unfreed at exit (otherwise a leak is only a warning)"
        {...register('no_leaks')}
      />

      {exercise.coderunner ? <CoderunnerSummary grading={exercise.coderunner} /> : null}
      {tests.map((test, index) => (
        <TestCaseFields
          key={test.id}
          index={index}
          control={control}
          register={register}
          setValue={setValue}
          errors={errors.tests}
          onRemove={() => remove(index)}
        />
      ))}
      <FieldError id="tests" error={errors.tests?.root ?? errors.tests} />
      <button type="button" className="btn btn-outline-primary mt-3" onClick={() => append({ ...blank })}>
        Add a test case
      </button>
      <RubricFields control={control} register={register} errors={errors.rubric} />
      <label className="form-label mt-3" htmlFor="reference-solution">
        Reference solution (your own, never shown to students: try it against the test cases above; Save keeps it)
      </label>
      <textarea
        id="reference-solution"
        className="form-control code-input"
        rows={6}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        spellCheck={false}
      />
      <div className="mt-2">
        <button
          type="button"
          className="btn btn-outline-success"
          disabled={busy !== null || !reference.trim() || tests.length === 0}
          onClick={() =>
            void handleSubmit(({ tests, no_leaks, checker_code }: ExerciseInput) =>
              attempt.mutate({
                programId,
                code: reference,
                tests: tests ?? [],
                noLeaks: no_leaks,
                checkerCode: checker_code,
              }),
            )()
          }
        >
          {busy === 'try' ? 'Grading…' : 'Try the reference solution'}
        </button>
        {/* Why it can't be tried yet, rather than a button greyed out without a word. */}
        {!reference.trim() || tests.length === 0 ? (
          <span className="small text-body-secondary ms-2">
            {!reference.trim() ? 'Write a solution above to try it.' : 'Add a test case to try it against.'}
          </span>
        ) : null}
      </div>
      {result ? <GradeTable result={result} /> : null}
      {/* Save comes last: it keeps everything above, the reference solution with the tests. */}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3 pt-3 border-top">
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save test cases'}
        </button>
        {saved ? (
          <span className="text-success" role="status">
            {saved}
          </span>
        ) : null}
      </div>
      <div className="mt-2">
        <PanelError error={error} />
      </div>
    </form>
  );
}

/** The admin's editor for a program's starter code and test cases. */
export function ExerciseEditor({ programId, onClose }: { programId: number; onClose: () => void }) {
  const exercise = useQuery({
    ...exerciseQuery(programId),
    staleTime: Infinity,
  });
  if (exercise.isError) return <PanelError error={exercise.error} />;
  if (!exercise.data) return <PageSpinner />;
  return <Form key={programId} exercise={exercise.data} onClose={onClose} />;
}
