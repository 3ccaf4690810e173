import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminQuizQuestionSchema, type QuizQuestionInput, quizEndpoints } from '../../../contracts/quiz';
import { adminKey } from '../../lib/query-keys';
import { useRefreshingMutation } from '../../lib/refreshing-mutation';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's question bank.
export type BankQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type BankQuestionInput = QuizQuestionInput;
const listQuestions = () => callEndpoint(quizEndpoints.questions);
export const questionsQuery = () => queryOptions({ queryKey: [...adminKey, 'questions'], queryFn: listQuestions });

/** Each write to the bank refreshes the bank. */
const useBankMutation = <TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) =>
  useRefreshingMutation(mutationFn, [questionsQuery().queryKey]);
export const useAddQuestion = () =>
  useBankMutation((input: BankQuestionInput) => callEndpoint(quizEndpoints.addQuestion, { body: input }));
export const useUpdateQuestion = () =>
  useBankMutation(({ id, input }: { id: number; input: BankQuestionInput }) =>
    callEndpoint(quizEndpoints.updateQuestion, { params: { id }, body: input }),
  );
export const useDeleteQuestion = () =>
  useBankMutation((id: number) => callEndpoint(quizEndpoints.deleteQuestion, { params: { id } }));

// The student's Self Assessment Test and My Tests.
const getQuiz = () => callEndpoint(quizEndpoints.deal);
const getAttempts = () => callEndpoint(quizEndpoints.attempts);
const getTopicHistory = () => callEndpoint(quizEndpoints.topics);
export const quizQuery = () => queryOptions({ queryKey: ['quiz'], queryFn: getQuiz });
export const attemptsQuery = () => queryOptions({ queryKey: ['attempts'], queryFn: getAttempts });
export const topicHistoryQuery = () => queryOptions({ queryKey: ['quiz-topics'], queryFn: getTopicHistory });

/** The student hands in a test; My Tests' attempts and topic scores then include it. */
export function useSubmitQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: { question_id: number; answer_index: number }[]) =>
      callEndpoint(quizEndpoints.submitAttempt, { body: { answers } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: attemptsQuery().queryKey }),
        client.invalidateQueries({ queryKey: topicHistoryQuery().queryKey }),
      ]),
  });
}
