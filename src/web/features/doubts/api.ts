import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { doubtsEndpoints } from '../../../contracts/doubts';
import { adminKey } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Doubts panel: a page at a time, the waiting doubts first; "Load more" asks for the next.
export const adminDoubtsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...adminKey, 'doubts'],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(doubtsEndpoints.allDoubts, { query: { after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** A doubt's run, read when the teacher opens it (the list carries only its summary). A stored run never changes. */
export const doubtRunQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKey, 'doubt-run', id],
    queryFn: ({ signal }) => callEndpoint(doubtsEndpoints.doubtRun, { params: { id }, signal }),
    staleTime: Infinity,
  });

/** The teacher answers (or corrects the answer to) a doubt; the list shows it. */
export const useAnswerDoubt = () =>
  useRefreshingMutation(
    ({ id, answer }: { id: number; answer: string }) =>
      callEndpoint(doubtsEndpoints.answerDoubt, { params: { id }, body: { answer } }),
    [adminDoubtsQuery().queryKey],
  );

// The student's My Doubts.
const getDoubts = () => callEndpoint(doubtsEndpoints.myDoubts);
export const doubtsQuery = () => queryOptions({ queryKey: ['doubts'], queryFn: getDoubts });

/** The student asks a doubt, about a session or not; My Doubts lists it. */
export const useAskDoubt = () =>
  useRefreshingMutation(
    ({ question, sessionId }: { question: string; sessionId: number | null }) =>
      callEndpoint(doubtsEndpoints.askDoubt, { body: { question, session_id: sessionId } }),
    [doubtsQuery().queryKey],
  );
