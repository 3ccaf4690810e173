import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Exercise, type GradeResult, type TestCaseInput, exerciseInputSchema } from '../../../contracts/exercises';
import { controlClass, errorAttributes, FieldError } from '../../components/field-error';
import { PageSpinner } from '../../components/page-spinner';
import { exerciseQuery, saveExercise, tryReference } from '../../lib/exercises-api';
import { GradeTable } from '../../components/grade-results';
import { PanelError } from './admin-panel';
import { plural } from '../../../contracts/wording';

type ExerciseForm = z.input<typeof exerciseInputSchema>;
type ExerciseInput = z.output<typeof exerciseInputSchema>;
const blank: TestCaseInput = { stdin: '', expected_output: '', visible: true, points: '1' };

function Form({ exercise, onClose }: { exercise: Exercise; onClose: () => void }) {
  const client = useQueryClient();
  const { register, control, handleSubmit, formState } = useForm<ExerciseForm, unknown, ExerciseInput>({
    resolver: zodResolver(exerciseInputSchema),
    defaultValues: {
      starter_code: exercise.starter_code,
      no_leaks: exercise.no_leaks,
      tests: exercise.tests.map((t) => ({ ...t, points: String(t.points) })),
    },
  });
  const { fields: tests, append, remove } = useFieldArray({ control, name: 'tests' });
  const { errors } = formState;
  const testError = (index: number) => errors.tests?.[index];
  // Not saved: tried against the test cases of the form (checked by the same schema first).
  const [reference, setReference] = useState('');
  const [result, setResult] = useState<GradeResult | null>(null);
  const [busy, setBusy] = useState<'save' | 'try' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const onSave = async (input: ExerciseInput) => {
    setBusy('save');
    setError(null);
    setSaved(null);
    try {
      const stored = await saveExercise(exercise.program_id, input);
      client.setQueryData(exerciseQuery(exercise.program_id).queryKey, stored);
      setSaved(`Saved: ${plural(stored.tests.length, 'test case')}.`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const onTry = async ({ tests, no_leaks }: ExerciseInput) => {
    setBusy('try');
    setError(null);
    setResult(null);
    try {
      setResult(await tryReference(exercise.program_id, reference, tests, no_leaks));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="exercise-editor card card-body mb-3" onSubmit={handleSubmit(onSave)} noValidate>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h3 className="h5 mb-0">Test cases for program {exercise.program_number}</h3>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <label className="form-label" htmlFor="starter-code">
        Starter code (what students see first in the editor)
      </label>
      <textarea
        id="starter-code"
        className={controlClass('form-control code-input', errors.starter_code)}
        rows={5}
        spellCheck={false}
        {...errorAttributes('starter-code', errors.starter_code)}
        {...register('starter_code')}
      />
      <FieldError id="starter-code" error={errors.starter_code} />
      <div className="form-check mt-2">
        <input id="no-leaks" className="form-check-input" type="checkbox" {...register('no_leaks')} />
        <label className="form-check-label" htmlFor="no-leaks">
          No leaks: a test fails if the program leaves memory unfreed at exit (otherwise a leak is only a warning)
        </label>
      </div>

      {tests.map((test, index) => (
        <fieldset key={test.id} className="border rounded p-2 mt-3">
          <legend className="float-none w-auto px-1 fs-6 mb-0">Test {index + 1}</legend>
          <div className="row g-2">
            <div className="col-md-6">
              <label className="form-label" htmlFor={`test-stdin-${index}`}>
                Input
              </label>
              <textarea
                id={`test-stdin-${index}`}
                className={controlClass('form-control code-input', testError(index)?.stdin)}
                rows={3}
                spellCheck={false}
                {...errorAttributes(`test-stdin-${index}`, testError(index)?.stdin)}
                {...register(`tests.${index}.stdin`)}
              />
              <FieldError id={`test-stdin-${index}`} error={testError(index)?.stdin} />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={`test-expected-${index}`}>
                Expected output
              </label>
              <textarea
                id={`test-expected-${index}`}
                className={controlClass('form-control code-input', testError(index)?.expected_output)}
                rows={3}
                spellCheck={false}
                {...errorAttributes(`test-expected-${index}`, testError(index)?.expected_output)}
                {...register(`tests.${index}.expected_output`)}
              />
              <FieldError id={`test-expected-${index}`} error={testError(index)?.expected_output} />
            </div>
            <div className="col-auto">
              <label className="form-label" htmlFor={`test-points-${index}`}>
                Points
              </label>
              <input
                id={`test-points-${index}`}
                className={controlClass('form-control', testError(index)?.points)}
                type="number"
                min={0}
                max={100}
                {...errorAttributes(`test-points-${index}`, testError(index)?.points)}
                {...register(`tests.${index}.points`)}
              />
              <FieldError id={`test-points-${index}`} error={testError(index)?.points} />
            </div>
            <div className="col-auto d-flex align-items-end gap-3">
              <div className="form-check mb-2">
                <input
                  id={`test-visible-${index}`}
                  className="form-check-input"
                  type="checkbox"
                  {...register(`tests.${index}.visible`)}
                />
                <label className="form-check-label" htmlFor={`test-visible-${index}`}>
                  Visible to students
                </label>
              </div>
              <button type="button" className="btn btn-sm btn-outline-danger mb-2" onClick={() => remove(index)}>
                Remove test {index + 1}
              </button>
            </div>
          </div>
        </fieldset>
      ))}
      <FieldError id="tests" error={errors.tests?.root ?? errors.tests} />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="button" className="btn btn-outline-primary" onClick={() => append({ ...blank })}>
          Add a test case
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save test cases'}
        </button>
      </div>
      {saved ? (
        <p className="text-success mt-2 mb-0" role="status">
          {saved}
        </p>
      ) : null}

      <label className="form-label mt-3" htmlFor="reference-solution">
        Reference solution (tried against the test cases above; not saved)
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
          onClick={() => void handleSubmit(onTry)()}
        >
          {busy === 'try' ? 'Grading…' : 'Try the reference solution'}
        </button>
      </div>
      <div className="mt-2">
        <PanelError error={error} />
      </div>
      {result ? <GradeTable result={result} /> : null}
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
