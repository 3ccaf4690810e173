import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QUIZ_QUESTION_COUNT } from '../../../../contracts/course';
import { formatDateTime } from '../../../../contracts/dates';
import { InlineCode } from '../../../components/inline-code';
import { PageSpinner } from '../../../components/page-spinner';
import { attemptsQuery, quizQuery, submitQuiz } from '../dashboard-api';
import { errorText } from '../../../lib/error-text';

/** Take self assessment test: ten questions, scored by the server. */
export function SelfTest() {
  const client = useQueryClient();
  const quiz = useQuery({ ...quizQuery(), staleTime: Infinity, refetchOnMount: 'always' });
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quiz.data) return;
    setError(null);
    if (Object.keys(answers).length < quiz.data.length) return setError(`Answer all ${QUIZ_QUESTION_COUNT} questions.`);
    setBusy(true);
    try {
      const response = await submitQuiz(
        quiz.data.map((q) => ({ question_id: q.id, answer_index: answers[q.id] ?? 0 })),
      );
      setResult(response.message);
      await client.invalidateQueries({ queryKey: attemptsQuery().queryKey });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setAnswers({});
    setResult(null);
    void quiz.refetch();
  };

  return (
    <>
      <h1 className="h4">Take self assessment test</h1>
      {quiz.isPending ? <PageSpinner /> : null}
      {quiz.isError ? <div className="alert alert-danger">{errorText(quiz.error)}</div> : null}
      {result ? (
        <div className="quiz-result">
          <p className="h4 text-success" role="status">
            {result}
          </p>
          <button type="button" className="btn btn-outline-primary" onClick={again}>
            Take another test
          </button>
        </div>
      ) : quiz.data ? (
        <form onSubmit={onSubmit}>
          {/* The number is part of each question's legend, so it sits with the question
              (a list marker sat beside the first answer). */}
          <ol className="quiz">
            {quiz.data.map((question, number) => (
              <li key={question.id}>
                <fieldset>
                  <legend className="quiz-question">
                    <span className="quiz-number">{number + 1}.</span> <InlineCode text={question.question} />
                  </legend>
                  {question.options.map((option, index) => (
                    <div className="form-check quiz-option" key={index}>
                      <input
                        className="form-check-input"
                        type="radio"
                        id={`q${question.id}-${index}`}
                        name={`q${question.id}`}
                        checked={answers[question.id] === index}
                        onChange={() => setAnswers((current) => ({ ...current, [question.id]: index }))}
                      />
                      <label className="form-check-label" htmlFor={`q${question.id}-${index}`}>
                        <InlineCode text={option} />
                      </label>
                    </div>
                  ))}
                </fieldset>
              </li>
            ))}
          </ol>
          {error ? (
            <p className="text-danger" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Submit answers
          </button>
        </form>
      ) : null}
    </>
  );
}

/** My Tests: past attempts, with the answers reviewed. */
export function MyTests() {
  const attempts = useQuery(attemptsQuery());
  return (
    <>
      <h1 className="h4">My Tests</h1>
      {attempts.isPending ? <PageSpinner /> : null}
      {attempts.isError ? <div className="alert alert-danger">{errorText(attempts.error)}</div> : null}
      {attempts.data?.length === 0 ? <p>No test taken yet. Try the self assessment test from the menu.</p> : null}
      {attempts.data?.map((attempt) => (
        <details key={attempt.id} className="outbox-entry">
          <summary>
            {formatDateTime(attempt.created_at)} — {attempt.score} out of {attempt.total}
          </summary>
          <ol>
            {attempt.review.map((item, index) => (
              <li key={index} className="mb-2">
                <InlineCode text={item.question} />
                <br />
                <span className={item.chosen === item.correct ? 'text-success' : 'text-danger'}>
                  Your answer: <InlineCode text={item.options[item.chosen] ?? ''} />
                </span>
                {item.chosen === item.correct ? null : (
                  <span className="d-block">
                    Correct answer: <InlineCode text={item.options[item.correct] ?? ''} />
                  </span>
                )}
              </li>
            ))}
          </ol>
        </details>
      ))}
    </>
  );
}
