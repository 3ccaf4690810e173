import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { StudentData } from '../../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../../contracts/course';
import { PageSpinner } from '../../../components/page-spinner';
import { sessionsQuery } from '../../../lib/course-api';
import { askDoubt, doubtsQuery } from '../dashboard-api';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../../contracts/dates';

export function MyDoubts({ student }: { student: StudentData }) {
  const client = useQueryClient();
  const doubts = useQuery(doubtsQuery());
  const sessions = useQuery({
    ...sessionsQuery(),
    enabled: student.student_status !== STUDENT_STATUS.unpaid,
  });
  const [question, setQuestion] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!question.trim()) return setError('Please write your doubt');
    setBusy(true);
    try {
      await askDoubt(question, sessionId ? Number(sessionId) : null);
      setQuestion('');
      setSessionId('');
      await client.invalidateQueries({ queryKey: doubtsQuery().queryKey });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="h4">My Doubts</h1>
      <form onSubmit={onSubmit} className="mb-4">
        <label className="form-label" htmlFor="doubt-question">
          Your doubt
        </label>
        <textarea
          id="doubt-question"
          className="form-control"
          rows={3}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
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
                  label: `Session ${s.session_number} (${formatDate(s.session_date)}): ${s.topics}`,
                })),
              ].map((choice) => (
                <div className="form-check" key={choice.id || 'general'}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="doubt-session"
                    id={`doubt-session-${choice.id || 'general'}`}
                    value={choice.id}
                    checked={sessionId === choice.id}
                    onChange={() => setSessionId(choice.id)}
                  />
                  <label className="form-check-label" htmlFor={`doubt-session-${choice.id || 'general'}`}>
                    {choice.label}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
        ) : null}
        {error ? (
          <p className="text-danger mt-2 mb-0" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
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
