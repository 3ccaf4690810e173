import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../contracts/dates';
import type { CourseSession } from '../../../contracts/course-content';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { adminCourseBookQuery, adminSessionsQuery } from '../../lib/course-api';
import { addSession, deleteSession, setCourseBook } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';

/** Create Course (Add/Delete Your Session Details). */
export function CoursePanel({ onExit }: { onExit: () => void }) {
  const client = useQueryClient();
  const sessions = useQuery(adminSessionsQuery());
  const refresh = () => client.invalidateQueries({ queryKey: adminSessionsQuery().queryKey });
  const add = useMutation({ mutationFn: addSession, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteSession, onSuccess: refresh });
  const { confirm, dialog } = useConfirm();
  const askDelete = (session: CourseSession) =>
    void confirm({
      title: `Delete session ${session.session_number}?`,
      message: (
        <p className="mb-0">
          Session {session.session_number} ({formatDate(session.session_date)}) and its lesson video leave every
          student’s My Classes. Doubts asked about it are kept. This cannot be undone.
        </p>
      ),
      confirmLabel: `Delete session ${session.session_number}`,
      action: () => remove.mutateAsync(session.id),
    });
  const [form, setForm] = useState({ session_number: '', session_date: '', topics: '', lesson_video: '' });
  const book = useQuery(adminCourseBookQuery());
  const [bookUrl, setBookUrl] = useState('');
  const saveBook = useMutation({
    mutationFn: setCourseBook,
    onSuccess: () => client.invalidateQueries({ queryKey: adminCourseBookQuery().queryKey }),
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        session_number: form.session_number,
        session_date: form.session_date,
        topics: form.topics,
        lesson_video: form.lesson_video || undefined,
      },
      { onSuccess: () => setForm({ session_number: '', session_date: '', topics: '', lesson_video: '' }) },
    );
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
                <th scope="col">Date</th>
                <th scope="col">Topics</th>
                <th scope="col">Video</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id}>
                  <td>{s.session_number}</td>
                  <td className="text-nowrap">{formatDate(s.session_date)}</td>
                  <td className="topics-cell">{s.topics}</td>
                  <td className="text-nowrap">{s.lesson_video ?? '—'}</td>
                  <td>
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
      <h3 className="h5 mt-3">Add a session</h3>
      <PanelError error={add.error} />
      <form className="row g-2" onSubmit={onAdd}>
        <div className="col-sm-3">
          <label className="form-label" htmlFor="session-number">
            Session number
          </label>
          <input
            id="session-number"
            className="form-control"
            type="number"
            min={1}
            required
            value={form.session_number}
            onChange={(e) => setForm({ ...form, session_number: e.target.value })}
          />
        </div>
        <div className="col-sm-3">
          <label className="form-label" htmlFor="session-date">
            Session date
          </label>
          <input
            id="session-date"
            className="form-control"
            type="date"
            required
            value={form.session_date}
            onChange={(e) => setForm({ ...form, session_date: e.target.value })}
          />
        </div>
        <div className="col-sm-6">
          <label className="form-label" htmlFor="session-video">
            Lesson video (YouTube link or id)
          </label>
          <input
            id="session-video"
            className="form-control"
            value={form.lesson_video}
            onChange={(e) => setForm({ ...form, lesson_video: e.target.value })}
          />
        </div>
        <div className="col-12">
          <label className="form-label" htmlFor="session-topics">
            Topics
          </label>
          <textarea
            id="session-topics"
            className="form-control"
            required
            rows={2}
            value={form.topics}
            onChange={(e) => setForm({ ...form, topics: e.target.value })}
          />
        </div>
        <div className="col-12">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add
          </button>
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
      <form
        className="d-flex flex-wrap gap-2 align-items-end"
        onSubmit={(event) => {
          event.preventDefault();
          // An empty link removes the book students see: asked first, like every other removal.
          if (bookUrl.trim() === '' && book.data?.preview_url) {
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
          saveBook.mutate(bookUrl, { onSuccess: () => setBookUrl('') });
        }}
      >
        <div className="flex-grow-1">
          <label className="form-label" htmlFor="course-book-url">
            Google Drive link of the course book (empty to remove)
          </label>
          <input
            id="course-book-url"
            className="form-control"
            type="url"
            placeholder="https://drive.google.com/file/d/…"
            value={bookUrl}
            onChange={(e) => setBookUrl(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={saveBook.isPending}>
          Save course book
        </button>
      </form>
    </AdminPanel>
  );
}
