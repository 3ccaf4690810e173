import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../contracts/dates';
import {
  type ComparedStudent,
  type Fragment,
  formatSimilarity,
  type SimilarityRun,
} from '../../../contracts/similarity';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { ScrollRegion } from '../../components/scroll-region';
import { PanelError } from '../../components/admin-panel';
import { similarityPairQuery } from './api';
import { highlightLines } from './similarity-segments';

export const fullName = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;

const lineRange = (r: Fragment['left']) =>
  r.start_row === r.end_row ? `line ${r.start_row + 1}` : `lines ${r.start_row + 1}–${r.end_row + 1}`;

/** Fragment colours, the same on both sides; the stylesheet has as many. */
export const COLOURS = 6;

export function CodeSide({
  student,
  code,
  regions,
  side,
}: {
  student: ComparedStudent;
  code: string;
  regions: Fragment['left'][];
  side: string;
}) {
  const zone = useTimeZone();
  const lines = highlightLines(code, regions);
  return (
    <div className="col-12 col-lg-6">
      <h4 className="h6 mb-1">{fullName(student)}</h4>
      <p className="small text-body-secondary mb-1">Submitted {formatDateTime(student.submitted_at, zone)}</p>
      <ScrollRegion label={`${fullName(student)}'s code (${side})`} className="work-code similarity-code mb-2">
        <pre className="mb-0">
          <code>
            {lines.map((segments, index) => (
              <span key={index} className="work-line">
                <span className="work-line-number" aria-hidden="true">
                  {index + 1}
                </span>
                {segments.map((s, i) =>
                  s.fragment === null ? (
                    <span key={i}>{s.text}</span>
                  ) : (
                    <mark key={i} className={`similarity-fragment fragment-${s.fragment % COLOURS}`}>
                      {s.text}
                    </mark>
                  ),
                )}
                {'\n'}
              </span>
            ))}
          </code>
        </pre>
      </ScrollRegion>
    </div>
  );
}

export function PairView({
  program,
  batch,
  rank,
  run,
}: {
  program: number;
  batch: number;
  rank: number;
  run: SimilarityRun;
}) {
  const { data, error, isPending } = useQuery(similarityPairQuery(program, batch, rank, run.started_at));
  if (error) return <PanelError error={error} />;
  if (isPending) return <PageSpinner label="Loading the pair…" />;
  const { left, right, fragments } = data;
  return (
    <section className="card card-body mt-3" aria-labelledby="similarity-pair-title">
      <h3 id="similarity-pair-title" className="h5">
        {fullName(left)} and {fullName(right)}: {formatSimilarity(data.similarity)} similar
      </h3>
      {fragments.length === 0 ? (
        <p className="mb-2">No matching fragments.</p>
      ) : (
        <ol className="similarity-fragment-list small mb-2">
          {fragments.map((f, i) => (
            <li key={i}>
              <mark className={`similarity-fragment fragment-${i % COLOURS}`}>Fragment {i + 1}</mark>: {fullName(left)}{' '}
              {lineRange(f.left)}, {fullName(right)} {lineRange(f.right)}
            </li>
          ))}
        </ol>
      )}
      <div className="row g-3">
        <CodeSide student={left} code={left.code} regions={fragments.map((f) => f.left)} side="left" />
        <CodeSide student={right} code={right.code} regions={fragments.map((f) => f.right)} side="right" />
      </div>
    </section>
  );
}
