import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentData } from '../../../contracts/accounts';
import type { z } from 'zod';
import type { BatchInfo, BatchMailingResult, BatchMember } from '../../../contracts/admin';
import type { adminQuizQuestionSchema } from '../../../contracts/quiz';
import type {
  CourseSession,
  CourseSessionInput,
  Program,
  ProgramInput,
  StudentProgram,
} from '../../../contracts/course-content';
import type { AdminDoubt } from '../../../contracts/doubts';
import { apiFetch, apiRequest } from '../../lib/api-client';

export type StudentListKind = 'old' | 'new' | 'regd' | 'all';
export const listPaths: Record<StudentListKind, string> = {
  old: '/students/get_old_students',
  new: '/students/get_new_students',
  regd: '/students/get_regd_students',
  all: '/students',
};

export interface ListParams {
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export function listUrl(kind: StudentListKind, params: ListParams, format: 'json' | 'csv' = 'json'): string {
  const search = new URLSearchParams({
    sort: params.sort,
    order: params.order,
    page: String(params.page),
    per_page: String(params.perPage),
    format,
  });
  if (params.q.trim()) search.set('q', params.q.trim());
  return `${listPaths[kind]}?${search.toString()}`;
}

export function useStudentList(kind: StudentListKind, params: ListParams) {
  return useQuery({
    queryKey: ['admin', 'students', kind, params],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiRequest<StudentData[]>(listUrl(kind, params), { auth: true, signal });
      return { students: data, total: Number(headers.get('x-total-count') ?? data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every change to students refreshes every student list. */
export function useStudentMutation<TVars>(fn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const deleteStudent = (id: number) => apiFetch<null>(`/students/${id}`, { method: 'DELETE', auth: true });
export const markPaid = (id: number) =>
  apiFetch(`/students/${id}`, { method: 'PATCH', body: { student_status: 1 }, auth: true });
export const markCompleted = (id: number) =>
  apiFetch(`/students/${id}`, { method: 'PUT', body: { student_status: 2 }, auth: true });

export const getBatch = (batch: number) =>
  apiFetch<BatchMember[]>(`/students/getbatch?student_batch=${batch}`, { auth: true });
export const updateBatch = (email: string, batch: number) =>
  apiFetch('/students/update_batch', { method: 'PATCH', body: { email, student_batch: batch }, auth: true });
export const saveBatch = (batch: number, body: { start_date: string | null; meeting_link: string | null }) =>
  apiFetch<BatchInfo>(`/api/v1/batches/${batch}`, { method: 'PUT', body, auth: true });
/** Without `resend`, a repeat of what the batch was already sent queues nothing and answers `already_sent`. */
export const announceStart = (batch: number, resend = false) =>
  apiFetch<BatchMailingResult>(`/api/v1/batches/${batch}/announce`, { method: 'POST', body: { resend }, auth: true });
export const sendMeetingLink = (batch: number, resend = false) =>
  apiFetch<BatchMailingResult>(`/api/v1/batches/${batch}/send_link`, { method: 'POST', body: { resend }, auth: true });
export const listBatches = () => apiFetch<BatchInfo[]>('/api/v1/batches', { auth: true });

export const addSession = (input: CourseSessionInput) =>
  apiFetch<CourseSession>('/courses/', { method: 'POST', body: input, auth: true });
export const deleteSession = (id: number) => apiFetch<null>(`/courses/${id}`, { method: 'DELETE', auth: true });

export const listPrograms = () => apiFetch<(Program & { closed: boolean })[]>('/programs/', { auth: true });
export const closeProgram = (id: number, closed: boolean) =>
  apiFetch(`/api/v1/programs/${id}/close`, { method: 'POST', body: { closed }, auth: true });
export const addProgram = (input: ProgramInput) =>
  apiFetch<Program>('/programs/', { method: 'POST', body: input, auth: true });
export const deleteProgram = (id: number) => apiFetch<null>(`/programs/${id}`, { method: 'DELETE', auth: true });
export const sendProgram = (id: number, batch: number) =>
  apiFetch<{ sent: number }>(`/api/v1/programs/${id}/send`, {
    method: 'POST',
    body: { student_batch: batch },
    auth: true,
  });
export type Submission = StudentProgram & { email: string; first_name: string; last_name: string };
export const listSubmissions = (id: number) =>
  apiFetch<Submission[]>(`/api/v1/admin/programs/${id}/submissions`, { auth: true });

export const setCourseBook = (url: string) =>
  apiFetch<{ preview_url: string | null }>('/api/v1/admin/course_book', { method: 'PUT', body: { url }, auth: true });

export const listDoubts = () => apiFetch<AdminDoubt[]>('/api/v1/admin/doubts', { auth: true });
export const answerDoubt = (id: number, answer: string) =>
  apiFetch<AdminDoubt>(`/api/v1/admin/doubts/${id}`, { method: 'PATCH', body: { answer }, auth: true });

export type BankQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type BankQuestionInput = Omit<BankQuestion, 'id'>;
export const listQuestions = () => apiFetch<BankQuestion[]>('/api/v1/admin/quiz_questions', { auth: true });
export const addQuestion = (input: BankQuestionInput) =>
  apiFetch<BankQuestion>('/api/v1/admin/quiz_questions', { method: 'POST', body: input, auth: true });
export const updateQuestion = (id: number, input: BankQuestionInput) =>
  apiFetch<BankQuestion>(`/api/v1/admin/quiz_questions/${id}`, { method: 'PUT', body: input, auth: true });
export const deleteQuestion = (id: number) =>
  apiFetch<null>(`/api/v1/admin/quiz_questions/${id}`, { method: 'DELETE', auth: true });

export type { BatchInfo, BatchMember };
