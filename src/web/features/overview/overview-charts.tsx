import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatRupees } from '../../../contracts/course';
import { formatDate } from '../../../contracts/dates';
import { type Charts, overviewWords, SCORE_BUCKETS } from '../../../contracts/overview';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { PanelError } from '../../components/admin-panel';
import { chartsQuery } from './api';
import { programsQuery } from '../../lib/programs-api';
import { programLabel } from '../../../contracts/course-content';
import { COLORS, ChartCard } from './chart-card';

/** "30 Nov": a week's Monday, short enough for an axis. */
const shortDate = (date: string, zone: string) => formatDate(date, zone).replace(/ \d{4}$/, '');

function WeeksChart({ weeks }: { weeks: Charts['weeks'] }) {
  const zone = useTimeZone();
  const signups = weeks.reduce((sum, w) => sum + w.signups, 0);
  const payments = weeks.reduce((sum, w) => sum + w.payments, 0);
  const busiest = weeks.reduce((best, w) => (w.signups > best.signups ? w : best), weeks[0]!);
  const summary =
    `Bar chart of sign-ups and payments in each of the last ${weeks.length} weeks: ` +
    `${plural(signups, 'sign-up')} and ${plural(payments, 'payment')} in all` +
    (signups > 0
      ? `, most sign-ups in the week of ${formatDate(busiest.week_start, zone)} (${busiest.signups}).`
      : '.');
  return (
    <ChartCard
      title="Sign-ups and payments per week"
      summary={summary}
      labels={weeks.map((w) => shortDate(w.week_start, zone))}
      series={[
        { label: 'Sign-ups', color: COLORS.blue, values: weeks.map((w) => w.signups) },
        { label: 'Payments', color: COLORS.green, values: weeks.map((w) => w.payments) },
      ]}
      empty={signups + payments === 0 ? overviewWords.noSignups : null}
      tableLabel="Numbers of the weekly chart"
      table={
        <table className="table table-sm mb-0">
          <caption className="visually-hidden">Sign-ups and payments per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Payments</th>
              <th scope="col">Fees</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{formatDate(w.week_start, zone)}</th>
                <td>{w.signups}</td>
                <td>{w.payments}</td>
                <td>{formatRupees(w.paid_paise / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function ScoresChart({ scores }: { scores: Charts['scores'] }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const program = scores.find((p) => p.program_number === chosen) ?? scores.at(-1);
  // Each program is named by its title too ("Program 6: File handling…"), as in every other picker.
  const tasks = new Map(useQuery(programsQuery()).data?.map((p) => [p.program_number, p.task]));
  const students = program ? program.buckets.reduce((sum, n) => sum + n, 0) : 0;
  const summary = program
    ? `Bar chart of the best scores of ${plural(students, 'student')} in program ${program.program_number}: ` +
      SCORE_BUCKETS.map((bucket, i) => `${program.buckets[i] ?? 0} scored ${bucket}`).join(', ') +
      '.'
    : '';
  return (
    <ChartCard
      title="Score distribution per program"
      summary={summary}
      labels={[...SCORE_BUCKETS]}
      series={[{ label: 'Students', color: COLORS.blue, values: program?.buckets ?? [] }]}
      empty={program ? null : overviewWords.noScores}
      tableLabel="Numbers of the score chart"
      controls={
        program ? (
          <div className="d-flex align-items-center gap-2 mb-2">
            <label htmlFor={selectId} className="form-label mb-0">
              Scores of
            </label>
            <select
              id={selectId}
              className="form-select form-select-sm program-select"
              value={program.program_number}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {scores.map((p) => (
                <option key={p.program_number} value={p.program_number}>
                  {programLabel({ program_number: p.program_number, task: tasks.get(p.program_number) })}
                </option>
              ))}
            </select>
          </div>
        ) : null
      }
      table={
        program ? (
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">Best scores in program {program.program_number}</caption>
            <thead>
              <tr>
                <th scope="col">Score</th>
                <th scope="col">Students</th>
              </tr>
            </thead>
            <tbody>
              {SCORE_BUCKETS.map((bucket, i) => (
                <tr key={bucket}>
                  <th scope="row">{bucket}</th>
                  <td>{program.buckets[i] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null
      }
    />
  );
}

function AttendanceChart({
  attendance,
  onBatch,
}: {
  attendance: Charts['attendance'];
  onBatch: (batch: number) => void;
}) {
  const zone = useTimeZone();
  const selectId = useId();
  const { batch, batches, sessions } = attendance;
  const attended = sessions.reduce((sum, s) => sum + s.present + s.late, 0);
  const places = sessions.reduce((sum, s) => sum + s.present + s.late + s.absent, 0);
  const summary =
    `Stacked bar chart of attendance at the ${plural(sessions.length, 'class', 'classes')} held by batch ${batch}: ` +
    sessions
      .map((s) => `session ${s.session_number}, ${s.present} present, ${s.late} late, ${s.absent} absent`)
      .join('; ') +
    (places > 0 ? `. ${Math.round((100 * attended) / places)}% attended in all.` : '.');
  return (
    <ChartCard
      title={batch === null ? 'Attendance per class' : `Attendance per class, batch ${batch}`}
      summary={summary}
      labels={sessions.map((s) => `S${s.session_number}`)}
      stacked
      series={[
        { label: 'Present', color: COLORS.green, values: sessions.map((s) => s.present) },
        { label: 'Late', color: COLORS.amber, values: sessions.map((s) => s.late) },
        { label: 'Absent', color: COLORS.red, values: sessions.map((s) => s.absent) },
      ]}
      empty={batch === null ? overviewWords.noBatches : sessions.length === 0 ? overviewWords.noAttendance : null}
      tableLabel="Numbers of the attendance chart"
      controls={
        batches.length > 0 ? (
          <div className="d-flex align-items-center gap-2 mb-2">
            <label htmlFor={selectId} className="form-label mb-0">
              Batch
            </label>
            <select
              id={selectId}
              className="form-select form-select-sm w-auto"
              value={batch ?? ''}
              onChange={(event) => onBatch(Number(event.target.value))}
            >
              {batch !== null && !batches.includes(batch) ? <option value={batch}>{batch}</option> : null}
              {batches.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        ) : null
      }
      table={
        <table className="table table-sm mb-0">
          <caption className="visually-hidden">Attendance per class of batch {batch}</caption>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Date</th>
              <th scope="col">Present</th>
              <th scope="col">Late</th>
              <th scope="col">Absent</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.session_number}</th>
                <td>{formatDate(s.starts_at, zone)}</td>
                <td>{s.present}</td>
                <td>{s.late}</td>
                <td>{s.absent}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** The overview's charts: where the teacher would rather look than read. */
export function OverviewCharts() {
  const [batch, setBatch] = useState<number | undefined>(undefined);
  const charts = useQuery({ ...chartsQuery(batch), placeholderData: keepPreviousData });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h3 id={headingId} className="h5">
        Charts
      </h3>
      <PanelError error={charts.error} />
      {charts.isPending ? <PageSpinner label="Loading the charts…" /> : null}
      {charts.data ? (
        <div className="overview-charts">
          <WeeksChart weeks={charts.data.weeks} />
          <ScoresChart scores={charts.data.scores} />
          <AttendanceChart attendance={charts.data.attendance} onBatch={setBatch} />
        </div>
      ) : null}
    </section>
  );
}
