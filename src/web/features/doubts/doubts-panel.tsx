import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageSpinner } from '../../components/page-spinner';
import { type AdminDoubt, doubtAnswerSchema } from '../../../contracts/doubts';
import { adminDoubtsQuery, useAnswerDoubt } from './api';
import { AdminPanel, PanelError } from '../../components/admin-panel';
import { formatDateTime } from '../../../contracts/dates';
import { useTimeZone } from '../../lib/site-info';
import { EmailText } from '../../components/email-text';
import { Textarea } from '../../components/form-kit';
import { DoubtRun } from './doubt-run';

type AnswerInput = z.infer<typeof doubtAnswerSchema>;

function AnswerForm({ doubt }: { doubt: AdminDoubt }) {
  const { register, handleSubmit, formState } = useForm<AnswerInput>({
    resolver: zodResolver(doubtAnswerSchema),
    defaultValues: { answer: doubt.answer ?? '' },
  });
  const mutation = useAnswerDoubt();
  const id = `answer-${doubt.id}`;
  const error = formState.errors.answer;
  return (
    <form onSubmit={handleSubmit(({ answer }) => mutation.mutate({ id: doubt.id, answer }))} noValidate>
      <Textarea id={id} containerClassName="" label="Answer" rows={3} required {...register('answer')} error={error} />
      <PanelError error={mutation.error} />
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={mutation.isPending}>
        {doubt.answer ? 'Update answer' : 'Send answer'}
      </button>
    </form>
  );
}

function DoubtCard({ doubt }: { doubt: AdminDoubt }) {
  const zone = useTimeZone();
  return (
    <div className={`card mb-2 ${doubt.answered_at ? '' : 'border-warning'}`}>
      <div className="card-body">
        <p className="mb-1 small text-body-secondary">
          {doubt.first_name} {doubt.last_name} (<EmailText email={doubt.email} />) ·{' '}
          {formatDateTime(doubt.created_at, zone)}
          {doubt.session_number ? ` · Session ${doubt.session_number}` : ''} ·{' '}
          {doubt.answered_at ? 'answered' : 'waiting'}
        </p>
        <p className="doubt-question">{doubt.question}</p>
        {doubt.run ? <DoubtRun id={doubt.id} run={doubt.run} /> : null}
        <AnswerForm doubt={doubt} />
      </div>
    </div>
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
        <DoubtCard key={doubt.id} doubt={doubt} />
      ))}
    </AdminPanel>
  );
}
