import { queryOptions } from '@tanstack/react-query';
import { doubtsEndpoints } from '../../../contracts/doubts';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's Doubts panel.
export const listDoubts = () => callEndpoint(doubtsEndpoints.allDoubts);
export const answerDoubt = (id: number, answer: string) =>
  callEndpoint(doubtsEndpoints.answerDoubt, { params: { id }, body: { answer } });
export const adminDoubtsQuery = () => queryOptions({ queryKey: [...adminKey, 'doubts'], queryFn: listDoubts });

// The student's My Doubts.
export const getDoubts = () => callEndpoint(doubtsEndpoints.myDoubts);
export const askDoubt = (question: string, sessionId: number | null) =>
  callEndpoint(doubtsEndpoints.askDoubt, { body: { question, session_id: sessionId } });
export const doubtsQuery = () => queryOptions({ queryKey: ['doubts'], queryFn: getDoubts });
