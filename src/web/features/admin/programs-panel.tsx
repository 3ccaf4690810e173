import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { type BatchMember, type Submission, addProgram, closeProgram, deleteProgram, getBatch, listPrograms, listSubmissions, sendProgram } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { ExerciseEditor } from './exercise-editor';
import { usePanelAction } from './use-panel-action';

/** Program Exercises (Add/Delete Your Program Details), Send Task to a batch, and the students' solutions. */
export function ProgramsPanel({ onExit }: { onExit: () => void }) {
  const client = useQueryClient();
  const programs = useQuery({ queryKey: ['admin', 'programs'], queryFn: listPrograms });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'programs'] });
  const add = useMutation({ mutationFn: addProgram, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteProgram, onSuccess: refresh });
  const [batch, setBatch] = useState('');
  const [members, setMembers] = useState<BatchMember[] | null>(null);
  const [form, setForm] = useState({ program_number: '', task: '' });
  const { run, message, error, clear } = usePanelAction();
  const [submissions, setSubmissions] = useState<{ programNumber: number; rows: Submission[] } | null>(null);
  const [testsOf, setTestsOf] = useState<number | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    clear();
    add.mutate({ program_number: form.program_number, task: form.task }, { onSuccess: () => setForm({ program_number: '', task: '' }) });
  };

  return (
    <AdminPanel title="Program Exercises (Add/Delete Your Program Details)" onExit={onExit}>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label" htmlFor="program-batch">
            Batch number
          </label>
          <input id="program-batch" className="form-control" type="number" min={1} value={batch} onChange={(e) => setBatch(e.target.value)} />
        </div>
        <button type="button" className="btn btn-outline-primary" disabled={!(Number(batch) >= 1)} onClick={() => run(async () => setMembers(await getBatch(Number(batch))))}>
          Show batch List
        </button>
      </div>
      {members ? (
        members.length === 0 ? (
          <p>No student in batch {batch}.</p>
        ) : (
          <table className="table table-sm w-auto">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Email</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>{m.id}</td>
                  <td>{m.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      <PanelError error={error ?? programs.error ?? remove.error} />
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      {programs.isPending ? <PageSpinner /> : null}
      {programs.data?.length === 0 ? <p>No program yet.</p> : null}
      {programs.data && programs.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Program</th>
                <th scope="col">Task</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {programs.data.map((p) => (
                <tr key={p.id}>
                  <td>{p.program_number}</td>
                  <td className="task-cell">{p.task}</td>
                  <td className="text-nowrap">
                    <button type="button" className="btn btn-sm btn-danger me-1" onClick={() => remove.mutate(p.id)}>
                      Delete
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-success me-1"
                      disabled={!(Number(batch) >= 1)}
                      title={Number(batch) >= 1 ? undefined : 'Enter a batch number first'}
                      onClick={() => run(async () => `Program ${p.program_number} sent to ${(await sendProgram(p.id, Number(batch))).sent} students of batch ${batch}.`)}
                    >
                      Send Task
                    </button>
                    <button type="button" className="btn btn-sm btn-outline-primary me-1" aria-pressed={testsOf === p.id} onClick={() => setTestsOf(testsOf === p.id ? null : p.id)}>
                      Test cases
                    </button>
                    <button type="button" className="btn btn-sm btn-outline-secondary me-1" onClick={() => run(async () => setSubmissions({ programNumber: p.program_number, rows: await listSubmissions(p.id) }))}>
                      Solutions
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-dark"
                      onClick={() =>
                        run(async () => {
                          await closeProgram(p.id, !p.closed);
                          await refresh();
                          return `Program ${p.program_number} ${p.closed ? 'reopened' : 'closed'}.`;
                        })
                      }
                    >
                      {p.closed ? 'Reopen' : 'Close'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {testsOf !== null ? <ExerciseEditor programId={testsOf} onClose={() => setTestsOf(null)} /> : null}
      {submissions ? (
        <div className="mb-3">
          <h3 className="h5">Solutions to program {submissions.programNumber}</h3>
          {submissions.rows.length === 0 ? <p>This program has not been sent to anyone yet.</p> : null}
          {submissions.rows.map((row) => (
            <details key={row.id} className="outbox-entry">
              <summary>
                {row.first_name} {row.last_name} ({row.email}) — {row.submitted_at ? `submitted ${new Date(row.submitted_at).toLocaleString()}` : 'not submitted yet'}
              </summary>
              {row.solution ? <pre className="outbox-text">{row.solution}</pre> : null}
            </details>
          ))}
        </div>
      ) : null}
      <h3 className="h5 mt-3">Add a program</h3>
      <PanelError error={add.error} />
      <form className="row g-2" onSubmit={onAdd}>
        <div className="col-sm-3">
          <label className="form-label" htmlFor="program-number">
            Program number
          </label>
          <input id="program-number" className="form-control" type="number" min={1} required value={form.program_number} onChange={(e) => setForm({ ...form, program_number: e.target.value })} />
        </div>
        <div className="col-sm-9">
          <label className="form-label" htmlFor="program-task">
            Task
          </label>
          <textarea id="program-task" className="form-control" required rows={2} value={form.task} onChange={(e) => setForm({ ...form, task: e.target.value })} />
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add
          </button>
        </div>
      </form>
    </AdminPanel>
  );
}
