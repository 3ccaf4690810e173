import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  type ScheduleGenerate,
  scheduleGenerateFormSchema,
  type ScheduleGenerateFormInput,
  WEEKDAYS,
  weekdayLabels,
} from '../../../contracts/schedule';
import { plural } from '../../../contracts/wording';
import { scheduleQuery, useGenerateSchedule } from './api';
import { PanelError } from '../../components/admin-panel';
import { TimeFields } from './session-forms';

export function GenerateForm({ batch, onDone }: { batch: number; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const form = useForm<ScheduleGenerateFormInput, unknown, ScheduleGenerate>({
    resolver: zodResolver(scheduleGenerateFormSchema),
    defaultValues: { first_date: '', start_time: '19:00', duration_minutes: 90, weekdays: ['mon', 'wed', 'fri'] },
  });
  const errors = form.formState.errors;
  const generate = useGenerateSchedule();
  const error = generate.error;
  const onGenerate = (input: ScheduleGenerate) => {
    const before = client.getQueryData(scheduleQuery(batch).queryKey)?.length ?? 0;
    generate.mutate(
      { batch, input },
      {
        onSuccess: (sessions) => onDone(`${plural(sessions.length - before, 'session')} scheduled for batch ${batch}.`),
      },
    );
  };
  return (
    <form onSubmit={form.handleSubmit(onGenerate)} noValidate>
      <h3 className="h5 mt-4">Generate the schedule</h3>
      <p className="text-body-secondary mb-2">
        One session for each session of the course plan not yet scheduled for this batch, in plan order, on the chosen
        weekdays from the first date.
      </p>
      <PanelError error={error} />
      <div className="row g-2">
        <TimeFields
          prefix="generate"
          fields={{
            date: form.register('first_date'),
            start_time: form.register('start_time'),
            duration_minutes: form.register('duration_minutes'),
          }}
          errors={{ date: errors.first_date, start_time: errors.start_time, duration_minutes: errors.duration_minutes }}
          dateLabel="First date (empty: the batch’s start date)"
          dateRequired={false}
        />
        <fieldset className="col-12" aria-describedby={errors.weekdays ? 'generate-weekdays-error' : undefined}>
          <legend className="form-label fs-6 mb-1">Weekdays</legend>
          <div className="d-flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => (
              <div key={day} className="form-check">
                <input
                  id={`generate-${day}`}
                  className="form-check-input"
                  type="checkbox"
                  value={day}
                  {...form.register('weekdays')}
                />
                <label className="form-check-label" htmlFor={`generate-${day}`}>
                  {weekdayLabels[day]}
                </label>
              </div>
            ))}
          </div>
          {errors.weekdays ? (
            <div id="generate-weekdays-error" className="text-danger small" role="alert">
              {errors.weekdays.message}
            </div>
          ) : null}
        </fieldset>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={generate.isPending}>
            Generate schedule
          </button>
        </div>
      </div>
    </form>
  );
}
