import type { UseQueryResult } from '@tanstack/react-query';
import type { BatchInfo } from '../../../contracts/admin';
import { formatDate } from '../../../contracts/dates';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { ScrollRegion } from '../../components/scroll-region';
import { errorText } from '../../lib/error-text';

/** Where a batch's timetable stands: none yet, complete, or lacking sessions added to the plan since. */
export function timetableWords(batch: BatchInfo): string {
  if (batch.classes === 0) return 'No timetable yet';
  const classes = plural(batch.classes, 'class', 'classes');
  const missing = batch.plan_missing;
  if (missing.length === 0) return classes;
  if (missing.length <= 3) return `${classes}; lacks session ${missing.join(', ')}`;
  return `${classes}; lacks ${missing.length} sessions of the plan (${missing.slice(0, 2).join(', ')}, …)`;
}

/** Every batch at a glance: its size, start date, meeting link and timetable; Open shows its students. */
export function BatchList({
  batches,
  onOpen,
}: {
  batches: UseQueryResult<BatchInfo[]>;
  onOpen: (batch: number) => void;
}) {
  const zone = useTimeZone();
  if (batches.isError) return <div className="alert alert-danger">{errorText(batches.error)}</div>;
  if (!batches.data) return <p className="text-body-secondary">Loading the batches…</p>;
  if (batches.data.length === 0) return <p className="text-body-secondary">No batch yet: give a number below.</p>;
  return (
    <ScrollRegion label="Batches">
      {/* Roles spelled out: a table shown as cards (display: block) keeps its semantics. */}
      <table className="table table-sm align-middle batch-list table-cards" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Batch
            </th>
            <th scope="col" role="columnheader">
              Students
            </th>
            <th scope="col" role="columnheader">
              Start date
            </th>
            <th scope="col" role="columnheader">
              Meeting link
            </th>
            <th scope="col" role="columnheader">
              Timetable
            </th>
            <th scope="col" role="columnheader">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {batches.data.map((b) => (
            <tr key={b.batch_number} role="row">
              <th scope="row" role="rowheader" data-label="Batch">
                {b.batch_number}
              </th>
              <td role="cell" data-label="Students">
                {b.students}
              </td>
              <td role="cell" data-label="Start date" className="text-nowrap">
                {b.start_date ? formatDate(b.start_date, zone) : 'Not set'}
              </td>
              <td role="cell" data-label="Meeting link">
                {b.meeting_link ? 'Set' : 'Not set'}
              </td>
              <td
                role="cell"
                data-label="Timetable"
                className={b.plan_missing.length > 0 && b.classes > 0 ? 'text-danger-emphasis' : undefined}
              >
                {timetableWords(b)}
              </td>
              <td role="cell">
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onOpen(b.batch_number)}>
                  Open<span className="visually-hidden"> batch {b.batch_number}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
