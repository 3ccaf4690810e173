import { z } from 'zod';
import { apiPaths } from './api-paths.js';
import { endpoints } from './endpoint.js';
import { idParamsSchema, messageResponseSchema, isoDateSchema, pageQuerySchema, recordIdSchema } from './fields.js';
import { profileUpdateResponseSchema, emailOnlySchema, studentDataSchema } from './accounts.js';
import { batchNumberSchema } from './course-content.js';
import { testimonialListSchema } from './site.js';
import { manualPaymentMethods } from './payments.js';
import { SETTINGS_LIMITS } from './settings.js';

/** Shapes of the admin API's requests and answers, shared by the routes (schemas) and the admin screens (types). */

/** old = completed the course, new = not completed yet, regd and all = every registered student. */
export const studentListKinds = ['old', 'new', 'regd', 'all'] as const;
export type StudentListKind = (typeof studentListKinds)[number];

export const studentSortColumns = [
  'id',
  'first_name',
  'last_name',
  'email',
  'city',
  'country',
  'student_status',
  'student_batch',
  'created_at',
] as const;
export type StudentSortColumn = (typeof studentSortColumns)[number];

const studentSearchText = z.string().max(100, 'A search must be at most 100 characters');

/** The admin's student lists: a search, an order and the page, as JSON or the whole list as CSV. */
export const studentListQuerySchema = z.object({
  q: studentSearchText.optional(),
  sort: z.enum(studentSortColumns).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...pageQuerySchema.shape,
  format: z.enum(['json', 'csv']).default('json'),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;
/**
 * A student as the admin's lists show one: the student's data and, once in a batch, their attendance: the sessions
 * of the batch attended (present or late) of those held (ended) so far.
 */
export const listedStudentSchema = studentDataSchema.extend({
  attendance: z.object({ attended: z.number(), held: z.number() }).nullable(),
});
export type ListedStudent = z.infer<typeof listedStudentSchema>;
export const studentListSchema = z.array(listedStudentSchema);

/** `GET /students/get_old_students`: the full list for the admin, testimonials for everyone else. */
export const oldStudentsSchema = z.union([studentListSchema, testimonialListSchema]);

/** Update Payment Status (`PATCH /students/{id}`) and Update Course Completion (`PUT /students/{id}`). */
export const studentStatusInputSchema = z.strictObject({
  student_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /**
   * With a Paid mark: what the teacher received, and how. Left out (the original client), the fee now, received
   * in cash or by bank transfer.
   */
  payment: z
    .strictObject({
      amount_rupees: z
        .number({ error: 'The amount must be a number of rupees' })
        .int('The amount must be a whole number of rupees')
        .min(0, 'The amount must be 0 or more')
        .max(SETTINGS_LIMITS.maxFeeRupees, `The amount must be at most ${SETTINGS_LIMITS.maxFeeRupees} rupees`),
      method: z.enum(manualPaymentMethods, { error: 'Choose how the fee was received' }),
    })
    .optional(),
});
export type StudentStatusInput = z.infer<typeof studentStatusInputSchema>;

export const statusChangesQuerySchema = z.object({ student_id: recordIdSchema.optional() });
export type StatusChangesQuery = z.infer<typeof statusChangesQuerySchema>;
export const statusChangeSchema = z.object({
  id: z.number(),
  student_id: z.number().nullable(),
  student_email: z.string(),
  from_status: z.number(),
  to_status: z.number(),
  changed_by_email: z.string(),
  created_at: z.string(),
  /** Why the teacher undid a change: on the row of the undo. */
  reason: z.string().nullable(),
  /** The change this row undid (null for an ordinary change). */
  reverts_id: z.number().nullable(),
  /** Made by an online payment (changed_by_email then names it), not by the teacher: not undone here. */
  by_payment: z.boolean(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
export const statusChangeListSchema = z.array(statusChangeSchema);

export const statusRevertMessages = {
  reason: 'Give the reason for the undo, in 3 to 500 characters.',
  nothingToUndo: 'There is no Paid or Completed mark of this student to undo.',
  alreadyUndone: 'The latest change of this student has already been undone.',
  notInForce: 'The latest change is no longer in force: the student’s status has changed since.',
  paidOnline:
    'This student paid online, so Paid cannot be undone here: the payment must be refunded at the payment gateway.',
  unpaidAfterOnline:
    'This student paid online, so they cannot be set back to Unpaid here: refund the payment at the payment gateway first.',
  undone: 'The change was undone.',
} as const;

/**
 * `GET /api/v1/admin/students/:id/completion`: what the teacher should know before marking a student completed: their
 * attendance so far and the batch's classes still to come (with the last one), so a completion mid-batch is a choice.
 */
export const completionCheckSchema = z.object({
  batch: z.number().nullable(),
  attended: z.number().int(),
  held: z.number().int(),
  classes_left: z.number().int(),
  /** The batch's last class (an instant), or null without classes. */
  last_class_at: z.string().nullable(),
});
export type CompletionCheck = z.infer<typeof completionCheckSchema>;

/** `POST /api/v1/admin/students/:id/revert`: undoes the student's latest Paid or Completed mark, with the reason. */
export const statusRevertInputSchema = z.strictObject({
  reason: z
    .string({ error: statusRevertMessages.reason })
    .trim()
    .min(3, statusRevertMessages.reason)
    .max(500, statusRevertMessages.reason),
});
export type StatusRevertInput = z.infer<typeof statusRevertInputSchema>;
export const statusRevertResultSchema = z.object({
  student_status: z.number().int(),
  message: z.string(),
});
export type StatusRevertResult = z.infer<typeof statusRevertResultSchema>;

/** The new students' names: registered, unpaid and not yet in a batch. */
export const newStudentNameSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type NewStudentName = z.infer<typeof newStudentNameSchema>;
export const newStudentNameListSchema = z.array(newStudentNameSchema);

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxEntrySchema = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  logged_at: z.string().nullable(),
  /** The document the message carries ('receipt', 'certificate'), rendered as a PDF when it is sent. */
  attachment: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.array(outboxEntrySchema);

export const batchMemberSchema = z.object({
  id: z.number(),
  student_batch: z.number().nullable(),
  email: z.string(),
  student_status: z.number(),
});
export type BatchMember = z.infer<typeof batchMemberSchema>;
export const batchMemberListSchema = z.array(batchMemberSchema);
export const batchQuerySchema = z.object({ student_batch: batchNumberSchema });
export type BatchQuery = z.infer<typeof batchQuerySchema>;

/** `PATCH /students/update_batch`: moves a student (by email) to a batch. */
export const batchAssignmentSchema = z.strictObject({
  email: emailOnlySchema.shape.email,
  student_batch: batchNumberSchema,
});
export type BatchAssignment = z.input<typeof batchAssignmentSchema>;

/** Moving several students at once into a batch (`POST /api/v1/batches/:number/students`). */
export const BATCH_MOVE_MAX = 500;
export const batchMoveSchema = z.strictObject({
  student_ids: z
    .array(recordIdSchema, { error: 'Choose the students to move' })
    .min(1, 'Choose the students to move')
    .max(BATCH_MOVE_MAX, `At most ${BATCH_MOVE_MAX} students at a time`),
});
export type BatchMove = z.infer<typeof batchMoveSchema>;
export const batchMoveResultSchema = z.object({ moved: z.number().int(), message: z.string() });

/** Paid students in no batch, whom the teacher places (`GET /api/v1/admin/unplaced_students`). */
export const unplacedStudentSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export const unplacedStudentListSchema = z.array(unplacedStudentSchema);

/** `/api/v1/batches/:number`. */
export const batchParamsSchema = z.object({ number: batchNumberSchema });

export const batchUpdateSchema = z.strictObject({
  start_date: isoDateSchema('Start date').nullable().optional(),
  meeting_link: z
    .url({ protocol: /^https$/, error: 'Meeting link must be an https:// address' })
    .max(500)
    .nullable()
    .optional(),
});
export type BatchUpdate = z.infer<typeof batchUpdateSchema>;

export const batchInfoSchema = z.object({
  batch_number: z.number(),
  start_date: z.string().nullable(),
  meeting_link: z.string().nullable(),
  students: z.number(),
  /** Classes on the batch's timetable (Class Schedule); 0 before one is made. */
  classes: z.number(),
  /** Sessions of the course plan its timetable lacks (a session added to the plan after it was made). */
  plan_missing: z.array(z.number()),
});
export type BatchInfo = z.infer<typeof batchInfoSchema>;
export const batchInfoListSchema = z.array(batchInfoSchema);

/**
 * Announce start date and Send meeting link. `resend: true` sends again what this batch was already sent; without
 * it a repeat sends nothing and answers `already_sent`, so the admin is asked first.
 */
export const batchMailingInputSchema = z.object({ resend: z.boolean().optional() }).nullish();
export type BatchMailingInput = z.infer<typeof batchMailingInputSchema>;

export const batchMailingResultSchema = z.object({
  queued: z.number(),
  /** Only when nothing was sent: the earlier sending of the same date or link to this batch (`resend` not set). */
  already_sent: z.object({ students: z.number(), sent_at: z.string() }).optional(),
});
export type BatchMailingResult = z.infer<typeof batchMailingResultSchema>;

/** The batch details form: an empty field clears its value (null). */
const emptyIsNull = (value: unknown) => (value === '' ? null : value);
export const batchDetailsFormSchema = batchUpdateSchema.extend({
  start_date: z.preprocess(emptyIsNull, batchUpdateSchema.shape.start_date),
  meeting_link: z.preprocess(emptyIsNull, batchUpdateSchema.shape.meeting_link),
});

/** The student lists' search box: the same rule as `q` of the lists' query. */
export const studentSearchSchema = z.strictObject({ q: studentSearchText });

const adminStudentList = <P extends string>(path: P) =>
  ({
    method: 'GET',
    path,
    access: 'admin',
    query: studentListQuerySchema,
    response: { 200: studentListSchema },
  }) as const;

/** Where each list is read (the original client's paths), as JSON or as CSV (`format=csv`). */
export const studentListEndpoints = endpoints({
  /** The admin's full list; anyone else (the landing page) gets the testimonials. */
  old: {
    method: 'GET',
    path: apiPaths.oldStudents,
    access: 'public',
    query: studentListQuerySchema,
    response: { 200: oldStudentsSchema },
  },
  new: adminStudentList('/students/get_new_students'),
  regd: adminStudentList('/students/get_regd_students'),
  all: adminStudentList('/students'),
});

/** The endpoints of the admin's list of students and their status. */
export const adminStudentsEndpoints = endpoints({
  deleteStudent: { method: 'DELETE', path: '/students/:id', access: 'admin', params: idParamsSchema },
  setCourseCompletion: {
    method: 'PUT',
    path: '/students/:id',
    access: 'admin',
    params: idParamsSchema,
    body: studentStatusInputSchema,
    response: { 200: profileUpdateResponseSchema },
  },
  completionCheck: {
    method: 'GET',
    path: '/api/v1/admin/students/:id/completion',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: completionCheckSchema },
  },
  statusChanges: {
    method: 'GET',
    path: '/api/v1/admin/status_changes',
    access: 'admin',
    query: statusChangesQuerySchema,
    response: { 200: statusChangeListSchema },
  },
  revertStatus: {
    method: 'POST',
    path: '/api/v1/admin/students/:id/revert',
    access: 'admin',
    params: idParamsSchema,
    body: statusRevertInputSchema,
    response: { 200: statusRevertResultSchema },
  },
});

/** The endpoints of batches and their students. */
export const batchesEndpoints = endpoints({
  batchStudents: {
    method: 'GET',
    path: '/students/getbatch',
    access: 'admin',
    query: batchQuerySchema,
    response: { 200: batchMemberListSchema },
  },
  unplacedStudents: {
    method: 'GET',
    path: '/api/v1/admin/unplaced_students',
    access: 'admin',
    response: { 200: unplacedStudentListSchema },
  },
  placeStudents: {
    method: 'POST',
    path: '/api/v1/batches/:number/students',
    access: 'admin',
    params: batchParamsSchema,
    body: batchMoveSchema,
    response: { 200: batchMoveResultSchema },
  },
  updateBatch: {
    method: 'PATCH',
    path: '/students/update_batch',
    access: 'admin',
    body: batchAssignmentSchema,
    response: { 200: profileUpdateResponseSchema },
  },
  batches: { method: 'GET', path: '/api/v1/batches', access: 'admin', response: { 200: batchInfoListSchema } },
  saveBatch: {
    method: 'PUT',
    path: '/api/v1/batches/:number',
    access: 'admin',
    params: batchParamsSchema,
    body: batchUpdateSchema,
    response: { 200: batchInfoSchema },
  },
  announce: {
    method: 'POST',
    path: '/api/v1/batches/:number/announce',
    access: 'admin',
    params: batchParamsSchema,
    body: batchMailingInputSchema,
    response: { 200: batchMailingResultSchema },
  },
  sendLink: {
    method: 'POST',
    path: '/api/v1/batches/:number/send_link',
    access: 'admin',
    params: batchParamsSchema,
    body: batchMailingInputSchema,
    response: { 200: batchMailingResultSchema },
  },
  inviteEmail: {
    method: 'POST',
    path: '/api/v1/admin/invite_email',
    access: 'admin',
    body: emailOnlySchema,
    response: { 200: messageResponseSchema },
  },
  newStudentNames: {
    method: 'GET',
    path: '/api/v1/admin/new_student_names',
    access: 'admin',
    response: { 200: newStudentNameListSchema },
  },
});

/** The endpoints of the admin's view of the mail outbox. */
export const outboxEndpoints = endpoints({
  outbox: {
    method: 'GET',
    path: '/api/v1/admin/outbox',
    access: 'admin',
    query: outboxQuerySchema,
    response: { 200: outboxListSchema },
  },
});
