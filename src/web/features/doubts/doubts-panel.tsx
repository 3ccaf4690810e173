import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageSpinner } from '../../components/page-spinner';
import { type AdminDoubt, type AdminDoubtPage, doubtAnswerSchema } from '../../../contracts/doubts';
import { plural } from '../../../contracts/wording';
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

/**
 * The pages' doubts in order, each once. A doubt answered in another tab while this one paged on is on an earlier
 * page as waiting and on a later one as answered: it is shown where the later (fresher) page put it.
 */
function doubtsOfPages(pages: readonly AdminDoubtPage[]): AdminDoubt[] {
  const byId = new Map<number, AdminDoubt>();
  for (const page of pages)
    for (const doubt of page.items) {
      byId.delete(doubt.id);
      byId.set(doubt.id, doubt);
    }
  return [...byId.values()];
}

/** Doubts: waiting first, a page at a time; an answer is emailed to the student. */
export function DoubtsPanel({ onExit }: { onExit: () => void }) {
  const list = useInfiniteQuery(adminDoubtsQuery());
  const doubts = doubtsOfPages(list.data?.pages ?? []);
  // The counts of the whole list come with every page; the latest page's are the freshest.
  const counts = list.data?.pages.at(-1);
  return (
    <AdminPanel title="Doubts" onExit={onExit}>
      <PanelError error={list.error} />
      {list.isPending ? <PageSpinner label="Loading doubts…" /> : null}
      {counts && counts.total > 0 ? (
        <p className="small text-body-secondary">
          {counts.waiting} waiting for an answer · {plural(counts.total, 'doubt')} in all
        </p>
      ) : null}
      {list.isSuccess && doubts.length === 0 ? <p>No doubt asked yet.</p> : null}
      {doubts.map((doubt) => (
        <DoubtCard key={doubt.id} doubt={doubt} />
      ))}
      {list.hasNextPage && counts ? (
        // Beside the button, where the teacher is once down here: how much of the list is shown.
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? (
              <>
                <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
                Loading…
              </>
            ) : (
              'Load more doubts'
            )}
          </button>
          <span className="small text-body-secondary" aria-live="polite">
            {doubts.length} of {counts.total} shown
          </span>
        </div>
      ) : null}
    </AdminPanel>
  );
}
