import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { courseWallClock, formatDateTime } from '../../../contracts/dates';
import {
  type AttendanceMark,
  type AttendanceRow,
  type BatchSession,
  type BatchSessionFormInput,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type BatchSessionUpdateInput,
  batchSessionInputSchema,
  batchSessionUpdateSchema,
  formatSessionTime,
  MAX_DURATION_MINUTES,
  type ScheduleGenerate,
  scheduleGenerateFormSchema,
  type ScheduleGenerateFormInput,
  WEEKDAYS,
  weekdayLabels,
} from '../../../contracts/schedule';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { useConfirm } from '../../components/confirm-dialog';
import { Input } from '../../components/form-kit';
import type { ErrorLike } from '../../components/field-error';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { adminKey } from '../../lib/query-keys';
import {
  addBatchSession,
  attendanceQuery,
  deleteBatchSession,
  downloadAttendance,
  generateSchedule,
  markAttendance,
  scheduleQuery,
  updateBatchSession,
} from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { CalendarCard } from '../../components/calendar-card';
import { usePanelAction } from './use-panel-action';
import { BatchSuggestions } from './batch-picker';

const statusText: Record<AttendanceRow['status'], string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  upcoming: 'Upcoming',
  'in progress': 'In progress',
};

/** Date, start time and length: the fields a session is added, edited and generated with. */
function TimeFields({
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
      <Input
        id={`${prefix}-date`}
        containerClassName="col-sm-4"
        label={dateLabel}
        type="date"
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

function EditSession({ session, onDone }: { session: BatchSession; onDone: (message?: string) => void }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const clock = courseWallClock(session.starts_at, zone);
  const form = useForm<BatchSessionUpdateInput, unknown, BatchSessionUpdate>({
    resolver: zodResolver(batchSessionUpdateSchema),
    defaultValues: {
      date: clock?.date ?? '',
      start_time: clock?.time ?? '',
      duration_minutes: session.duration_minutes,
    },
  });
  const [error, setError] = useState<unknown>(null);
  const onSave = async (input: BatchSessionUpdate) => {
    setError(null);
    try {
      await updateBatchSession(session.id, input);
      await client.invalidateQueries({ queryKey: adminKey });
      onDone(`Session ${session.session_number} saved.`);
    } catch (caught) {
      setError(caught);
    }
  };
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
        <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
          Save session {session.session_number}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AttendanceSheet({ session, onClose }: { session: BatchSession; onClose: () => void }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const sheet = useQuery(attendanceQuery(session.id));
  const { run, error } = usePanelAction();
  const setMark = (row: AttendanceRow, value: string) =>
    run(async () => {
      await markAttendance(session.id, row.student_id, value === '' ? null : (value as AttendanceMark));
      // The sheet and the student lists' Attendance column.
      await client.invalidateQueries({ queryKey: adminKey });
    });
  const download = () =>
    run(() =>
      downloadAttendance(session.id, `attendance-batch-${session.batch_number}-session-${session.session_number}.csv`),
    );
  return (
    <section className="card card-body mb-3" aria-labelledby="attendance-heading">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h3 id="attendance-heading" className="h6 mb-0 me-auto">
          Attendance: session {session.session_number}, {formatSessionTime(session.starts_at, session.ends_at, zone)}
        </h3>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void download()}>
          Download CSV
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <PanelError error={sheet.error ?? error} />
      {sheet.isPending ? <PageSpinner /> : null}
      {sheet.data?.rows.length === 0 ? <p className="mb-0">No student in batch {session.batch_number} yet.</p> : null}
      {sheet.data && sheet.data.rows.length > 0 ? (
        <ScrollRegion label={`Attendance of session ${session.session_number}`}>
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Joined at</th>
                <th scope="col">Status</th>
                <th scope="col">Correction</th>
              </tr>
            </thead>
            <tbody>
              {sheet.data.rows.map((row) => {
                const name = `${row.first_name} ${row.last_name}`;
                return (
                  <tr key={row.student_id}>
                    <td>{name}</td>
                    <td className="text-nowrap">{row.email}</td>
                    <td className="text-nowrap">{row.joined_at ? formatDateTime(row.joined_at, zone) : '—'}</td>
                    <td className="text-nowrap">
                      {statusText[row.status]}
                      {row.mark ? <span className="badge text-bg-warning ms-1">corrected</span> : null}
                    </td>
                    <td>
                      <label className="visually-hidden" htmlFor={`mark-${row.student_id}`}>
                        Correction for {name}
                      </label>
                      <select
                        id={`mark-${row.student_id}`}
                        className="form-select form-select-sm mark-select"
                        value={row.mark ?? ''}
                        onChange={(e) => void setMark(row, e.target.value)}
                      >
                        <option value="">As joined</option>
                        <option value="present">Present</option>
                        <option value="late">Late</option>
                        <option value="absent">Absent</option>
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}

function GenerateForm({ batch, onDone }: { batch: number; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const form = useForm<ScheduleGenerateFormInput, unknown, ScheduleGenerate>({
    resolver: zodResolver(scheduleGenerateFormSchema),
    defaultValues: { first_date: '', start_time: '19:00', duration_minutes: 90, weekdays: ['mon', 'wed', 'fri'] },
  });
  const errors = form.formState.errors;
  const [error, setError] = useState<unknown>(null);
  const onGenerate = async (input: ScheduleGenerate) => {
    setError(null);
    try {
      const before = client.getQueryData(scheduleQuery(batch).queryKey)?.length ?? 0;
      const sessions = await generateSchedule(batch, input);
      await client.invalidateQueries({ queryKey: adminKey });
      onDone(`${plural(sessions.length - before, 'session')} scheduled for batch ${batch}.`);
    } catch (caught) {
      setError(caught);
    }
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
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            Generate schedule
          </button>
        </div>
      </div>
    </form>
  );
}

function AddSessionForm({ batch, onDone }: { batch: number; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const blank = { session_number: '', date: '', start_time: '19:00', duration_minutes: 90 };
  const form = useForm<BatchSessionFormInput, unknown, BatchSessionInput>({
    resolver: zodResolver(batchSessionInputSchema),
    defaultValues: blank,
  });
  const errors = form.formState.errors;
  const [error, setError] = useState<unknown>(null);
  const onAdd = async (input: BatchSessionInput) => {
    setError(null);
    try {
      const added = await addBatchSession(batch, input);
      await client.invalidateQueries({ queryKey: adminKey });
      form.reset(blank);
      onDone(`Session ${added.session_number} added to batch ${batch}.`);
    } catch (caught) {
      setError(caught);
    }
  };
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
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            Add session
          </button>
        </div>
      </div>
    </form>
  );
}

/** Class Schedule: a batch's dated sessions, generated or added one by one, edited, deleted, and their attendance. */
export function SchedulePanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [batch, setBatch] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [attendanceOf, setAttendanceOf] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const sessions = useQuery({ ...scheduleQuery(batch ?? 0), enabled: batch !== null });
  const { confirm, dialog } = useConfirm();
  const number = Number(typed);

  const show = () => {
    setBatch(number);
    setEditing(null);
    setAttendanceOf(null);
    setMessage('');
  };
  const askDelete = (session: BatchSession) =>
    void confirm({
      title: `Delete session ${session.session_number} of batch ${session.batch_number}?`,
      message: (
        <p className="mb-0">
          The class of {formatSessionTime(session.starts_at, session.ends_at, zone)} leaves the timetable of every
          student of batch {session.batch_number}, with its attendance. Reminders not sent yet are withdrawn. This
          cannot be undone.
        </p>
      ),
      confirmLabel: `Delete session ${session.session_number}`,
      action: async () => {
        await deleteBatchSession(session.id);
        if (editing === session.id) setEditing(null);
        if (attendanceOf === session.id) setAttendanceOf(null);
        await client.invalidateQueries({ queryKey: adminKey });
        setMessage(`Session ${session.session_number} deleted.`);
      },
    });
  const editingSession = sessions.data?.find((s) => s.id === editing);
  const attendanceSession = sessions.data?.find((s) => s.id === attendanceOf);

  return (
    <AdminPanel title="Class Schedule" onExit={onExit}>
      <form
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (number >= 1) show();
        }}
      >
        <div>
          <label className="form-label" htmlFor="schedule-batch">
            Batch number
          </label>
          <input
            id="schedule-batch"
            className="form-control"
            type="number"
            min={1}
            list="schedule-batches"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <BatchSuggestions id="schedule-batches" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!(number >= 1)}>
          Show schedule
        </button>
      </form>
      {message ? (
        <div className="alert alert-success" role="status">
          {message}
        </div>
      ) : null}
      {batch !== null ? (
        <>
          <h3 className="h5">Sessions of batch {batch}</h3>
          <PanelError error={sessions.error} />
          {sessions.isPending ? <PageSpinner /> : null}
          {sessions.data?.length === 0 ? <p>No session scheduled for batch {batch} yet.</p> : null}
          {sessions.data && sessions.data.length > 0 ? (
            <ScrollRegion label={`Sessions of batch ${batch}`} className="mb-3">
              <table className="table table-sm align-middle mb-0">
                <thead>
                  <tr>
                    <th scope="col">Session</th>
                    <th scope="col">Date and time</th>
                    <th scope="col">Topics</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.data.map((s) => (
                    <tr key={s.id}>
                      <td>{s.session_number}</td>
                      <td className="text-nowrap">{formatSessionTime(s.starts_at, s.ends_at, zone)}</td>
                      <td className="topics-cell">{s.topics}</td>
                      <td className="text-nowrap">
                        <div className="d-flex gap-1">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            onClick={() => {
                              setEditing(s.id);
                              setMessage('');
                            }}
                          >
                            Edit<span className="visually-hidden"> session {s.session_number}</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-success"
                            onClick={() => setAttendanceOf(s.id)}
                          >
                            Attendance<span className="visually-hidden"> of session {s.session_number}</span>
                          </button>
                          <button type="button" className="btn btn-sm btn-danger" onClick={() => askDelete(s)}>
                            Delete<span className="visually-hidden"> session {s.session_number}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
          {editingSession ? (
            <EditSession
              key={editingSession.id}
              session={editingSession}
              onDone={(text) => {
                setEditing(null);
                if (text) setMessage(text);
              }}
            />
          ) : null}
          {attendanceSession ? (
            <AttendanceSheet
              key={attendanceSession.id}
              session={attendanceSession}
              onClose={() => setAttendanceOf(null)}
            />
          ) : null}
          {dialog}
          <GenerateForm key={`generate-${batch}`} batch={batch} onDone={setMessage} />
          <AddSessionForm key={`add-${batch}`} batch={batch} onDone={setMessage} />
        </>
      ) : null}
      <CalendarCard teacher />
    </AdminPanel>
  );
}
