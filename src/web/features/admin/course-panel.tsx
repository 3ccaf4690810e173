import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import {
  type CourseSession,
  type CourseSessionInput,
  courseBookInputSchema,
  courseSessionInputSchema,
} from '../../../contracts/course-content';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { adminCourseBookQuery, adminSessionsQuery } from '../../lib/course-api';
import { addSession, batchesQuery, deleteSession, setCourseBook, updateSession } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { Input, Textarea } from '../../components/form-kit';

const blankSession = { session_number: '', session_date: '', topics: '', lesson_video: '' };
type CourseBookInput = z.input<typeof courseBookInputSchema>;

/**
 * Create Course (Add/Delete Your Session Details). Both forms check what is typed with the request's schema and send
 * it as typed (`raw`): the server parses the same schema, turning a YouTube link into its id and an empty book link
 * into no book.
 */
export function CoursePanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const sessions = useQuery(adminSessionsQuery());
  const refresh = () => client.invalidateQueries({ queryKey: adminSessionsQuery().queryKey });
  const add = useMutation({ mutationFn: addSession, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteSession, onSuccess: refresh });
  const update = useMutation({ mutationFn: updateSession, onSuccess: refresh });
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
  const book = useQuery(adminCourseBookQuery());
  const bookForm = useForm<CourseBookInput>({
    resolver: zodResolver(courseBookInputSchema, undefined, { raw: true }),
    defaultValues: { url: '' },
  });
  const bookError = bookForm.formState.errors.url;
  const saveBook = useMutation({
    mutationFn: setCourseBook,
    onSuccess: () => client.invalidateQueries({ queryKey: adminCourseBookQuery().queryKey }),
  });

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
          void client.invalidateQueries({ queryKey: batchesQuery().queryKey });
        },
      });
  };

  const onSaveBook = ({ url }: CourseBookInput) => {
    // An empty link removes the book students see: asked first, like every other removal.
    if (url.trim() === '' && book.data?.preview_url) {
      void confirm({
        title: 'Remove the course book?',
        message: (
          <p className="mb-0">Students no longer see the course book in My Classes until you save a new link.</p>
        ),
        confirmLabel: 'Remove the course book',
        action: () => saveBook.mutateAsync(''),
      });
      return;
    }
    saveBook.mutate(url, { onSuccess: () => bookForm.reset({ url: '' }) });
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
        <Input
          id="session-date"
          containerClassName="col-sm-3"
          label="Planned date"
          type="date"
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
      <h3 className="h5 mt-4">Course book</h3>
      <p className="mb-1">
        {book.data?.preview_url ? (
          <>
            Students see{' '}
            <a href={book.data.preview_url} target="_blank" rel="noopener noreferrer">
              this Google Drive file
            </a>{' '}
            in My Classes.
          </>
        ) : (
          'No course book yet.'
        )}
      </p>
      <PanelError error={saveBook.error} />
      <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={bookForm.handleSubmit(onSaveBook)} noValidate>
        <Input
          id="course-book-url"
          containerClassName="flex-grow-1"
          label="Google Drive link of the course book (empty to remove)"
          type="url"
          placeholder="https://drive.google.com/file/d/…"
          {...bookForm.register('url')}
          error={bookError}
        />
        <button type="submit" className="btn btn-outline-primary" disabled={saveBook.isPending}>
          Save course book
        </button>
      </form>
    </AdminPanel>
  );
}
