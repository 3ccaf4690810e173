import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type StatusChange, type StatusRevertInput, statusRevertInputSchema } from '../../../contracts/admin';
import { STUDENT_STATUS, studentStatusLabels, studentStatusName } from '../../../contracts/course';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { PanelError } from '../../components/admin-panel';
import { statusChangesQuery, useRevertStatus } from './api';
import { Textarea } from '../../components/form-kit';

const label = (status: number) => studentStatusLabels[studentStatusName(status)];

function UndoForm({
  studentId,
  latest,
  onDone,
}: {
  studentId: number;
  latest: StatusChange | undefined;
  onDone: (message: string) => void;
}) {
  const { register, handleSubmit, formState } = useForm<StatusRevertInput>({
    resolver: zodResolver(statusRevertInputSchema),
    defaultValues: { reason: '' },
  });
  const mutation = useRevertStatus();

  const id = `undo-reason-${studentId}`;
  const error = formState.errors.reason;
  return (
    <form
      className="card card-body mb-3"
      onSubmit={handleSubmit((input) =>
        // Not mutate's onSuccess: the refresh ends this form (the latest change is now an undo) before that would run.
        mutation
          .mutateAsync({ studentId, input })
          .then((result) => onDone(result.message))
          .catch(() => undefined),
      )}
      noValidate
    >
      {latest && latest.reverts_id === null ? (
        <p className="small">
          This undoes the latest change, {label(latest.from_status)} → {label(latest.to_status)}: the student returns to{' '}
          {label(latest.from_status)}.
        </p>
      ) : null}
      <Textarea
        id={id}
        containerClassName=""
        label="Why is the last change undone?"
        rows={2}
        required
        {...register('reason')}
        error={error}
      />
      <div className="mt-2">
        <PanelError error={mutation.error} />
        <button type="submit" className="btn btn-danger btn-sm" disabled={mutation.isPending}>
          Undo the change
        </button>
      </div>
    </form>
  );
}

function HistoryEntry({ change, undone }: { change: StatusChange; undone: boolean }) {
  const zone = useTimeZone();
  return (
    <li className="list-group-item">
      <div className="fw-semibold">
        {label(change.from_status)} → {label(change.to_status)}
        {change.reverts_id !== null ? <span className="badge text-bg-secondary ms-1">undo</span> : null}
        {change.by_payment ? <span className="badge text-bg-info ms-1">paid online</span> : null}
        {undone ? <span className="badge text-bg-warning ms-1">undone</span> : null}
      </div>
      <div className="small text-body-secondary text-break">
        {formatDateTime(change.created_at, zone)} · {change.changed_by_email}
      </div>
      {change.reason ? <div className="small text-break">Reason: {change.reason}</div> : null}
    </li>
  );
}

/** The teacher's status changes of one student, newest first, and the undo of the latest. */
export function StatusHistory({ studentId }: { studentId: number }) {
  const { data, error, isPending } = useQuery(statusChangesQuery(studentId));
  const [undoing, setUndoing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const undoneIds = new Set((data ?? []).map((c) => c.reverts_id).filter((id) => id !== null));
  // What the server would undo: the latest real change, if it set Paid or Completed and is not itself an undo.
  const latest = data?.find((c) => c.from_status !== c.to_status);
  const canUndo =
    latest !== undefined &&
    latest.reverts_id === null &&
    !latest.by_payment &&
    (latest.to_status === STUDENT_STATUS.paid || latest.to_status === STUDENT_STATUS.completed);
  return (
    <section className="mb-4" aria-labelledby="status-history-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h3 id="status-history-title" className="h5 mb-0">
          Status history
        </h3>
        {canUndo ? (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-expanded={undoing}
            onClick={() => {
              setUndoing(!undoing);
              setDone(null);
            }}
          >
            {undoing ? 'Cancel undo' : 'Undo last change'}
          </button>
        ) : null}
      </div>
      {done ? (
        <div className="alert alert-success" role="status">
          {done}
        </div>
      ) : null}
      {undoing && canUndo ? (
        <UndoForm
          studentId={studentId}
          latest={latest}
          onDone={(message) => {
            setUndoing(false);
            setDone(message);
          }}
        />
      ) : null}
      {error ? (
        <PanelError error={error} />
      ) : isPending ? (
        <PageSpinner label="Loading the status history…" />
      ) : data.length === 0 ? (
        <p className="small text-body-secondary">No status change by the teacher yet.</p>
      ) : (
        <ol className="list-group mb-0" aria-label="Status changes, newest first">
          {data.map((change) => (
            <HistoryEntry key={change.id} change={change} undone={undoneIds.has(change.id)} />
          ))}
        </ol>
      )}
    </section>
  );
}
