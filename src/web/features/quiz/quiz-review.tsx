import type { QuizReviewItem, QuizTopicHistory } from '../../../contracts/quiz';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { CodeText } from '../../components/code-text';
import { InlineCode } from '../../components/inline-code';

/** An attempt's questions (those dealt to the student, as they were then): the answer given, the right one, and why. */
export function AttemptReview({ review }: { review: QuizReviewItem[] }) {
  return (
    <ol className="quiz-review">
      {review.map((item, index) => {
        const right = item.chosen === item.correct;
        return (
          <li key={index} className={right ? 'quiz-review-right' : 'quiz-review-wrong'}>
            <div className="quiz-review-question">
              <InlineCode text={item.question} />
              {item.topic ? <span className="badge text-bg-light border ms-2 fw-normal">{item.topic}</span> : null}
            </div>
            <div className={right ? 'text-success' : 'text-danger'}>
              <strong>{right ? 'Right.' : 'Wrong.'}</strong> Your answer:{' '}
              <InlineCode text={item.options[item.chosen] ?? '(none)'} />
            </div>
            {right ? null : (
              <div className="quiz-review-correct">
                Right answer: <InlineCode text={item.options[item.correct] ?? ''} />
              </div>
            )}
            {item.explanation ? (
              <div className="quiz-review-why">
                <strong>Why:</strong> <CodeText text={item.explanation} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const BAR = { width: 10, gap: 3, height: 28 };

/** A topic's results over time, oldest first, as bars as high as the share answered right. */
function TopicBars({ topic, results }: QuizTopicHistory[number]) {
  const width = results.length * (BAR.width + BAR.gap);
  return (
    <svg
      className="topic-bars"
      width={width}
      height={BAR.height}
      viewBox={`0 0 ${width} ${BAR.height}`}
      role="img"
      aria-label={`${topic}, oldest test first: ${results.map((r) => `${r.correct} of ${r.asked}`).join(', ')}`}
    >
      {results.map((result, index) => {
        const x = index * (BAR.width + BAR.gap);
        const height = result.asked ? Math.max(1, (result.correct / result.asked) * BAR.height) : 0;
        return (
          <g key={result.attempt_id}>
            <rect className="topic-bar-bg" x={x} y={0} width={BAR.width} height={BAR.height} />
            <rect className="topic-bar" x={x} y={BAR.height - height} width={BAR.width} height={height} />
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Where the student stands, at a glance: per topic, the latest test's share answered right as a bar, with the
 * numbers beside it; weakest topic first.
 */
export function TopicChart({ topics }: { topics: QuizTopicHistory }) {
  const latest = topics
    .map(({ topic, results }) => {
      const last = results.at(-1);
      return last ? { topic, ...last, percent: last.asked ? Math.round((100 * last.correct) / last.asked) : 0 } : null;
    })
    .filter((row) => row !== null)
    .sort((a, b) => a.percent - b.percent || a.topic.localeCompare(b.topic));
  return (
    <ul className="topic-chart list-unstyled mb-3" aria-label="Your latest test, by topic">
      {latest.map((row) => (
        <li key={row.topic} className="topic-chart-row">
          <span className="topic-chart-name">{row.topic}</span>
          <span className="topic-chart-meter" aria-hidden="true">
            <span
              className={`topic-chart-fill ${row.percent >= 70 ? 'good' : row.percent >= 40 ? 'fair' : 'weak'}`}
              style={{ width: `${row.percent}%` }}
            />
          </span>
          <span className="topic-chart-figure">
            {row.correct} of {row.asked} <span className="text-body-secondary">({row.percent}%)</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** My Tests: per topic, the student's result in each test that asked it (correct of asked), oldest first. */
export function TopicHistory({ topics }: { topics: QuizTopicHistory }) {
  const zone = useTimeZone();
  return (
    <table className="table table-sm topic-history align-middle">
      <caption className="visually-hidden">Your scores by topic, oldest test first</caption>
      <thead>
        <tr>
          <th scope="col">Test</th>
          <th scope="col">Right</th>
        </tr>
      </thead>
      {topics.map((topic) => (
        <tbody key={topic.topic}>
          <tr className="table-light">
            <th scope="rowgroup">{topic.topic}</th>
            <td>
              <TopicBars {...topic} />
            </td>
          </tr>
          {topic.results.map((result) => (
            <tr key={result.attempt_id}>
              <td>{formatDateTime(result.created_at, zone)}</td>
              <td>
                {result.correct} of {result.asked}
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
