import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailText } from '../../components/email-text';
import { errorText } from '../../lib/error-text';
import { unplacedStudentsQuery, usePlaceStudents } from './api';

/** Paid students in no batch: choose any number of them and move them into the batch above, at once. */
export function UnplacedStudents({ batch }: { batch: number }) {
  const unplaced = useQuery(unplacedStudentsQuery());
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const move = usePlaceStudents();

  const students = unplaced.data ?? [];
  const toggle = (id: number) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = students.length > 0 && students.every((s) => chosen.has(s.id));
  const valid = Number.isInteger(batch) && batch >= 1;
  return (
    <section className="mt-4" aria-labelledby="unplaced-heading">
      <h3 id="unplaced-heading" className="h6">
        Paid students in no batch
      </h3>
      {unplaced.isPending ? <p className="text-body-secondary">Loading…</p> : null}
      {unplaced.isError ? <div className="alert alert-danger">{errorText(unplaced.error)}</div> : null}
      {unplaced.data && students.length === 0 ? (
        <p className="text-body-secondary">Every paid student is in a batch.</p>
      ) : null}
      {students.length > 0 ? (
        <>
          <div className="form-check">
            <input
              id="unplaced-all"
              className="form-check-input"
              type="checkbox"
              checked={allChosen}
              onChange={() => setChosen(allChosen ? new Set() : new Set(students.map((s) => s.id)))}
            />
            <label className="form-check-label" htmlFor="unplaced-all">
              All {students.length}
            </label>
          </div>
          <ul className="list-unstyled mb-2">
            {students.map((s) => (
              <li key={s.id} className="form-check">
                <input
                  id={`unplaced-${s.id}`}
                  className="form-check-input"
                  type="checkbox"
                  checked={chosen.has(s.id)}
                  onChange={() => toggle(s.id)}
                />
                <label className="form-check-label" htmlFor={`unplaced-${s.id}`}>
                  {s.first_name} {s.last_name} (<EmailText email={s.email} />)
                </label>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-primary"
            disabled={chosen.size === 0 || !valid || move.isPending}
            onClick={() => move.mutate({ batch, studentIds: [...chosen] }, { onSuccess: () => setChosen(new Set()) })}
          >
            {valid
              ? `Move ${chosen.size} selected to batch ${batch}`
              : 'Give a batch number above to move the selected students'}
          </button>
        </>
      ) : null}
      {move.isError ? (
        <div className="alert alert-danger mt-2" role="alert">
          {errorText(move.error)}
        </div>
      ) : null}
      {move.data ? (
        <div className="alert alert-success mt-2" role="status">
          {move.data.message}
        </div>
      ) : null}
    </section>
  );
}
