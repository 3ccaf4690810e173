import { useQuery, useQueryClient } from '@tanstack/react-query';
import { programLabel } from '../../../../contracts/course-content';
import { useEffect, useState } from 'react';
import { useTimeZone } from '../../../lib/site-info';
import { ScrollRegion } from '../../../components/scroll-region';
import { studentCodeQuery, supervisionQuery, supervisionStreamUrl } from './api';
import { useLiveChanges } from '../live-changes';
import { AdminPanel, PanelError } from '../../../components/admin-panel';
import { programsQuery } from '../../../lib/programs-api';
import { BatchSuggestions } from '../../../components/batch-picker';
import { StudentCodeView } from './student-code-view';
import { LIVE_MS, ago } from './student-code-view';
import { formatManualScore } from '../../../../contracts/grading';
import { plural } from '../../../../contracts/wording';
import { timedWorkQuery, useReleaseGrades } from './grading-api';
import { ExtraTime, TimedWorkForm } from './timed-work-form';

/** How often "12 s ago" is recomputed (no request: the stream brings changes). */
const TICK_MS = 5000;

/**
 * Live supervision: every student of a batch on one program — draft, last run, best score — refetched when the
 * server's stream says a student's program changed (every 3 s while the stream is down).
 */
export function SupervisionPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
  const programs = useQuery(programsQuery());
  const [programNumber, setProgramNumber] = useState<number | null>(null);
  const [batch, setBatch] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const batchNumber = Number(batch) >= 1 ? Number(batch) : null;
  const client = useQueryClient();
  const live = useLiveChanges(
    programNumber === null ? null : supervisionStreamUrl(programNumber, batchNumber),
    (changes) => {
      // The server gathers a burst into one event: at most a few refetches a second however many students type. A
      // fetch in flight is restarted (TanStack's default), as it may have read the rows before this change.
      void client.invalidateQueries({ queryKey: supervisionQuery(programNumber, batchNumber).queryKey });
      if (open !== null && (changes.length === 0 || changes.some((c) => c.student_program_id === open)))
        void client.invalidateQueries({ queryKey: studentCodeQuery(open).queryKey });
    },
  );
  const rows = useQuery({
    ...supervisionQuery(programNumber, batchNumber),
    enabled: programNumber !== null,
    refetchInterval: live ? false : LIVE_MS,
  });
  const timings = useQuery({ ...timedWorkQuery(batchNumber), enabled: batchNumber !== null });
  const timed = timings.data?.some((t) => t.program_number === programNumber) ?? false;
  const release = useReleaseGrades();
  const unreleased = rows.data?.filter((row) => row.grade && !row.grade.released).length ?? 0;
  // "Draft saved 12 s ago" keeps counting while nobody types.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <AdminPanel title="Live supervision" onExit={onExit}>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label className="form-label" htmlFor="supervise-program">
            Program
          </label>
          <select
            id="supervise-program"
            className="form-select"
            value={programNumber ?? ''}
            onChange={(e) => setProgramNumber(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a program</option>
            {programs.data?.map((p) => (
              <option key={p.id} value={p.program_number}>
                {programLabel(p)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label" htmlFor="supervise-batch">
            Batch number (optional)
          </label>
          <input
            id="supervise-batch"
            className="form-control"
            type="number"
            min={1}
            list="supervise-batch-batches"
            value={batch}
            onChange={(e) => setBatch(e.target.value)}
          />
          <BatchSuggestions id="supervise-batch-batches" />
        </div>
        {programNumber !== null ? (
          <span className="small text-body-secondary mb-2" data-testid="supervision-mode">
            {live ? 'Live' : 'Refreshing every 3 s'}
          </span>
        ) : null}
        {/* Always there, so the layout doesn't jump at each refresh. */}
        <span className={`small text-body-secondary mb-2 ${rows.isFetching ? '' : 'invisible'}`} aria-hidden="true">
          Updating…
        </span>
      </div>
      <PanelError error={programs.error ?? rows.error ?? release.error} />
      {programNumber !== null && batchNumber !== null && programs.data ? (
        <TimedWorkForm
          key={`${programNumber}-${batchNumber}`}
          programNumber={programNumber}
          batch={batchNumber}
          programs={programs.data}
          sentTo={rows.data?.length ?? 0}
        />
      ) : null}
      {programNumber !== null && unreleased > 0 ? (
        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <button
            type="button"
            className="btn btn-success"
            disabled={release.isPending}
            onClick={() => release.mutate({ program_number: programNumber, student_batch: batchNumber ?? undefined })}
          >
            Release {plural(unreleased, 'grade')}
          </button>
          <span className="small text-body-secondary">
            Students see their grade by rubric once it is released{batchNumber ? ` (batch ${batchNumber})` : ''}.
          </span>
        </div>
      ) : null}
      {release.isSuccess ? (
        <p className="text-success small" role="status">
          Released {plural(release.data.released, 'grade')}.
        </p>
      ) : null}
      {open !== null ? <StudentCodeView studentProgramId={open} onClose={() => setOpen(null)} live={live} /> : null}
      {programNumber === null ? <p>Choose a program to see every student working on it.</p> : null}
      {rows.data && rows.data.length === 0 ? (
        <p>No student has this program{batchNumber ? ` in batch ${batchNumber}` : ''} yet.</p>
      ) : null}
      {rows.data && rows.data.length > 0 ? (
        <ScrollRegion label="Students working on the program">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Draft saved</th>
                <th scope="col">Last run</th>
                <th scope="col">Best score</th>
                <th scope="col">By hand</th>
                <th scope="col">Submissions</th>
                {timed ? <th scope="col">Extra minutes</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.data.map((row) => (
                <tr
                  key={row.student_program_id}
                  className={
                    row.last_run_summary && !/finished|\d+\/\d+/.test(row.last_run_summary)
                      ? 'table-warning'
                      : undefined
                  }
                >
                  <td>
                    {row.first_name} {row.last_name}
                    <div className="small text-body-secondary text-nowrap">{row.email}</div>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary mt-1"
                      onClick={() => setOpen(row.student_program_id)}
                    >
                      Open code
                      <span className="visually-hidden">
                        {' '}
                        of {row.first_name} {row.last_name}
                      </span>
                    </button>
                  </td>
                  <td>{ago(row.draft_saved_at, zone)}</td>
                  <td>
                    {row.last_run_summary ?? '—'}
                    {row.last_run_at ? (
                      <div className="small text-body-secondary">{ago(row.last_run_at, zone)}</div>
                    ) : null}
                  </td>
                  <td>{row.best_score !== null ? `${row.best_score} / ${row.best_total}` : '—'}</td>
                  <td>{row.grade ? formatManualScore(row.grade, true) : '—'}</td>
                  <td>{row.submissions}</td>
                  {timed ? (
                    <td>
                      <ExtraTime key={row.extra_minutes} row={row} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </AdminPanel>
  );
}
