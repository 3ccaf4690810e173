import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { profileUpdateResponseSchema } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import type { ManualPaymentMethod } from '../../../contracts/payments';
import {
  type BatchMember,
  batchInfoSchema,
  batchMoveResultSchema,
  unplacedStudentListSchema,
  batchMailingResultSchema,
  batchMemberSchema,
  listedStudentSchema,
  type StudentListKind,
  studentListPaths,
  outboxEntrySchema,
} from '../../../contracts/admin';
import { adminQuizQuestionSchema, type QuizQuestionInput } from '../../../contracts/quiz';
import { adminSettingsSchema, type SiteSettings } from '../../../contracts/settings';
import {
  type CourseSessionInput,
  courseBookSchema,
  courseSessionSchema,
  type ProgramInput,
  programSchema,
  adminProgramListSchema,
  adminProgramSchema,
  programSentSchema,
  type sendProgramSchema,
  programSubmissionListSchema,
} from '../../../contracts/course-content';
import { adminDoubtSchema } from '../../../contracts/doubts';
import {
  type AttendanceMark,
  attendanceRowSchema,
  attendanceSheetSchema,
  type BatchSessionInput,
  batchSessionListSchema,
  batchSessionSchema,
  type BatchSessionUpdate,
  type ScheduleGenerate,
} from '../../../contracts/schedule';
import { apiFetch, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { noContent } from '../../lib/response-schemas';
import { adminKey } from '../../lib/query-keys';

export type { ProgramSubmission as Submission } from '../../../contracts/course-content';

export type { StudentListKind };

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
  return `${studentListPaths[kind]}?${search.toString()}`;
}

export const studentListQuery = (kind: StudentListKind, params: ListParams) =>
  queryOptions({
    queryKey: [...adminKey, 'students', kind, params],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiRequest(listUrl(kind, params), z.array(listedStudentSchema), {
        auth: true,
        signal,
      });
      return { students: data, total: Number(headers.get('x-total-count') ?? data.length) };
    },
  });

export function useStudentList(kind: StudentListKind, params: ListParams) {
  return useQuery({ ...studentListQuery(kind, params), placeholderData: keepPreviousData });
}

/** Every change to students refreshes every student list. */
export function useStudentMutation<TVars>(fn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}

/** The list as CSV, the same query as the screen's. */
export const downloadStudentList = (kind: StudentListKind, params: ListParams) =>
  downloadFile(listUrl(kind, params, 'csv'), `students-${kind}.csv`);

export const deleteStudent = (id: number) => apiFetch(`/students/${id}`, noContent, { method: 'DELETE', auth: true });
/** Update Payment: with what the teacher received and how (recorded, and on the receipt the student is mailed). */
export const markPaid = ({ id, payment }: { id: number; payment: ManualPayment }) =>
  apiFetch(`/students/${id}`, profileUpdateResponseSchema, {
    method: 'PATCH',
    body: { student_status: STUDENT_STATUS.paid, payment },
    auth: true,
  });
export interface ManualPayment {
  amount_rupees: number;
  method: ManualPaymentMethod;
}
export const markCompleted = (id: number) =>
  apiFetch(`/students/${id}`, profileUpdateResponseSchema, {
    method: 'PUT',
    body: { student_status: STUDENT_STATUS.completed },
    auth: true,
  });

export const getBatch = (batch: number) =>
  apiFetch(`/students/getbatch?student_batch=${batch}`, z.array(batchMemberSchema), { auth: true });
export const updateBatch = (email: string, batch: number) =>
  apiFetch('/students/update_batch', profileUpdateResponseSchema, {
    method: 'PATCH',
    body: { email, student_batch: batch },
    auth: true,
  });
export const saveBatch = (batch: number, body: { start_date: string | null; meeting_link: string | null }) =>
  apiFetch(`/api/v1/batches/${batch}`, batchInfoSchema, { method: 'PUT', body, auth: true });
/** Without `resend`, a repeat of what the batch was already sent queues nothing and answers `already_sent`. */
export const announceStart = (batch: number, resend = false) =>
  apiFetch(`/api/v1/batches/${batch}/announce`, batchMailingResultSchema, {
    method: 'POST',
    body: { resend },
    auth: true,
  });
export const sendMeetingLink = (batch: number, resend = false) =>
  apiFetch(`/api/v1/batches/${batch}/send_link`, batchMailingResultSchema, {
    method: 'POST',
    body: { resend },
    auth: true,
  });
export const moveToBatch = ({ batch, studentIds }: { batch: number; studentIds: number[] }) =>
  apiFetch(`/api/v1/batches/${batch}/students`, batchMoveResultSchema, {
    method: 'POST',
    body: { student_ids: studentIds },
    auth: true,
  });
export const unplacedStudentsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'unplaced'],
    queryFn: () => apiFetch('/api/v1/admin/unplaced_students', unplacedStudentListSchema, { auth: true }),
  });
export const listBatches = () => apiFetch('/api/v1/batches', z.array(batchInfoSchema), { auth: true });

export const addSession = (input: CourseSessionInput) =>
  apiFetch('/courses/', courseSessionSchema, { method: 'POST', body: input, auth: true });
export const updateSession = ({ id, input }: { id: number; input: CourseSessionInput }) =>
  apiFetch(`/api/v1/admin/course_sessions/${id}`, courseSessionSchema, { method: 'PUT', body: input, auth: true });
export const deleteSession = (id: number) => apiFetch(`/courses/${id}`, noContent, { method: 'DELETE', auth: true });

export const listBatchSessions = (batch: number) =>
  apiFetch(`/api/v1/batches/${batch}/sessions`, batchSessionListSchema, { auth: true });
export const addBatchSession = (batch: number, input: BatchSessionInput) =>
  apiFetch(`/api/v1/batches/${batch}/sessions`, batchSessionSchema, { method: 'POST', body: input, auth: true });
export const generateSchedule = (batch: number, input: ScheduleGenerate) =>
  apiFetch(`/api/v1/batches/${batch}/sessions/generate`, batchSessionListSchema, {
    method: 'POST',
    body: input,
    auth: true,
  });
export const updateBatchSession = (id: number, input: BatchSessionUpdate) =>
  apiFetch(`/api/v1/batch_sessions/${id}`, batchSessionSchema, { method: 'PUT', body: input, auth: true });
export const deleteBatchSession = (id: number) =>
  apiFetch(`/api/v1/batch_sessions/${id}`, noContent, { method: 'DELETE', auth: true });
export const getAttendance = (id: number) =>
  apiFetch(`/api/v1/batch_sessions/${id}/attendance`, attendanceSheetSchema, { auth: true });
export const downloadAttendance = (id: number, filename: string) =>
  downloadFile(`/api/v1/batch_sessions/${id}/attendance?format=csv`, filename);
export const markAttendance = (id: number, studentId: number, mark: AttendanceMark | null) =>
  apiFetch(`/api/v1/batch_sessions/${id}/attendance/${studentId}`, attendanceRowSchema, {
    method: 'PUT',
    body: { mark },
    auth: true,
  });

export const listPrograms = () => apiFetch('/programs/', adminProgramListSchema, { auth: true });
export const closeProgram = (id: number, closed: boolean) =>
  apiFetch(`/api/v1/programs/${id}/close`, adminProgramSchema, {
    method: 'POST',
    body: { closed },
    auth: true,
  });
export const addProgram = (input: ProgramInput) =>
  apiFetch('/programs/', programSchema, { method: 'POST', body: input, auth: true });
export const deleteProgram = (id: number) => apiFetch(`/programs/${id}`, noContent, { method: 'DELETE', auth: true });
export const sendProgram = (id: number, input: z.output<typeof sendProgramSchema>) =>
  apiFetch(`/api/v1/programs/${id}/send`, programSentSchema, { method: 'POST', body: input, auth: true });
export const listSubmissions = (id: number) =>
  apiFetch(`/api/v1/admin/programs/${id}/submissions`, programSubmissionListSchema, { auth: true });

export const setCourseBook = (url: string) =>
  apiFetch('/api/v1/admin/course_book', courseBookSchema, { method: 'PUT', body: { url }, auth: true });

export const listDoubts = () => apiFetch('/api/v1/admin/doubts', z.array(adminDoubtSchema), { auth: true });
export const answerDoubt = (id: number, answer: string) =>
  apiFetch(`/api/v1/admin/doubts/${id}`, adminDoubtSchema, { method: 'PATCH', body: { answer }, auth: true });

export type BankQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type BankQuestionInput = QuizQuestionInput;
export const listQuestions = () =>
  apiFetch('/api/v1/admin/quiz_questions', z.array(adminQuizQuestionSchema), { auth: true });
export const addQuestion = (input: BankQuestionInput) =>
  apiFetch('/api/v1/admin/quiz_questions', adminQuizQuestionSchema, { method: 'POST', body: input, auth: true });
export const updateQuestion = (id: number, input: BankQuestionInput) =>
  apiFetch(`/api/v1/admin/quiz_questions/${id}`, adminQuizQuestionSchema, { method: 'PUT', body: input, auth: true });
export const deleteQuestion = (id: number) =>
  apiFetch(`/api/v1/admin/quiz_questions/${id}`, noContent, { method: 'DELETE', auth: true });

export const listOutbox = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/v1/admin/outbox?limit=200', z.array(outboxEntrySchema), { auth: true, signal });

export type { BatchMember };

export const batchesQuery = () => queryOptions({ queryKey: [...adminKey, 'batches'], queryFn: listBatches });
export const programsQuery = () => queryOptions({ queryKey: [...adminKey, 'programs'], queryFn: listPrograms });
export const questionsQuery = () => queryOptions({ queryKey: [...adminKey, 'questions'], queryFn: listQuestions });
export const adminDoubtsQuery = () => queryOptions({ queryKey: [...adminKey, 'doubts'], queryFn: listDoubts });
export const scheduleQuery = (batch: number) =>
  queryOptions({ queryKey: [...adminKey, 'schedule', batch], queryFn: () => listBatchSessions(batch) });
export const attendanceQuery = (sessionId: number) =>
  queryOptions({ queryKey: [...adminKey, 'attendance', sessionId], queryFn: () => getAttendance(sessionId) });
export const outboxQuery = () => queryOptions({ queryKey: [...adminKey, 'outbox'], queryFn: listOutbox });

/** Site Settings: the values, the photo, and which are still the first-start defaults. */
export const siteSettingsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'settings'],
    queryFn: ({ signal }) => apiFetch('/api/v1/admin/settings', adminSettingsSchema, { auth: true, signal }),
  });

export const saveSiteSettings = (settings: SiteSettings) =>
  apiFetch('/api/v1/admin/settings', adminSettingsSchema, { method: 'PUT', body: settings, auth: true });

export function uploadInstructorPhoto(file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiFetch('/api/v1/admin/settings/photo', adminSettingsSchema, { method: 'POST', body: form, auth: true });
}

export const removeInstructorPhoto = () =>
  apiFetch('/api/v1/admin/settings/photo', adminSettingsSchema, { method: 'DELETE', auth: true });
