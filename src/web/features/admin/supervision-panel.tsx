import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { nowMs } from '../../../contracts/clock';
import { formatDateTime } from '../../../contracts/dates';
import { commentInputSchema } from '../../../contracts/exercises';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { addComment, studentCodeQuery, supervisionQuery, supervisionStreamUrl } from '../../lib/exercises-api';
import { useLiveChanges } from '../../lib/live-changes';
import { AdminPanel, PanelError } from './admin-panel';
import { programsQuery } from './admin-api';
import { BatchSuggestions } from './batch-picker';
import { Input } from '../../components/form-kit';

/** How often the teacher's view refreshes when its stream is down: students' drafts autosave every two seconds. */
const LIVE_MS = 3000;
/** How often "12 s ago" is recomputed (no request: the stream brings changes). */
const TICK_MS = 5000;

function ago(iso: string | null, zone: string): string {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((nowMs() - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return formatDateTime(iso, zone);
}

type CommentForm = z.input<typeof commentInputSchema>;
type CommentInput = z.output<typeof commentInputSchema>;

function StudentCodeView({
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
  const client = useQueryClient();
  const code = useQuery({
    ...studentCodeQuery(studentProgramId),
    refetchInterval: live ? false : LIVE_MS,
  });
  const [error, setError] = useState<unknown>(null);
  const { register, handleSubmit, control, setValue, formState } = useForm<CommentForm, unknown, CommentInput>({
    resolver: zodResolver(commentInputSchema),
    defaultValues: { line: '1', body: '' },
  });
  const { errors } = formState;
  // The line is typed or picked by clicking it in the code.
  const line = useWatch({ control, name: 'line' });
  const setLine = (value: string) => setValue('line', value, { shouldValidate: formState.isSubmitted });

  const onComment = async ({ line, body }: CommentInput) => {
    setError(null);
    try {
      await addComment(studentProgramId, line, body);
      setValue('body', '');
      await client.invalidateQueries({ queryKey: studentCodeQuery(studentProgramId).queryKey });
    } catch (failure) {
      setError(failure);
    }
  };

  if (code.isError) return <PanelError error={code.error} />;
  if (!code.data) return <PageSpinner />;
  const data = code.data;
  const lines = data.code.split('\n');
  const commented = new Map(data.comments.map((c) => [c.line, c]));
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
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            Add comment
          </button>
        </div>
      </form>
      <PanelError error={error} />
      {data.comments.length > 0 ? (
        <ul className="mt-2 mb-0 small">
          {data.comments.map((c) => (
            <li key={c.id}>
              Line {c.line}: {c.body}{' '}
              <span className="text-body-secondary">({formatDateTime(c.created_at, zone)})</span>
            </li>
          ))}
        </ul>
      ) : null}
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

/**
 * Live supervision: every student of a batch on one program — draft, last run, best score — refetched when the
 * server's stream says a student's program changed (every 3 s while the stream is down).
 */
export function SupervisionPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const programs = useQuery(programsQuery());
  const [programNumber, setProgramNumber] = useState<number | null>(null);
  const [batch, setBatch] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const batchNumber = Number(batch) >= 1 ? Number(batch) : null;
  const client = useQueryClient();
  const live = useLiveChanges(
    programNumber === null ? null : supervisionStreamUrl(programNumber, batchNumber),
    (changes) => {
      // The server gathers a burst into one event: at most a few refetches a second however many students type. A
      // fetch in flight is restarted (TanStack's default), as it may have read the rows before this change.
      void client.invalidateQueries({ queryKey: supervisionQuery(programNumber, batchNumber).queryKey });
      if (open !== null && (changes.length === 0 || changes.some((c) => c.student_program_id === open)))
        void client.invalidateQueries({ queryKey: studentCodeQuery(open).queryKey });
    },
  );
  const rows = useQuery({
    ...supervisionQuery(programNumber, batchNumber),
    enabled: programNumber !== null,
    refetchInterval: live ? false : LIVE_MS,
  });
  // "Draft saved 12 s ago" keeps counting while nobody types.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <AdminPanel title="Live supervision" onExit={onExit}>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label" htmlFor="supervise-program">
            Program
          </label>
          <select
            id="supervise-program"
            className="form-select"
            value={programNumber ?? ''}
            onChange={(e) => setProgramNumber(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a program</option>
            {programs.data?.map((p) => (
              <option key={p.id} value={p.program_number}>
                Program {p.program_number}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label" htmlFor="supervise-batch">
            Batch number (optional)
          </label>
          <input
            id="supervise-batch"
            className="form-control"
            type="number"
            min={1}
            list="supervise-batch-batches"
            value={batch}
            onChange={(e) => setBatch(e.target.value)}
          />
          <BatchSuggestions id="supervise-batch-batches" />
        </div>
        {programNumber !== null ? (
          <span className="small text-body-secondary mb-2" data-testid="supervision-mode">
            {live ? 'Live' : 'Refreshing every 3 s'}
          </span>
        ) : null}
        {/* Always there, so the layout doesn't jump at each refresh. */}
        <span className={`small text-body-secondary mb-2 ${rows.isFetching ? '' : 'invisible'}`} aria-hidden="true">
          Updating…
        </span>
      </div>
      <PanelError error={programs.error ?? rows.error} />
      {open !== null ? <StudentCodeView studentProgramId={open} onClose={() => setOpen(null)} live={live} /> : null}
      {programNumber === null ? <p>Choose a program to see every student working on it.</p> : null}
      {rows.data && rows.data.length === 0 ? (
        <p>No student has this program{batchNumber ? ` in batch ${batchNumber}` : ''} yet.</p>
      ) : null}
      {rows.data && rows.data.length > 0 ? (
        <ScrollRegion label="Students working on the program">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Draft saved</th>
                <th scope="col">Last run</th>
                <th scope="col">Best score</th>
                <th scope="col">Submissions</th>
              </tr>
            </thead>
            <tbody>
              {rows.data.map((row) => (
                <tr
                  key={row.student_program_id}
                  className={
                    row.last_run_summary && !/finished|\d+\/\d+/.test(row.last_run_summary)
                      ? 'table-warning'
                      : undefined
                  }
                >
                  <td>
                    {row.first_name} {row.last_name}
                    <div className="small text-body-secondary text-nowrap">{row.email}</div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary mt-1"
                      onClick={() => setOpen(row.student_program_id)}
                    >
                      Open code
                      <span className="visually-hidden">
                        {' '}
                        of {row.first_name} {row.last_name}
                      </span>
                    </button>
                  </td>
                  <td>{ago(row.draft_saved_at, zone)}</td>
                  <td>
                    {row.last_run_summary ?? '—'}
                    {row.last_run_at ? (
                      <div className="small text-body-secondary">{ago(row.last_run_at, zone)}</div>
                    ) : null}
                  </td>
                  <td>{row.best_score !== null ? `${row.best_score} / ${row.best_total}` : '—'}</td>
                  <td>{row.submissions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </AdminPanel>
  );
}
