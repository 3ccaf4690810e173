import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { StudentData } from '../../../contracts/accounts';
import { doubtFormSchema } from '../../../contracts/doubts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { PageSpinner } from '../../components/page-spinner';
import { sessionsQuery } from '../../lib/course-api';
import { doubtsQuery, useAskDoubt } from './api';
import { errorText } from '../../lib/error-text';
import { Textarea } from '../../components/form-kit';

type DoubtForm = z.input<typeof doubtFormSchema>;
type AskInput = z.output<typeof doubtFormSchema>;

export function MyDoubts({ student }: { student: StudentData }) {
  const doubts = useQuery(doubtsQuery());
  const sessions = useQuery({
    ...sessionsQuery(),
    enabled: student.student_status !== STUDENT_STATUS.unpaid,
  });
  const ask = useAskDoubt();
  const { register, handleSubmit, reset, formState } = useForm<DoubtForm, unknown, AskInput>({
    resolver: zodResolver(doubtFormSchema),
    defaultValues: { question: '', session_id: '' },
  });
  const questionError = formState.errors.question;

  const onSubmit = ({ question, session_id }: AskInput) =>
    ask.mutate({ question, sessionId: session_id ?? null }, { onSuccess: () => reset() });

  return (
    <>
      <h1 className="h4">My Doubts</h1>
      <form onSubmit={handleSubmit(onSubmit, () => ask.reset())} className="mb-4" noValidate>
        <Textarea
          id="doubt-question"
          containerClassName=""
          label="Your doubt"
          rows={3}
          {...register('question')}
          error={questionError}
        />
        {sessions.data && sessions.data.length > 0 ? (
          // Radio buttons rather than a select: a closed select cuts a long session title at its edge, mid-word,
          // on a phone; a label wraps and shows the whole title.
          <fieldset className="mt-3">
            <legend className="form-label fs-6 mb-1">About a session (optional)</legend>
            <div className="session-choices">
              {[
                { id: '', label: 'General' },
                ...sessions.data.map((s) => ({
                  id: String(s.id),
                  // No date: the plan's may differ from the batch's timetable, which says when the class is.
                  label: `Session ${s.session_number}: ${s.topics}`,
                })),
              ].map((choice) => (
                <div className="form-check" key={choice.id || 'general'}>
                  <input
                    className="form-check-input"
                    type="radio"
                    id={`doubt-session-${choice.id || 'general'}`}
                    value={choice.id}
                    {...register('session_id')}
                  />
                  <label className="form-check-label" htmlFor={`doubt-session-${choice.id || 'general'}`}>
                    {choice.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        ) : null}
        {ask.error ? (
          <p className="text-danger mt-2 mb-0" role="alert">
            {errorText(ask.error)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary mt-2" disabled={ask.isPending}>
          Ask
        </button>
      </form>
      {doubts.isPending ? <PageSpinner /> : null}
      {doubts.data?.length === 0 ? <p>No doubt asked yet.</p> : null}
      {doubts.data?.map((doubt) => (
        <div key={doubt.id} className="card mb-2">
          <div className="card-body">
            <p className="mb-1">
              <strong>{doubt.session_number ? `Session ${doubt.session_number}: ` : ''}</strong>
              {doubt.question}
            </p>
            {doubt.run ? (
              <p className="mb-1 small text-body-secondary">
                Asked from Step through, at step {doubt.run.step + 1}
                {doubt.run.line > 0 ? `, line ${doubt.run.line}` : ''}.
              </p>
            ) : null}
            {doubt.answer ? (
              <p className="mb-0 text-success doubt-answer">Answer: {doubt.answer}</p>
            ) : (
              <p className="mb-0 text-body-secondary">Waiting for your teacher’s answer.</p>
            )}
          </div>
        </div>
      ))}
    </>
  );
}
