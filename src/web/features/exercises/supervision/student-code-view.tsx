import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { nowMs } from '../../../../contracts/clock';
import { formatDateTime } from '../../../../contracts/dates';
import { type ProgramFile } from '../../../../contracts/exercises/program-input';
import { commentInputSchema } from '../../../../contracts/exercises/supervision';
import { useTimeZone } from '../../../lib/site-info';
import { PageSpinner } from '../../../components/page-spinner';
import { studentCodeQuery, useAddComment } from './api';
import { PanelError } from '../../../components/admin-panel';
import { Input, Textarea } from '../../../components/form-kit';
import { RubricGrading } from './rubric-grading';
import { useStepThrough } from '../../../components/step-through/use-step-through';
import { TestInputPicker } from './test-input-picker';
import { CommentPlace } from '../../../components/comment-place';

/** How often the teacher's view refreshes when its stream is down: students' drafts autosave every two seconds. */
export const LIVE_MS = 3000;

export function ago(iso: string | null, zone: string): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((nowMs() - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return formatDateTime(iso, zone);
}

type CommentForm = z.input<typeof commentInputSchema>;

type CommentInput = z.output<typeof commentInputSchema>;

export function StudentCodeView({
  studentProgramId,
  onClose,
  live,
}: {
  studentProgramId: number;
  onClose: () => void;
  /** The panel's stream is open: it says when to refetch. */
  live: boolean;
}) {
  const zone = useTimeZone();
  const code = useQuery({
    ...studentCodeQuery(studentProgramId),
    refetchInterval: live ? false : LIVE_MS,
  });
  const comment = useAddComment();
  const error = comment.error;
  const { register, handleSubmit, control, setValue, formState } = useForm<CommentForm, unknown, CommentInput>({
    resolver: zodResolver(commentInputSchema),
    defaultValues: { line: '1', body: '' },
  });
  const { errors } = formState;
  // The line is typed or picked by clicking it in the code.
  const line = useWatch({ control, name: 'line' });
  const setLine = (value: string) => setValue('line', value, { shouldValidate: formState.isSubmitted });

  const onComment = ({ line, body }: CommentInput) =>
    comment.mutate({ studentProgramId, line, body }, { onSuccess: () => setValue('body', '') });

  // The teacher steps through the student's code (with input they type), e.g. on the class's shared screen.
  const [traceInput, setTraceInput] = useState('');
  const [traceFiles, setTraceFiles] = useState<ProgramFile[]>([]);
  const stepThrough = useStepThrough(
    { admin: true },
    () => ({ code: code.data?.code ?? '', stdin: traceInput, files: traceFiles }),
    !code.data?.code.trim(),
  );

  if (code.isError) return <PanelError error={code.error} />;
  if (!code.data) return <PageSpinner />;
  const data = code.data;
  const lines = data.code.split('\n');
  const commented = new Set(data.comments.flatMap((c) => (c.now_line === null ? [] : [c.now_line])));
  // The line the student's last run stopped on (a memory error, say), marked as in the student's editor.
  const stoppedAt = Number(/ — Line (\d+):/.exec(data.last_run_summary ?? '')?.[1] ?? 0);
  return (
    <section
      className="card card-body mb-3"
      aria-label={`Code of ${data.student.first_name} ${data.student.last_name}`}
    >
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div>
          <h3 className="h5 mb-1">
            {data.student.first_name} {data.student.last_name} · program {data.program_number}
          </h3>
          <p className="small text-body-secondary mb-2">
            {data.source === 'draft'
              ? `Draft saved ${ago(data.draft_saved_at, zone)}`
              : data.source === 'solution'
                ? 'Last submitted solution'
                : 'Nothing written yet'}
            {data.last_run_summary ? ` · ${data.last_run_summary}` : ''}
          </p>
        </div>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="small mb-1">Click a line to comment on it.</p>
      {/* Each line is a button named by its number and its code ("Line 5: return 0;"), not by the number alone. */}
      <ol
        className="code-lines"
        tabIndex={0}
        aria-label={`Code of ${data.student.first_name} ${data.student.last_name}, one button per line`}
      >
        {lines.map((text, index) => (
          <li
            key={index}
            className={
              [commented.has(index + 1) ? 'has-comment' : '', stoppedAt === index + 1 ? 'run-stopped' : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            <button
              type="button"
              className={`code-line ${Number(line) === index + 1 ? 'selected' : ''}`}
              aria-pressed={Number(line) === index + 1}
              onClick={() => setLine(String(index + 1))}
            >
              <span className="visually-hidden">
                Line {index + 1}
                {stoppedAt === index + 1 ? ' (the last run stopped here)' : ''}:{' '}
              </span>
              <code>{text || ' '}</code>
              {text.trim() === '' ? <span className="visually-hidden">(blank)</span> : null}
            </button>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 align-items-end mt-2">
        <Textarea
          id={`trace-stdin-${studentProgramId}`}
          label="Input for Step through"
          containerClassName=""
          labelClassName="form-label small mb-0"
          className="form-control form-control-sm font-monospace"
          rows={1}
          value={traceInput}
          onChange={(event) => setTraceInput(event.target.value)}
        />
        <TestInputPicker
          id={`trace-test-${studentProgramId}`}
          programNumber={data.program_number}
          onPick={({ stdin, files }) => {
            setTraceInput(stdin);
            setTraceFiles(files);
          }}
        />
        {stepThrough.button()}
      </div>
      {stepThrough.panel}
      <form className="row g-2 align-items-end mt-1" onSubmit={handleSubmit(onComment)} noValidate>
        <Input
          id="comment-line"
          containerClassName="col-auto"
          label="Line"
          type="number"
          min={1}
          max={Math.max(1, lines.length)}
          required
          {...register('line')}
          error={errors.line}
        />
        <Input
          id="comment-body"
          containerClassName="col"
          label="Comment"
          required
          maxLength={2000}
          {...register('body')}
          error={errors.body}
        />
        <div className="col-auto">
          <button type="submit" className="btn btn-primary" disabled={comment.isPending}>
            Add comment
          </button>
        </div>
      </form>
      <PanelError error={error} />
      {data.comments.length > 0 ? (
        <ul className="mt-2 mb-0 small">
          {data.comments.map((c) => (
            <li key={c.id}>
              <CommentPlace comment={c} />
              {c.body} <span className="text-body-secondary">({formatDateTime(c.created_at, zone)})</span>
            </li>
          ))}
        </ul>
      ) : null}
      <RubricGrading key={data.student_program_id} code={data} />
      {data.submissions.length > 0 ? (
        <p className="small mt-2 mb-0">
          Submissions:{' '}
          {data.submissions
            .map((s) => (s.status === 'compile_error' ? 'no compile' : `${s.score}/${s.total}`))
            .join(', ')}
        </p>
      ) : null}
    </section>
  );
}
