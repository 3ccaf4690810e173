import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { profileUpdateResponseSchema } from '../../../contracts/accounts';
import { myBatchSchema, studentProgramListSchema } from '../../../contracts/course-content';
import { doubtSchema } from '../../../contracts/doubts';
import { homeSchema } from '../../../contracts/home';
import {
  quizAttemptSchema,
  quizQuestionSchema,
  quizSubmittedSchema,
  quizTopicHistorySchema,
} from '../../../contracts/quiz';
import { joinResultSchema, myScheduleSchema } from '../../../contracts/schedule';
import { apiFetch } from '../../lib/api-client';

export const getMyBatch = () => apiFetch('/api/v1/my_batch', myBatchSchema, { auth: true });
export const getHome = () => apiFetch('/api/v1/me/home', homeSchema, { auth: true });
export const getMySchedule = () => apiFetch('/api/v1/my_schedule', myScheduleSchema, { auth: true });
/** Sent as the Join link opens the meeting in a new tab: keepalive lets it finish whatever the page does next. */
export const joinSession = (id: number) =>
  apiFetch(`/api/v1/my_sessions/${id}/join`, joinResultSchema, { method: 'POST', auth: true, keepalive: true });
export const getMyPrograms = (studentId: number) =>
  apiFetch(`/student_programs/get_my_progs/${studentId}`, studentProgramListSchema, { auth: true });
export const getQuiz = () => apiFetch('/api/v1/quiz', z.array(quizQuestionSchema), { auth: true });
export const submitQuiz = (answers: { question_id: number; answer_index: number }[]) =>
  apiFetch('/api/v1/quiz/attempts', quizSubmittedSchema, {
    method: 'POST',
    body: { answers },
    auth: true,
  });
export const getAttempts = () => apiFetch('/api/v1/quiz/attempts', z.array(quizAttemptSchema), { auth: true });
const getTopicHistory = () => apiFetch('/api/v1/quiz/topics', quizTopicHistorySchema, { auth: true });
export const getDoubts = () => apiFetch('/api/v1/doubts', z.array(doubtSchema), { auth: true });
export const askDoubt = (question: string, sessionId: number | null) =>
  apiFetch('/api/v1/doubts', doubtSchema, {
    method: 'POST',
    body: { question, session_id: sessionId },
    auth: true,
  });
export const sendFeedback = (studentId: number, feedback: string) =>
  apiFetch(`/students/${studentId}`, profileUpdateResponseSchema, { method: 'PATCH', body: { feedback }, auth: true });

export const myBatchQuery = () => queryOptions({ queryKey: ['my-batch'], queryFn: getMyBatch });
export const homeQuery = () => queryOptions({ queryKey: ['my-home'], queryFn: getHome });
export const myScheduleQuery = () => queryOptions({ queryKey: ['my-schedule'], queryFn: getMySchedule });
export const myProgramsQuery = (studentId: number) =>
  queryOptions({ queryKey: ['my-programs', studentId], queryFn: () => getMyPrograms(studentId) });
export const quizQuery = () => queryOptions({ queryKey: ['quiz'], queryFn: getQuiz });
export const attemptsQuery = () => queryOptions({ queryKey: ['attempts'], queryFn: getAttempts });
export const topicHistoryQuery = () => queryOptions({ queryKey: ['quiz-topics'], queryFn: getTopicHistory });
export const doubtsQuery = () => queryOptions({ queryKey: ['doubts'], queryFn: getDoubts });
