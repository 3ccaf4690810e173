import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../contracts/dates';
import {
  type AttendanceMark,
  type AttendanceRow,
  type BatchSession,
  formatSessionTime,
} from '../../../contracts/schedule';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { attendanceQuery, downloadAttendance, useMarkAttendance } from './api';
import { PanelError } from '../../components/admin-panel';
import { usePanelAction } from '../../lib/use-panel-action';

const statusText: Record<AttendanceRow['status'], string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  upcoming: 'Upcoming',
  'in progress': 'In progress',
};

export function AttendanceSheet({ session, onClose }: { session: BatchSession; onClose: () => void }) {
  const zone = useTimeZone();
  const mark = useMarkAttendance();
  const sheet = useQuery(attendanceQuery(session.id));
  const { run, error } = usePanelAction();
  const setMark = (row: AttendanceRow, value: string) =>
    run(async () => {
      await mark.mutateAsync({
        id: session.id,
        studentId: row.student_id,
        mark: value === '' ? null : (value as AttendanceMark),
      });
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
