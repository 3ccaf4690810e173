import type { QuizReviewItem, QuizTopicHistory } from '../../../contracts/quiz';
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

const percentOf = (r: { correct: number; asked: number }) => (r.asked ? Math.round((100 * r.correct) / r.asked) : 0);
const levelOf = (percent: number) => (percent >= 70 ? 'good' : percent >= 40 ? 'fair' : 'weak');

/**
 * My Tests, per topic, weakest first: the latest test's share answered right as a bar with its numbers, and the
 * topic's earlier results (oldest first), so the student sees both where they stand and whether it is improving.
 * Each test, with its date, is listed below the table to be reviewed.
 */
export function TopicScores({ topics }: { topics: QuizTopicHistory }) {
  const rows = topics
    .map(({ topic, results }) => {
      const last = results.at(-1);
      return last ? { topic, last, earlier: results.slice(0, -1), percent: percentOf(last) } : null;
    })
    .filter((row) => row !== null)
    .sort((a, b) => a.percent - b.percent || a.topic.localeCompare(b.topic));
  return (
    <table className="table table-sm align-middle topic-scores">
      <caption className="visually-hidden">Your scores by topic, weakest first</caption>
      <thead>
        <tr>
          <th scope="col">Topic</th>
          <th scope="col">Latest test (earlier ones below, oldest first)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.topic}>
            <th scope="row" className="fw-normal">
              {row.topic}
            </th>
            <td>
              <div className="topic-score">
                <span className="topic-meter" aria-hidden="true">
                  <span className={`topic-fill ${levelOf(row.percent)}`} style={{ width: `${row.percent}%` }} />
                </span>
                <span className="topic-figure">
                  {row.last.correct} of {row.last.asked} <span className="text-body-secondary">({row.percent}%)</span>
                </span>
              </div>
              {row.earlier.length > 0 ? (
                <div className="small text-body-secondary">
                  Earlier: {row.earlier.map((result) => `${result.correct} of ${result.asked}`).join(' · ')}
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
