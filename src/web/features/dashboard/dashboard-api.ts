import type { StudentProgram } from '../../../contracts/course-content';
import type { Doubt } from '../../../contracts/doubts';
import type { QuizAttempt, QuizQuestion } from '../../../contracts/quiz';
import type { MessageResponse, ProfileUpdateResponse } from '../../../contracts/accounts';
import { apiFetch } from '../../lib/api-client';

export interface MyBatch {
  batch_number: number | null;
  start_date: string | null;
  meeting_link: string | null;
}

export const getMyBatch = () => apiFetch<MyBatch>('/api/v1/my_batch', { auth: true });
export const getMyPrograms = (studentId: number) =>
  apiFetch<StudentProgram[]>(`/student_programs/get_my_progs/${studentId}`, { auth: true });
export const submitSolution = (id: number, form: FormData) =>
  apiFetch<{ data: StudentProgram; meta: MessageResponse }>(`/student_programs/${id}`, {
    method: 'PATCH',
    body: form,
    auth: true,
  });
export const getQuiz = () => apiFetch<QuizQuestion[]>('/api/v1/quiz', { auth: true });
export const submitQuiz = (answers: { question_id: number; answer_index: number }[]) =>
  apiFetch<{ message: string; attempt: QuizAttempt }>('/api/v1/quiz/attempts', {
    method: 'POST',
    body: { answers },
    auth: true,
  });
export const getAttempts = () => apiFetch<QuizAttempt[]>('/api/v1/quiz/attempts', { auth: true });
export const getDoubts = () => apiFetch<Doubt[]>('/api/v1/doubts', { auth: true });
export const askDoubt = (question: string, sessionId: number | null) =>
  apiFetch<Doubt>('/api/v1/doubts', { method: 'POST', body: { question, session_id: sessionId }, auth: true });
export const sendFeedback = (studentId: number, feedback: string) =>
  apiFetch<ProfileUpdateResponse>(`/students/${studentId}`, { method: 'PATCH', body: { feedback }, auth: true });
