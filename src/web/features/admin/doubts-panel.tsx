import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { controlClass, errorAttributes, FieldError } from '../../components/field-error';
import { PageSpinner } from '../../components/page-spinner';
import { type Doubt, doubtAnswerSchema } from '../../../contracts/doubts';
import { adminDoubtsQuery, answerDoubt } from './admin-api';
import { AdminPanel, PanelError } from './admin-panel';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { EmailText } from '../../components/email-text';

type AnswerInput = z.infer<typeof doubtAnswerSchema>;

function AnswerForm({ doubt }: { doubt: Doubt }) {
  const client = useQueryClient();
  const { register, handleSubmit, formState } = useForm<AnswerInput>({
    resolver: zodResolver(doubtAnswerSchema),
    defaultValues: { answer: doubt.answer ?? '' },
  });
  const mutation = useMutation({
    mutationFn: ({ answer }: AnswerInput) => answerDoubt(doubt.id, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: adminDoubtsQuery().queryKey }),
  });
  const id = `answer-${doubt.id}`;
  const error = formState.errors.answer;
  return (
    <form onSubmit={handleSubmit((input) => mutation.mutate(input))} noValidate>
      <label className="form-label" htmlFor={id}>
        Answer
      </label>
      <textarea
        id={id}
        className={controlClass('form-control', error)}
        rows={3}
        required
        {...errorAttributes(id, error)}
        {...register('answer')}
      />
      <FieldError id={id} error={error} />
      <PanelError error={mutation.error} />
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={mutation.isPending}>
        {doubt.answer ? 'Update answer' : 'Send answer'}
      </button>
    </form>
  );
}

/** Doubts: unanswered first; an answer is emailed to the student. */
export function DoubtsPanel({ onExit }: { onExit: () => void }) {
  const zone = useTimeZone();
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
              {formatDateTime(doubt.created_at, zone)}
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
