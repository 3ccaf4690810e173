import type { AdminProgram } from '../../../contracts/course-content';
import { formatDateTime } from '../../../contracts/dates';
import { EmailText } from '../../components/email-text';
import type { Submission } from '../../lib/programs-api';
import { useTimeZone } from '../../lib/site-info';

/** Shows only the programs of one topic, when any program has one. */
export function TopicFilter({
  programs,
  topic,
  onChange,
}: {
  programs: AdminProgram[];
  topic: string;
  onChange: (topic: string) => void;
}) {
  const topics = [...new Set(programs.map((p) => p.topic).filter((t): t is string => !!t))].sort();
  if (topics.length === 0) return null;
  return (
    <div className="mb-2">
      <label className="form-label" htmlFor="program-topic-filter">
        Topic
      </label>
      <select
        id="program-topic-filter"
        className="form-select w-auto"
        value={topic}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Every topic</option>
        {topics.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The students' handed-in solutions of one program. */
export function ProgramSolutions({ programNumber, rows }: { programNumber: number; rows: Submission[] }) {
  const zone = useTimeZone();
  return (
    <div className="mb-3">
      <h3 className="h5">Solutions to program {programNumber}</h3>
      {rows.length === 0 ? <p>This program has not been sent to anyone yet.</p> : null}
      {rows.map((row) => (
        <details key={row.id} className="outbox-entry">
          <summary>
            {row.first_name} {row.last_name} (<EmailText email={row.email} />) —{' '}
            {row.submitted_at ? `submitted ${formatDateTime(row.submitted_at, zone)}` : 'not submitted yet'}
          </summary>
          {row.solution ? (
            <pre
              className="solution-code"
              role="region"
              aria-label={`Solution of ${row.first_name} ${row.last_name}`}
              tabIndex={0}
            >
              {row.solution}
            </pre>
          ) : null}
        </details>
      ))}
    </div>
  );
}
