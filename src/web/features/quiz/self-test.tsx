import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { quizFormSchema } from '../../../contracts/quiz';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { InlineCode } from '../../components/inline-code';
import { PageSpinner } from '../../components/page-spinner';
import { attemptsQuery, quizQuery, topicHistoryQuery, useSubmitQuiz } from './api';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { AttemptReview, TopicScores } from './quiz-review';

type QuizForm = z.input<typeof quizFormSchema>;
type QuizAnswersInput = z.output<typeof quizFormSchema>;

/** Take self assessment test: ten questions, scored by the server. */
export function SelfTest() {
  const quiz = useQuery({ ...quizQuery(), staleTime: Infinity, refetchOnMount: 'always' });
  const submit = useSubmitQuiz();
  const result = submit.data ?? null;
  const failure = submit.error;
  const error = failure ? errorText(failure) : null;
  // A 409: the server no longer holds this test (it expired, a newer one was dealt in another tab, or the teacher
  // changed a question). The message asks for a new test, and a button starts one.
  const testGone = failure instanceof ApiError && failure.status === 409;
  // A new test is on its way (on opening the page, Take another test, Start a new test): the questions shown until it
  // arrives belong to a test the server has already replaced, so none are shown.
  const dealing = quiz.isFetching && !result;
  // The review replaces the (long) form: the score, above it, takes the focus so it is in view and read first.
  const scoreRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) scoreRef.current?.focus();
  }, [result]);
  // The questions drawn are the form's values: a new test (Take another test) starts a new, empty form.
  const values = useMemo<QuizForm>(
    () => ({ answers: (quiz.data ?? []).map((q) => ({ question_id: q.id, answer_index: '' })) }),
    [quiz.data],
  );
  const { register, handleSubmit, reset, getValues, setFocus, formState } = useForm<
    QuizForm,
    unknown,
    QuizAnswersInput
  >({
    resolver: zodResolver(quizFormSchema),
    values,
  });
  const unanswered = formState.errors.answers?.root ?? formState.errors.answers;

  const onSubmit = ({ answers }: QuizAnswersInput) => submit.mutate(answers);

  // The whole test is refused at once ("Answer all 10 questions."): the first unanswered question gets the focus.
  const onInvalid = () => {
    submit.reset();
    const first = getValues('answers').findIndex((answer) => answer.answer_index === '');
    if (first >= 0) setFocus(`answers.${first}.answer_index`);
  };

  const again = () => {
    reset();
    submit.reset();
    void quiz.refetch();
  };

  return (
    <>
      <h1 className="h4">Take self assessment test</h1>
      {quiz.isPending || dealing ? <PageSpinner label="Dealing your questions…" /> : null}
      {quiz.isError ? <div className="alert alert-danger">{errorText(quiz.error)}</div> : null}
      {result ? (
        <div className="quiz-result">
          <p className="h4 text-success" role="status" tabIndex={-1} ref={scoreRef}>
            {result.message}
          </p>
          <h2 className="h5 mt-3">Your answers</h2>
          <AttemptReview review={result.attempt.review} />
          <button type="button" className="btn btn-outline-primary" onClick={again}>
            Take another test
          </button>
        </div>
      ) : quiz.data && !dealing ? (
        <form onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
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
                        value={String(index)}
                        {...register(`answers.${number}.answer_index`)}
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
          {unanswered?.message || error ? (
            <p className="text-danger" role="alert">
              {unanswered?.message || error}
            </p>
          ) : null}
          {testGone ? (
            <button type="button" className="btn btn-primary" onClick={again}>
              Start a new test
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
              Submit answers
            </button>
          )}
        </form>
      ) : null}
    </>
  );
}

/** My Tests: scores per topic over time, and past attempts with the answers reviewed. */
export function MyTests() {
  const zone = useTimeZone();
  const attempts = useQuery(attemptsQuery());
  const topics = useQuery(topicHistoryQuery());
  const error = attempts.error ?? topics.error;
  return (
    <>
      <h1 className="h4">My Tests</h1>
      {attempts.isPending || topics.isPending ? <PageSpinner /> : null}
      {error ? <div className="alert alert-danger">{errorText(error)}</div> : null}
      {attempts.data?.length === 0 ? <p>No test taken yet. Try the self assessment test from the menu.</p> : null}
      {topics.data?.length && attempts.data?.length ? (
        <section aria-labelledby="topic-history-heading">
          <h2 className="h5" id="topic-history-heading">
            Scores by topic
          </h2>
          <TopicScores topics={topics.data} />
        </section>
      ) : null}
      {attempts.data?.length ? (
        <h2 className="h5 mt-3" id="past-tests">
          Your tests
        </h2>
      ) : null}
      {attempts.data?.map((attempt) => (
        <details key={attempt.id} className="outbox-entry">
          <summary>
            {formatDateTime(attempt.created_at, zone)} — {attempt.score} out of {attempt.total}
          </summary>
          <AttemptReview review={attempt.review} />
        </details>
      ))}
    </>
  );
}
