import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../../contracts/paths';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { StudentData } from '../../../../contracts/accounts';
import { SOLUTION_MAX_BYTES, type StudentProgram, solutionMessages } from '../../../../contracts/course-content';
import { STUDENT_STATUS } from '../../../../contracts/course';
import { controlClass, errorAttributes, FieldError } from '../../../components/field-error';
import { PageSpinner } from '../../../components/page-spinner';
import { myProgramsQuery, submitSolution } from '../dashboard-api';
import { NeedsPayment } from './needs-payment';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../../contracts/dates';
import { formatDeadline } from '../../../../contracts/home';

/**
 * A solution is pasted as text or chosen as a file (the file wins); the server reads either from multipart form data
 * (no JSON schema to share), with the same limit and messages (solutionMessages).
 */
const solutionFormSchema = z
  .object({ text: z.string(), files: z.custom<FileList>().optional() })
  .superRefine(({ text, files }, ctx) => {
    const file = files?.[0];
    if (!file && !text.trim())
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Paste your program or choose a .c file.' });
    if (file && file.size > SOLUTION_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: ['files'], message: solutionMessages.tooLarge });
  });
type SolutionForm = z.infer<typeof solutionFormSchema>;

function ProgramCard({ program, studentId }: { program: StudentProgram; studentId: number }) {
  const client = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<SolutionForm>({
    resolver: zodResolver(solutionFormSchema),
    defaultValues: { text: '' },
  });
  const textId = `solution-text-${program.id}`;
  const fileId = `solution-file-${program.id}`;
  const { errors } = formState;

  const onSubmit = async ({ text, files }: SolutionForm) => {
    setResult(null);
    const file = files?.[0];
    const form = new FormData();
    if (file) form.append('solution', file, file.name);
    else form.append('solution', text);
    try {
      await submitSolution(program.id, form);
      reset();
      setResult({ ok: true, text: 'Solution submitted.' });
      await client.invalidateQueries({ queryKey: myProgramsQuery(studentId).queryKey });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    }
  };

  return (
    <li className="card mb-3">
      <div className="card-body">
        <h2 className="h6 d-flex flex-wrap gap-2 align-items-center">
          Program {program.program_number}
          {program.late ? <span className="badge text-bg-warning">Late</span> : null}
        </h2>
        {program.due_at ? <p className="mb-2 fw-semibold">Due {formatDeadline(program.due_at)}</p> : null}
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
        <form className="mt-2" onSubmit={handleSubmit(onSubmit, () => setResult(null))} noValidate>
          <label className="form-label" htmlFor={textId}>
            Paste your program
          </label>
          <textarea
            id={textId}
            className={controlClass('form-control code-input', errors.text)}
            rows={6}
            spellCheck={false}
            {...errorAttributes(textId, errors.text)}
            {...register('text')}
          />
          <FieldError id={textId} error={errors.text} />
          <label className="form-label mt-2" htmlFor={fileId}>
            or upload a .c file
          </label>
          <input
            id={fileId}
            className={controlClass('form-control', errors.files)}
            type="file"
            accept=".c,.h,text/x-c,text/plain"
            {...errorAttributes(fileId, errors.files)}
            {...register('files')}
          />
          <FieldError id={fileId} error={errors.files} />
          <button type="submit" className="btn btn-primary mt-2" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Submitting…' : program.solution ? 'Resubmit' : 'Submit'}
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
