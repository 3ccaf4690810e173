import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { courseWallClock } from '../../../contracts/dates';
import {
  type BatchSession,
  type BatchSessionFormInput,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type BatchSessionUpdateInput,
  batchSessionInputSchema,
  batchSessionUpdateSchema,
  MAX_DURATION_MINUTES,
} from '../../../contracts/schedule';
import { useTimeZone } from '../../lib/site-info';
import { DateInput, Input } from '../../components/form-kit';
import type { ErrorLike } from '../../components/field-error';
import { useAddBatchSession, useUpdateBatchSession } from './api';
import { PanelError } from '../../components/admin-panel';

/** Date, start time and length: the fields a session is added, edited and generated with. */
export function TimeFields({
  prefix,
  fields,
  errors,
  dateLabel = 'Date',
  dateRequired = true,
}: {
  prefix: string;
  fields: Record<'date' | 'start_time' | 'duration_minutes', UseFormRegisterReturn>;
  errors: { date?: ErrorLike; start_time?: ErrorLike; duration_minutes?: ErrorLike };
  dateLabel?: string;
  dateRequired?: boolean;
}) {
  return (
    <>
      <DateInput
        id={`${prefix}-date`}
        containerClassName="col-sm-4"
        label={dateLabel}
        required={dateRequired}
        registration={fields.date}
        error={errors.date}
      />
      <Input
        id={`${prefix}-time`}
        containerClassName="col-sm-4"
        label="Start time"
        type="time"
        required
        registration={fields.start_time}
        error={errors.start_time}
      />
      <Input
        id={`${prefix}-duration`}
        containerClassName="col-sm-4"
        label="Duration (minutes)"
        type="number"
        min={1}
        max={MAX_DURATION_MINUTES}
        required
        registration={fields.duration_minutes}
        error={errors.duration_minutes}
      />
    </>
  );
}

export function EditSession({ session, onDone }: { session: BatchSession; onDone: (message?: string) => void }) {
  const zone = useTimeZone();
  const clock = courseWallClock(session.starts_at, zone);
  const form = useForm<BatchSessionUpdateInput, unknown, BatchSessionUpdate>({
    resolver: zodResolver(batchSessionUpdateSchema),
    defaultValues: {
      date: clock?.date ?? '',
      start_time: clock?.time ?? '',
      duration_minutes: session.duration_minutes,
    },
  });
  const update = useUpdateBatchSession();
  const error = update.error;
  const onSave = (input: BatchSessionUpdate) =>
    update.mutate({ id: session.id, input }, { onSuccess: () => onDone(`Session ${session.session_number} saved.`) });
  return (
    <form className="card card-body mb-3" onSubmit={form.handleSubmit(onSave)} noValidate>
      <h3 className="h6">Edit session {session.session_number}</h3>
      <PanelError error={error} />
      <div className="row g-2">
        <TimeFields
          prefix="edit-session"
          fields={{
            date: form.register('date'),
            start_time: form.register('start_time'),
            duration_minutes: form.register('duration_minutes'),
          }}
          errors={form.formState.errors}
        />
      </div>
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save session {session.session_number}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function AddSessionForm({ batch, onDone }: { batch: number; onDone: (message: string) => void }) {
  const blank = { session_number: '', date: '', start_time: '19:00', duration_minutes: 90 };
  const form = useForm<BatchSessionFormInput, unknown, BatchSessionInput>({
    resolver: zodResolver(batchSessionInputSchema),
    defaultValues: blank,
  });
  const errors = form.formState.errors;
  const add = useAddBatchSession();
  const error = add.error;
  const onAdd = (input: BatchSessionInput) =>
    add.mutate(
      { batch, input },
      {
        onSuccess: (added) => {
          form.reset(blank);
          onDone(`Session ${added.session_number} added to batch ${batch}.`);
        },
      },
    );
  return (
    <form onSubmit={form.handleSubmit(onAdd)} noValidate>
      <h3 className="h5 mt-4">Add one session</h3>
      <PanelError error={error} />
      <div className="row g-2">
        <Input
          id="add-session-number"
          containerClassName="col-sm-3"
          label="Session number"
          type="number"
          min={1}
          required
          registration={form.register('session_number')}
          error={errors.session_number}
        />
        <div className="col-sm-9">
          <div className="row g-2">
            <TimeFields
              prefix="add-session"
              fields={{
                date: form.register('date'),
                start_time: form.register('start_time'),
                duration_minutes: form.register('duration_minutes'),
              }}
              errors={errors}
            />
          </div>
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add session
          </button>
        </div>
      </div>
    </form>
  );
}
