import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STUDENT_STATUS } from '../../../contracts/course';
import type { ManualPaymentMethod } from '../../../contracts/payments';
import {
  type BatchMember,
  type StudentListKind,
  type StudentSortColumn,
  studentListEndpoints,
  studentListSchema,
  outboxEndpoints,
  adminStudentsEndpoints,
  batchesEndpoints,
} from '../../../contracts/admin';
import { adminQuizQuestionSchema, type QuizQuestionInput, quizEndpoints } from '../../../contracts/quiz';
import { type SiteSettings, settingsEndpoints } from '../../../contracts/settings';
import {
  type CourseSessionInput,
  type ProgramInput,
  type sendProgramSchema,
  coursesEndpoints,
  programsEndpoints,
} from '../../../contracts/course-content';
import {
  type AttendanceMark,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type ScheduleGenerate,
  scheduleEndpoints,
} from '../../../contracts/schedule';
import { messages } from '../../../contracts/messages';
import { ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { adminKey } from '../../lib/query-keys';
import { callEndpoint, callEndpointWithHeaders } from '../../lib/call-endpoint';
import { endpointUrl } from '../../../contracts/endpoint';
import { profileEndpoints } from '../../../contracts/accounts';
import { doubtsEndpoints } from '../../../contracts/doubts';

export type { ProgramSubmission as Submission } from '../../../contracts/course-content';

export type { StudentListKind };

export interface ListParams {
  q: string;
  sort: StudentSortColumn;
  order: 'asc' | 'desc';
  page: number;
  perPage: number;
}

const listQuery = (params: ListParams, format: 'json' | 'csv') => ({
  sort: params.sort,
  order: params.order,
  page: params.page,
  per_page: params.perPage,
  format,
  q: params.q.trim() || undefined,
});

/** The address of a list with the screen's search, order and page (the CSV download's, with `format=csv`). */
export const listUrl = (kind: StudentListKind, params: ListParams, format: 'json' | 'csv' = 'json') =>
  endpointUrl(studentListEndpoints[kind], undefined, listQuery(params, format));

export const studentListQuery = (kind: StudentListKind, params: ListParams) =>
  queryOptions({
    queryKey: [...adminKey, 'students', kind, params],
    queryFn: async ({ signal }) => {
      const { data, headers } = await callEndpointWithHeaders(studentListEndpoints[kind], {
        query: listQuery(params, 'json'),
        auth: true,
        signal,
      });
      // The old students' address answers testimonials to anyone but the admin; the admin always gets the list.
      const listed = studentListSchema.safeParse(data);
      if (!listed.success) throw new ApiError(200, [messages.requestFailed], { cause: listed.error });
      const students = listed.data;
      return { students, total: Number(headers.get('x-total-count') ?? students.length) };
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

export const deleteStudent = (id: number) => callEndpoint(adminStudentsEndpoints.deleteStudent, { params: { id } });
/** Update Payment: with what the teacher received and how (recorded, and on the receipt the student is mailed). */
export const markPaid = ({ id, payment }: { id: number; payment: ManualPayment }) =>
  callEndpoint(profileEndpoints.updateStudent, {
    params: { id },
    body: { student_status: STUDENT_STATUS.paid, payment },
  });
export interface ManualPayment {
  amount_rupees: number;
  method: ManualPaymentMethod;
}
export const markCompleted = (id: number) =>
  callEndpoint(adminStudentsEndpoints.setCourseCompletion, {
    params: { id },
    body: { student_status: STUDENT_STATUS.completed },
  });

export const getBatch = (batch: number) =>
  callEndpoint(batchesEndpoints.batchStudents, { query: { student_batch: batch } });
export const updateBatch = (email: string, batch: number) =>
  callEndpoint(batchesEndpoints.updateBatch, { body: { email, student_batch: batch } });
export const saveBatch = (batch: number, body: { start_date: string | null; meeting_link: string | null }) =>
  callEndpoint(batchesEndpoints.saveBatch, { params: { number: batch }, body });
/** Without `resend`, a repeat of what the batch was already sent queues nothing and answers `already_sent`. */
export const announceStart = (batch: number, resend = false) =>
  callEndpoint(batchesEndpoints.announce, { params: { number: batch }, body: { resend } });
export const sendMeetingLink = (batch: number, resend = false) =>
  callEndpoint(batchesEndpoints.sendLink, { params: { number: batch }, body: { resend } });
export const moveToBatch = ({ batch, studentIds }: { batch: number; studentIds: number[] }) =>
  callEndpoint(batchesEndpoints.placeStudents, { params: { number: batch }, body: { student_ids: studentIds } });
export const unplacedStudentsQuery = () =>
  queryOptions({
    queryKey: [...adminKey, 'unplaced'],
    queryFn: () => callEndpoint(batchesEndpoints.unplacedStudents),
  });
export const listBatches = () => callEndpoint(batchesEndpoints.batches);

export const addSession = (input: CourseSessionInput) =>
  callEndpoint(coursesEndpoints.addCourseSession, { body: input });
export const updateSession = ({ id, input }: { id: number; input: CourseSessionInput }) =>
  callEndpoint(coursesEndpoints.updateCourseSession, { params: { id }, body: input });
export const deleteSession = (id: number) => callEndpoint(coursesEndpoints.deleteCourseSession, { params: { id } });

export const listBatchSessions = (batch: number) =>
  callEndpoint(scheduleEndpoints.batchSessions, { params: { number: batch } });
export const addBatchSession = (batch: number, input: BatchSessionInput) =>
  callEndpoint(scheduleEndpoints.addSession, { params: { number: batch }, body: input });
export const generateSchedule = (batch: number, input: ScheduleGenerate) =>
  callEndpoint(scheduleEndpoints.generate, { params: { number: batch }, body: input });
export const updateBatchSession = (id: number, input: BatchSessionUpdate) =>
  callEndpoint(scheduleEndpoints.updateSession, { params: { id }, body: input });
export const deleteBatchSession = (id: number) => callEndpoint(scheduleEndpoints.deleteSession, { params: { id } });
export const getAttendance = (id: number) => callEndpoint(scheduleEndpoints.attendance, { params: { id } });
export const downloadAttendance = (id: number, filename: string) =>
  downloadFile(endpointUrl(scheduleEndpoints.attendance, { id }, { format: 'csv' }), filename);
export const markAttendance = (id: number, studentId: number, mark: AttendanceMark | null) =>
  callEndpoint(scheduleEndpoints.markAttendance, { params: { id, studentId }, body: { mark } });

export const listPrograms = () => callEndpoint(programsEndpoints.programs);
export const closeProgram = (id: number, closed: boolean) =>
  callEndpoint(programsEndpoints.closeProgram, { params: { id }, body: { closed } });
export const addProgram = (input: ProgramInput) => callEndpoint(programsEndpoints.addProgram, { body: input });
export const deleteProgram = (id: number) => callEndpoint(programsEndpoints.deleteProgram, { params: { id } });
export const sendProgram = (id: number, input: z.output<typeof sendProgramSchema>) =>
  callEndpoint(programsEndpoints.sendProgram, { params: { id }, body: input });
export const listSubmissions = (id: number) => callEndpoint(programsEndpoints.programSubmissions, { params: { id } });

export const setCourseBook = (url: string) => callEndpoint(coursesEndpoints.saveCourseBook, { body: { url } });

export const listDoubts = () => callEndpoint(doubtsEndpoints.allDoubts);
export const answerDoubt = (id: number, answer: string) =>
  callEndpoint(doubtsEndpoints.answerDoubt, { params: { id }, body: { answer } });

export type BankQuestion = z.infer<typeof adminQuizQuestionSchema>;
export type BankQuestionInput = QuizQuestionInput;
export const listQuestions = () => callEndpoint(quizEndpoints.questions);
export const addQuestion = (input: BankQuestionInput) => callEndpoint(quizEndpoints.addQuestion, { body: input });
export const updateQuestion = (id: number, input: BankQuestionInput) =>
  callEndpoint(quizEndpoints.updateQuestion, { params: { id }, body: input });
export const deleteQuestion = (id: number) => callEndpoint(quizEndpoints.deleteQuestion, { params: { id } });

export const listOutbox = ({ signal }: { signal?: AbortSignal } = {}) =>
  callEndpoint(outboxEndpoints.outbox, { query: { limit: 200 }, signal });

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
    queryFn: ({ signal }) => callEndpoint(settingsEndpoints.settings, { signal }),
  });

export const saveSiteSettings = (settings: SiteSettings) => callEndpoint(settingsEndpoints.save, { body: settings });

export function uploadInstructorPhoto(file: File) {
  const form = new FormData();
  form.append('image', file);
  return callEndpoint(settingsEndpoints.uploadPhoto, { body: form });
}

export const removeInstructorPhoto = () => callEndpoint(settingsEndpoints.deletePhoto);
