import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminQuizQuestionSchema, type QuizQuestionInput, quizEndpoints } from '../../../contracts/quiz';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint } from '../../lib/call-endpoint';

// The teacher's question bank.
export type BankQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type BankQuestionInput = QuizQuestionInput;
export const listQuestions = () => callEndpoint(quizEndpoints.questions);
export const addQuestion = (input: BankQuestionInput) => callEndpoint(quizEndpoints.addQuestion, { body: input });
export const updateQuestion = (id: number, input: BankQuestionInput) =>
  callEndpoint(quizEndpoints.updateQuestion, { params: { id }, body: input });
export const deleteQuestion = (id: number) => callEndpoint(quizEndpoints.deleteQuestion, { params: { id } });
export const questionsQuery = () => queryOptions({ queryKey: [...adminKey, 'questions'], queryFn: listQuestions });

// The student's Self Assessment Test and My Tests.
export const getQuiz = () => callEndpoint(quizEndpoints.deal);
export const submitQuiz = (answers: { question_id: number; answer_index: number }[]) =>
  callEndpoint(quizEndpoints.submitAttempt, { body: { answers } });
export const getAttempts = () => callEndpoint(quizEndpoints.attempts);
const getTopicHistory = () => callEndpoint(quizEndpoints.topics);
export const quizQuery = () => queryOptions({ queryKey: ['quiz'], queryFn: getQuiz });
export const attemptsQuery = () => queryOptions({ queryKey: ['attempts'], queryFn: getAttempts });
export const topicHistoryQuery = () => queryOptions({ queryKey: ['quiz-topics'], queryFn: getTopicHistory });
