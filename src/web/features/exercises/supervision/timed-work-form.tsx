import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { courseWallClock, formatDateTime } from '../../../../contracts/dates';
import { type AdminProgram, programLabel } from '../../../../contracts/course-content';
import type { SupervisionRow } from '../../../../contracts/exercises/supervision';
import { TIMED_LIMITS, timedMessages, timedWorkInputSchema } from '../../../../contracts/timed-work';
import { Checkbox, DateInput, Input } from '../../../components/form-kit';
import { PanelError } from '../../../components/admin-panel';
import { useConfirm } from '../../../components/confirm-dialog';
import { useTimeZone } from '../../../lib/site-info';
import { timedWorkQuery, useDeleteTimedWork, useExtendTime, useSetTimedWork } from './grading-api';

const windowSchema = timedWorkInputSchema.pick({ opens_date: true, opens_time: true, minutes: true });
type WindowForm = z.input<typeof windowSchema>;
type WindowInput = z.output<typeof windowSchema>;

/**
 * Timed work for one batch: the chosen program (and any others ticked) opens at a day and time on the course clock
 * and closes after so many minutes. Shown in live supervision once a program and a batch are chosen.
 */
export function TimedWorkForm({
  programNumber,
  batch,
  programs,
  sentTo,
}: {
  programNumber: number;
  batch: number;
  programs: AdminProgram[];
  /** How many of the batch's students were sent the program already (its task emailed and in their notices). */
  sentTo: number;
}) {
  const zone = useTimeZone();
  const timings = useQuery(timedWorkQuery(batch));
  const current = timings.data?.find((t) => t.program_number === programNumber);
  const set = useSetTimedWork();
  const remove = useDeleteTimedWork();
  const [also, setAlso] = useState<number[]>([]);
  const opens = current ? courseWallClock(current.opens_at, zone) : undefined;
  const { register, handleSubmit, formState } = useForm<WindowForm, unknown, WindowInput>({
    resolver: zodResolver(windowSchema),
    values: {
      opens_date: opens?.date ?? '',
      opens_time: opens?.time ?? '',
      minutes: current ? String(current.minutes) : '60',
    },
  });
  const { errors } = formState;
  const own = programs.find((p) => p.program_number === programNumber);
  const others = programs.filter((p) => p.program_number !== programNumber);
  const { confirm, dialog } = useConfirm();
  const onSet = (input: WindowInput) =>
    own &&
    set.mutate({ ...input, program_ids: [own.id, ...also], student_batch: batch }, { onSuccess: () => setAlso([]) });
  const onRemove = (id: number) =>
    void confirm({
      title: `Remove the time limit of program ${programNumber}?`,
      message: (
        <p className="mb-0">
          Batch {batch} can then see the task and work on program {programNumber} at any time, as on any program.
        </p>
      ),
      confirmLabel: 'Remove the time limit',
      action: () => remove.mutateAsync(id),
    });

  return (
    <details className="card card-body mb-3" open={current !== undefined}>
      <summary className="fw-semibold">
        {current
          ? `Timed for batch ${batch}: open ${formatDateTime(current.opens_at, zone)} to ${formatDateTime(current.closes_at, zone)}`
          : `Timed work: open program ${programNumber} to batch ${batch} for a set time`}
      </summary>
      <p className="small text-body-secondary mt-1 mb-0">
        Before it opens the students of the batch see only when it opens; after it closes their work is refused. The day
        and time are on the course clock.
      </p>
      {!current && sentTo > 0 ? (
        <p className="alert alert-warning small mt-2 mb-0" role="note">
          {timedMessages.alreadySent(programNumber, batch, sentTo)}
        </p>
      ) : null}
      <form className="mt-1" onSubmit={handleSubmit(onSet)} noValidate>
        <div className="row g-2">
          <DateInput
            id="timed-date"
            containerClassName="col-12 col-sm-auto"
            label="Opens on"
            {...register('opens_date')}
            error={errors.opens_date}
          />
          <Input
            id="timed-time"
            containerClassName="col-6 col-sm-auto"
            label="At"
            type="time"
            {...register('opens_time')}
            error={errors.opens_time}
          />
          <Input
            id="timed-minutes"
            containerClassName="col-6 col-sm-auto"
            label="Minutes open"
            type="number"
            min={1}
            max={TIMED_LIMITS.maxMinutes}
            {...register('minutes')}
            error={errors.minutes}
          />
        </div>
        {others.length > 0 ? (
          <fieldset className="mt-2">
            <legend className="fs-6 mb-1">Also open these programs in the same window</legend>
            <div className="d-flex flex-wrap column-gap-3 timed-also">
              {others.map((p) => (
                <Checkbox
                  key={p.id}
                  id={`timed-also-${p.id}`}
                  containerClassName="form-check mb-0"
                  label={programLabel(p)}
                  checked={also.includes(p.id)}
                  onChange={(e) =>
                    setAlso((ids) => (e.target.checked ? [...ids, p.id] : ids.filter((id) => id !== p.id)))
                  }
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="d-flex flex-wrap gap-2 mt-2">
          <button type="submit" className="btn btn-primary" disabled={set.isPending}>
            {current ? 'Change the time' : 'Set the time'}
          </button>
          {current ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={remove.isPending}
              onClick={() => onRemove(current.id)}
            >
              Remove the time limit
            </button>
          ) : null}
        </div>
      </form>
      {set.isSuccess ? (
        <p className="text-success small mt-2 mb-0" role="status">
          Timed: {set.data.map((t) => `program ${t.program_number}`).join(', ')}.
        </p>
      ) : null}
      <PanelError error={set.error ?? timings.error} />
      {dialog}
    </details>
  );
}

/** One student's extra minutes on a timed program (0 to take them back). */
export function ExtraTime({ row }: { row: SupervisionRow }) {
  const [minutes, setMinutes] = useState(String(row.extra_minutes));
  const extend = useExtendTime();
  const id = `extra-${row.student_program_id}`;
  return (
    <form
      className="d-flex gap-1 align-items-center"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // An empty box is not 0: the server says what to give.
        extend.mutate({
          studentProgramId: row.student_program_id,
          extraMinutes: minutes.trim() === '' ? Number.NaN : Number(minutes),
        });
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Extra minutes for {row.first_name} {row.last_name}
      </label>
      <input
        id={id}
        className="form-control form-control-sm extra-minutes"
        type="number"
        min={0}
        max={TIMED_LIMITS.maxExtraMinutes}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
      />
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={extend.isPending}>
        Give
      </button>
      <PanelError error={extend.error} />
    </form>
  );
}
