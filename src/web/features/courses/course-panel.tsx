import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDate } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import {
  type CourseSession,
  type CourseSessionInput,
  courseSessionInputSchema,
} from '../../../contracts/course-content';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { adminSessionsQuery } from '../../lib/course-api';
import { useAddSession, useDeleteSession, useUpdateSession } from './api';
import { batchesQuery } from '../../lib/batches-api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { DateInput, Input, Textarea } from '../../components/form-kit';
import { CourseBookForm } from './course-book-form';

const blankSession = { session_number: '', session_date: '', topics: '', lesson_video: '' };

/**
 * Create Course (Add/Delete Your Session Details). Both forms check what is typed with the request's schema and send
 * it as typed (`raw`): the server parses the same schema, turning a YouTube link into its id and an empty book link
 * into no book.
 */
export function CoursePanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const sessions = useQuery(adminSessionsQuery());
  const add = useAddSession();
  const remove = useDeleteSession();
  const update = useUpdateSession();
  // The session being edited in the form below (null: the form adds a new one).
  const [editing, setEditing] = useState<CourseSession | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // A session just added to the plan: the batches whose timetable was made before it don't have it.
  const [added, setAdded] = useState<number | null>(null);
  const batches = useQuery({ ...batchesQuery(), enabled: added !== null });
  const lacking = (batches.data ?? [])
    .filter((b) => b.classes > 0 && added !== null && b.plan_missing.includes(added))
    .map((b) => b.batch_number);
  const { confirm, dialog } = useConfirm();
  const askDelete = (session: CourseSession) =>
    void confirm({
      title: `Delete session ${session.session_number}?`,
      message: (
        <p className="mb-0">
          Session {session.session_number} ({formatDate(session.session_date, zone)}) and its lesson video leave every
          student’s My Classes. Doubts asked about it are kept. This cannot be undone.
        </p>
      ),
      confirmLabel: `Delete session ${session.session_number}`,
      action: () => remove.mutateAsync(session.id),
    });
  const sessionForm = useForm<CourseSessionInput>({
    resolver: zodResolver(courseSessionInputSchema, undefined, { raw: true }),
    defaultValues: blankSession,
  });
  const sessionErrors = sessionForm.formState.errors;

  const startEditing = (session: CourseSession) => {
    setEditing(session);
    update.reset();
    sessionForm.reset({
      session_number: String(session.session_number),
      session_date: session.session_date,
      topics: session.topics,
      lesson_video: session.lesson_video ?? '',
    });
    formHeading.current?.scrollIntoView({ block: 'start' });
    formHeading.current?.focus({ preventScroll: true });
  };
  const stopEditing = () => {
    setEditing(null);
    sessionForm.reset(blankSession);
  };

  const onAdd = (input: CourseSessionInput) => {
    const body = { ...input, lesson_video: input.lesson_video || undefined };
    if (editing) update.mutate({ id: editing.id, input: body }, { onSuccess: stopEditing });
    else
      add.mutate(body, {
        onSuccess: (session) => {
          sessionForm.reset(blankSession);
          setAdded(session.session_number);
        },
      });
  };

  return (
    <AdminPanel title="Create Course (Add/Delete Your Session Details)" onExit={onExit}>
      <PanelError error={sessions.error} />
      {sessions.isPending ? <PageSpinner /> : null}
      {sessions.data?.length === 0 ? <p>No session yet.</p> : null}
      {sessions.data && sessions.data.length > 0 ? (
        <ScrollRegion label="Sessions">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Planned date</th>
                <th scope="col">Topics</th>
                <th scope="col">Video</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id}>
                  <td>{s.session_number}</td>
                  <td className="text-nowrap">{formatDate(s.session_date, zone)}</td>
                  <td className="topics-cell">{s.topics}</td>
                  <td className="text-nowrap">{s.lesson_video ?? '—'}</td>
                  <td className="text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary me-1"
                      onClick={() => startEditing(s)}
                    >
                      Edit<span className="visually-hidden"> session {s.session_number}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={remove.isPending}
                      onClick={() => askDelete(s)}
                    >
                      Delete<span className="visually-hidden"> session {s.session_number}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {dialog}
      <h3 ref={formHeading} className="h5 mt-3" tabIndex={-1}>
        {editing ? `Edit session ${editing.session_number}` : 'Add a session'}
      </h3>
      <p className="small text-body-secondary mb-2">
        The date is the plan’s: each batch’s own class dates and times are set in Class Schedule.
      </p>
      <PanelError error={editing ? update.error : add.error} />
      {added !== null && lacking.length > 0 ? (
        <div className="alert alert-warning" role="status">
          Session {added} is in the plan, but not on the timetable of batch{lacking.length > 1 ? 'es' : ''}{' '}
          {lacking.join(', ')}: add it in Class Schedule (Generate adds the sessions a timetable lacks).
        </div>
      ) : null}
      <form className="row g-2" onSubmit={sessionForm.handleSubmit(onAdd)} noValidate>
        <Input
          id="session-number"
          containerClassName="col-sm-3"
          label="Session number"
          type="number"
          min={1}
          required
          {...sessionForm.register('session_number')}
          error={sessionErrors.session_number}
        />
        <DateInput
          id="session-date"
          containerClassName="col-sm-3"
          label="Planned date"
          required
          {...sessionForm.register('session_date')}
          error={sessionErrors.session_date}
        />
        <Input
          id="session-video"
          containerClassName="col-sm-6"
          label="Lesson video (YouTube link or id)"
          {...sessionForm.register('lesson_video')}
          error={sessionErrors.lesson_video}
        />
        <Textarea
          id="session-topics"
          containerClassName="col-12"
          label="Topics"
          required
          rows={2}
          {...sessionForm.register('topics')}
          error={sessionErrors.topics}
        />
        <div className="col-12">
          {editing ? (
            <>
              <button type="submit" className="btn btn-primary me-2" disabled={update.isPending}>
                Save session {editing.session_number}
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={stopEditing}>
                Cancel
              </button>
            </>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              Add
            </button>
          )}
        </div>
      </form>
      <CourseBookForm />
    </AdminPanel>
  );
}
