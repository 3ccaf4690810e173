import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BatchSession, formatSessionTime } from '../../../contracts/schedule';
import { useTimeZone } from '../../lib/site-info';
import { useConfirm } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { scheduleQuery, useDeleteBatchSession } from './api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { CalendarCard } from './calendar-card';
import { BatchSuggestions } from '../../components/batch-picker';
import { EditSession, AddSessionForm } from './session-forms';
import { AttendanceSheet } from './attendance-sheet';
import { GenerateForm } from './generate-schedule-form';

/** Class Schedule: a batch's dated sessions, generated or added one by one, edited, deleted, and their attendance. */
export function SchedulePanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const remove = useDeleteBatchSession();
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
        await remove.mutateAsync(session.id);
        if (editing === session.id) setEditing(null);
        if (attendanceOf === session.id) setAttendanceOf(null);
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
