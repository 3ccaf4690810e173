import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { type Doubt } from '../../../contracts/doubts';
import { adminDoubtsQuery, answerDoubt } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { formatDateTime } from '../../../contracts/dates';
import { EmailText } from '../../components/email-text';

function AnswerForm({ doubt }: { doubt: Doubt }) {
  const client = useQueryClient();
  const [answer, setAnswer] = useState(doubt.answer ?? '');
  const mutation = useMutation({
    mutationFn: () => answerDoubt(doubt.id, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: adminDoubtsQuery().queryKey }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form onSubmit={onSubmit}>
      <label className="form-label" htmlFor={`answer-${doubt.id}`}>
        Answer
      </label>
      <textarea
        id={`answer-${doubt.id}`}
        className="form-control"
        rows={3}
        required
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
      />
      <PanelError error={mutation.error} />
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={mutation.isPending}>
        {doubt.answer ? 'Update answer' : 'Send answer'}
      </button>
    </form>
  );
}

/** Doubts: unanswered first; an answer is emailed to the student. */
export function DoubtsPanel({ onExit }: { onExit: () => void }) {
  const doubts = useQuery(adminDoubtsQuery());
  return (
    <AdminPanel title="Doubts" onExit={onExit}>
      <PanelError error={doubts.error} />
      {doubts.isPending ? <PageSpinner /> : null}
      {doubts.data?.length === 0 ? <p>No doubt asked yet.</p> : null}
      {doubts.data?.map((doubt) => (
        <div key={doubt.id} className={`card mb-2 ${doubt.answered_at ? '' : 'border-warning'}`}>
          <div className="card-body">
            <p className="mb-1 small text-body-secondary">
              {doubt.first_name} {doubt.last_name} (<EmailText email={doubt.email} />) ·{' '}
              {formatDateTime(doubt.created_at)}
              {doubt.session_number ? ` · Session ${doubt.session_number}` : ''} ·{' '}
              {doubt.answered_at ? 'answered' : 'waiting'}
            </p>
            <p className="doubt-question">{doubt.question}</p>
            <AnswerForm doubt={doubt} />
          </div>
        </div>
      ))}
    </AdminPanel>
  );
}
