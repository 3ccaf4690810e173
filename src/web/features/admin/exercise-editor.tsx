import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Exercise, type GradeResult, type TestCaseInput } from '../../../contracts/exercises';
import { PageSpinner } from '../../components/page-spinner';
import { exerciseQuery, saveExercise, tryReference } from '../../lib/exercises-api';
import { GradeTable } from '../../components/grade-results';
import { PanelError } from './admin-panel';
import { plural } from '../../../contracts/wording';

type Draft = { stdin: string; expected_output: string; visible: boolean; points: string };
const blank: Draft = { stdin: '', expected_output: '', visible: true, points: '1' };

function Form({ exercise, onClose }: { exercise: Exercise; onClose: () => void }) {
  const client = useQueryClient();
  const [starter, setStarter] = useState(exercise.starter_code);
  const [tests, setTests] = useState<Draft[]>(exercise.tests.map((t) => ({ ...t, points: String(t.points) })));
  const [reference, setReference] = useState('');
  const [result, setResult] = useState<GradeResult | null>(null);
  const [busy, setBusy] = useState<'save' | 'try' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const asInput = (): TestCaseInput[] =>
    tests.map((t) => ({
      stdin: t.stdin,
      expected_output: t.expected_output,
      visible: t.visible,
      points: Number(t.points),
    }));
  const update = (index: number, change: Partial<Draft>) =>
    setTests((list) => list.map((t, i) => (i === index ? { ...t, ...change } : t)));

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    setError(null);
    setSaved(null);
    try {
      const stored = await saveExercise(exercise.program_id, { starter_code: starter, tests: asInput() });
      client.setQueryData(exerciseQuery(exercise.program_id).queryKey, stored);
      setSaved(`Saved: ${plural(stored.tests.length, 'test case')}.`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const onTry = async () => {
    setBusy('try');
    setError(null);
    setResult(null);
    try {
      setResult(await tryReference(exercise.program_id, reference, asInput()));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="exercise-editor card card-body mb-3" onSubmit={onSave}>
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
        className="form-control code-input"
        rows={5}
        value={starter}
        onChange={(e) => setStarter(e.target.value)}
        spellCheck={false}
      />

      {tests.map((test, index) => (
        <fieldset key={index} className="border rounded p-2 mt-3">
          <legend className="float-none w-auto px-1 fs-6 mb-0">Test {index + 1}</legend>
          <div className="row g-2">
            <div className="col-md-6">
              <label className="form-label" htmlFor={`test-stdin-${index}`}>
                Input
              </label>
              <textarea
                id={`test-stdin-${index}`}
                className="form-control code-input"
                rows={3}
                value={test.stdin}
                onChange={(e) => update(index, { stdin: e.target.value })}
                spellCheck={false}
              />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor={`test-expected-${index}`}>
                Expected output
              </label>
              <textarea
                id={`test-expected-${index}`}
                className="form-control code-input"
                rows={3}
                value={test.expected_output}
                onChange={(e) => update(index, { expected_output: e.target.value })}
                spellCheck={false}
              />
            </div>
            <div className="col-auto">
              <label className="form-label" htmlFor={`test-points-${index}`}>
                Points
              </label>
              <input
                id={`test-points-${index}`}
                className="form-control"
                type="number"
                min={0}
                max={100}
                value={test.points}
                onChange={(e) => update(index, { points: e.target.value })}
              />
            </div>
            <div className="col-auto d-flex align-items-end gap-3">
              <div className="form-check mb-2">
                <input
                  id={`test-visible-${index}`}
                  className="form-check-input"
                  type="checkbox"
                  checked={test.visible}
                  onChange={(e) => update(index, { visible: e.target.checked })}
                />
                <label className="form-check-label" htmlFor={`test-visible-${index}`}>
                  Visible to students
                </label>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger mb-2"
                onClick={() => setTests((list) => list.filter((_, i) => i !== index))}
              >
                Remove test {index + 1}
              </button>
            </div>
          </div>
        </fieldset>
      ))}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => setTests((list) => [...list, { ...blank }])}
        >
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
          onClick={() => void onTry()}
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
