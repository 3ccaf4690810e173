import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../../contracts/paths';
import { type FormEvent, useState } from 'react';
import type { StudentData } from '../../../../contracts/accounts';
import { SOLUTION_MAX_BYTES, type StudentProgram, solutionMessages } from '../../../../contracts/course-content';
import { STUDENT_STATUS } from '../../../../contracts/course';
import { PageSpinner } from '../../../components/page-spinner';
import { myProgramsQuery, submitSolution } from '../dashboard-api';
import { NeedsPayment } from './needs-payment';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../../contracts/dates';

function ProgramCard({ program, studentId }: { program: StudentProgram; studentId: number }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!file && !text.trim()) return setResult({ ok: false, text: 'Paste your program or choose a .c file.' });
    if (file && file.size > SOLUTION_MAX_BYTES) return setResult({ ok: false, text: solutionMessages.tooLarge });
    const form = new FormData();
    if (file) form.append('solution', file, file.name);
    else form.append('solution', text);
    setBusy(true);
    try {
      await submitSolution(program.id, form);
      setText('');
      setFile(null);
      setResult({ ok: true, text: 'Solution submitted.' });
      await client.invalidateQueries({ queryKey: myProgramsQuery(studentId).queryKey });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="card mb-3">
      <div className="card-body">
        <h2 className="h6">Program {program.program_number}</h2>
        <p className="task-text">{program.task}</p>
        <Link className="btn btn-primary mb-2" to={`${paths.dashboard}/${dashboardPaths.myProgs}/${program.id}`}>
          Open in the editor
        </Link>
        <span className="ms-2 small text-body-secondary">
          Write, run and submit your program here; it is graded at once.
        </span>
        {program.solution ? (
          <details>
            <summary>
              Your solution{program.submitted_at ? `, submitted ${formatDateTime(program.submitted_at)}` : ''}
            </summary>
            <pre
              className="solution-code"
              role="region"
              aria-label={`Your solution to program ${program.program_number}`}
              tabIndex={0}
            >
              {program.solution}
            </pre>
          </details>
        ) : (
          <p className="text-body-secondary">Not submitted yet.</p>
        )}
        <form className="mt-2" onSubmit={onSubmit}>
          <label className="form-label" htmlFor={`solution-text-${program.id}`}>
            Paste your program
          </label>
          <textarea
            id={`solution-text-${program.id}`}
            className="form-control code-input"
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
          />
          <label className="form-label mt-2" htmlFor={`solution-file-${program.id}`}>
            or upload a .c file
          </label>
          <input
            id={`solution-file-${program.id}`}
            className="form-control"
            type="file"
            accept=".c,.h,text/x-c,text/plain"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
            {busy ? 'Submitting…' : program.solution ? 'Resubmit' : 'Submit'}
          </button>
          {result ? (
            <p
              className={`mt-2 mb-0 ${result.ok ? 'text-success' : 'text-danger'}`}
              role={result.ok ? 'status' : 'alert'}
            >
              {result.text}
            </p>
          ) : null}
        </form>
      </div>
    </li>
  );
}

export function MyProgs({ student }: { student: StudentData }) {
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const programs = useQuery({
    ...myProgramsQuery(student.id),
    enabled: paid,
  });
  if (!paid) return <NeedsPayment title="My Progs" what="Program exercises" />;
  return (
    <>
      <h1 className="h4">My Progs</h1>
      {programs.isPending ? <PageSpinner /> : null}
      {programs.isError ? <div className="alert alert-danger">{errorText(programs.error)}</div> : null}
      {programs.data?.length === 0 ? <p>No program yet: your teacher sends them after each topic.</p> : null}
      <ol className="list-unstyled">
        {[...(programs.data ?? [])]
          .sort((a, b) => a.program_number - b.program_number)
          .map((program) => (
            <ProgramCard key={program.id} program={program} studentId={student.id} />
          ))}
      </ol>
    </>
  );
}
