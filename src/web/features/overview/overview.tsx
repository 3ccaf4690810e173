import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatRupees } from '../../../contracts/course';
import { formatDateTime } from '../../../contracts/dates';
import { NOT_SEEN_DAYS, type Overview as OverviewData, overviewWords } from '../../../contracts/overview';
import { formatSessionTime } from '../../../contracts/schedule';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { PanelError } from '../../components/admin-panel';
import { overviewQuery } from './api';
import { OverviewCharts } from './overview-charts';

/** The panels the overview's items open. */
type OverviewTarget = 'Doubts' | 'Live supervision' | 'Payments' | 'Data View' | 'Class Schedule' | 'Create Batch';

/**
 * The course as a funnel, each card counting those who reached its step: a completed student has paid, so Paid
 * counts them too and matches the fees collected (one fee each, whatever the order they came in).
 */
function Counts({ counts, fees }: Pick<OverviewData, 'counts' | 'fees'>) {
  const cards: [string, string, string?][] = [
    ['Registered', String(counts.registered)],
    ['Verified', String(counts.verified)],
    [
      'Paid',
      String(counts.paid + counts.completed),
      counts.completed > 0 ? `${counts.completed} completed` : undefined,
    ],
    ['In a batch', String(counts.in_batch)],
    ['Completed', String(counts.completed)],
    ['Fees collected', formatRupees(fees.paise / 100), plural(fees.payments, 'fee')],
  ];
  return (
    <dl className="overview-counts">
      {cards.map(([label, value, note]) => (
        <div key={label} className="overview-count">
          <dt>{label}</dt>
          <dd>
            <span className="overview-value">{value}</span>
            {note ? <span className="d-block small fw-normal text-body-secondary">{note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AttentionItem({
  title,
  names,
  action,
  onAction,
}: {
  title: string;
  names: string[];
  action: string;
  onAction: () => void;
}) {
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <div className="flex-grow-1">
        <strong>{title}</strong>
        {names.length > 0 ? <div className="small text-body-secondary">{names.join(' · ')}</div> : null}
      </div>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onAction}>
        {action}
      </button>
    </li>
  );
}

function Attention({
  attention,
  onOpen,
}: {
  attention: OverviewData['attention'];
  onOpen: (p: OverviewTarget) => void;
}) {
  const zone = useTimeZone();
  const { doubts, submissions, payments, no_batch: noBatch, not_seen: notSeen, since } = attention;
  const headingId = useId();
  const sinceWords = since
    ? `since your last visit (${formatDateTime(since, zone)})`
    : `in the last ${NOT_SEEN_DAYS} days`;
  const empty = doubts.count + submissions.count + payments.count + noBatch.count + notSeen.count === 0;
  return (
    <section className="card overview-attention" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h6 card-title">
          Needs attention
        </h3>
        {empty ? <p className="mb-0">{overviewWords.nothingNeedsAttention}</p> : null}
      </div>
      {empty ? null : (
        <ul className="list-group list-group-flush">
          {doubts.count > 0 ? (
            <AttentionItem
              title={`${plural(doubts.count, 'unanswered doubt')}`}
              names={doubts.items.map((d) => `${d.student_name}, ${formatDateTime(d.created_at, zone)}`)}
              action="Answer them"
              onAction={() => onOpen('Doubts')}
            />
          ) : null}
          {submissions.count > 0 ? (
            <AttentionItem
              title={`${plural(submissions.count, 'submission')} ${sinceWords}`}
              names={submissions.items.map(
                (s) =>
                  `${s.student_name}: program ${s.program_number}, ` +
                  (s.status === 'compile_error' ? 'did not compile' : `${s.score}/${s.total}`) +
                  (s.late ? ' (late)' : ''),
              )}
              action="Review submissions"
              onAction={() => onOpen('Live supervision')}
            />
          ) : null}
          {payments.count > 0 ? (
            <AttentionItem
              title={`${plural(payments.count, 'payment')} failed or pending`}
              names={payments.items.map((p) => `${p.student_name} (${p.status === 'failed' ? 'failed' : 'pending'})`)}
              action="Check the payment list"
              onAction={() => onOpen('Payments')}
            />
          ) : null}
          {noBatch.count > 0 ? (
            <AttentionItem
              title={`${plural(noBatch.count, 'paid student')} in no batch`}
              names={noBatch.items.map((s) => s.student_name)}
              action="Place them in a batch"
              onAction={() => onOpen('Create Batch')}
            />
          ) : null}
          {notSeen.count > 0 ? (
            <AttentionItem
              title={`${plural(notSeen.count, 'paid student')} not seen for a week`}
              names={notSeen.items.map((s) => s.student_name)}
              action="See the student data"
              onAction={() => onOpen('Data View')}
            />
          ) : null}
        </ul>
      )}
    </section>
  );
}

function NextSession({ session, onOpen }: { session: OverviewData['next_session']; onOpen: () => void }) {
  const zone = useTimeZone();
  const headingId = useId();
  return (
    <section className="card overview-next" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h6 card-title">
          Next class
        </h3>
        {session ? (
          <>
            <p className="mb-1">
              <strong>
                Batch {session.batch_number}, session {session.session_number}:
              </strong>{' '}
              {session.topics}
            </p>
            <p className="mb-2 text-body-secondary">{formatSessionTime(session.starts_at, session.ends_at, zone)}</p>
          </>
        ) : (
          <p className="mb-2">{overviewWords.noNextSession}</p>
        )}
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onOpen}>
          Open the schedule
        </button>
      </div>
    </section>
  );
}

/** The top of the admin page: how the course stands, what needs the teacher now, the next class, and charts. */
export function Overview({ onOpen }: { onOpen: (panel: OverviewTarget) => void }) {
  const overview = useQuery(overviewQuery());
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="admin-overview mb-4">
      <h2 id={headingId} className="h4">
        Overview
      </h2>
      <PanelError error={overview.error} />
      {overview.isPending ? <PageSpinner label="Loading the overview…" /> : null}
      {overview.data ? (
        <>
          <Counts counts={overview.data.counts} fees={overview.data.fees} />
          <div className="overview-now mb-4">
            <Attention attention={overview.data.attention} onOpen={onOpen} />
            <NextSession session={overview.data.next_session} onOpen={() => onOpen('Class Schedule')} />
          </div>
        </>
      ) : null}
      <OverviewCharts />
    </section>
  );
}
