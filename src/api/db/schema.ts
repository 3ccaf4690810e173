import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { CheckerKind } from '../../contracts/checkers.js';
import type { TestShownWhen } from '../../contracts/exercises/limits.js';
import type { CommentSource } from '../../contracts/exercises/supervision.js';
import type { NotificationKind } from '../../contracts/notifications.js';
import type { ManualPaymentMethod, PaidVia, PaymentStatus } from '../../contracts/payments.js';
import type { FeedbackState } from '../../contracts/testimonials.js';

/** Timestamps are ISO-8601 strings on both databases (PostgreSQL's are parsed back to ISO strings). */
type Timestamp = ColumnType<string, string | undefined, string>;
/** SQLite has no boolean type: flags are 0/1 integers on both databases; repositories map them to booleans. */
type Flag = ColumnType<number, number | undefined, number>;

export type Role = 'student' | 'admin';

export interface StudentTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  first_name: string;
  last_name: string;
  mobile: string | null;
  city: string | null;
  country: string | null;
  study: string | null;
  institution: string | null;
  work: string | null;
  office: string | null;
  activated: Flag;
  student_status: ColumnType<number, number | undefined, number>;
  student_batch: number | null;
  /** When the student was placed in student_batch (null: before the site recorded it); attendance counts from then. */
  batch_joined_at: ColumnType<string | null, string | null | undefined, string | null>;
  uniq_id: string;
  image_path: string | null;
  feedback: string | null;
  /** The teacher's moderation of the feedback (null without feedback); only approved feedback is a testimonial. */
  feedback_state: ColumnType<FeedbackState | null, FeedbackState | null | undefined, FeedbackState | null>;
  feedback_state_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Counts changes to what the landing page shows of the student; an approval names the revision it read. */
  feedback_revision: ColumnType<number, never, never>;
  /** Whether the student wants reminder mail before classes (1 by default). */
  reminders: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A certificate of completion and what it states, copied when issued (migration 2026-11-27T0150). */
export interface CertificateTable {
  id: Generated<number>;
  code: string;
  student_id: number;
  student_name: string;
  course: string;
  batch_number: number | null;
  batch_start: string | null;
  batch_end: string | null;
  teacher_name: string;
  issued_at: Timestamp;
  revoked_at: string | null;
  revoke_reason: string | null;
}

export interface AuthSessionTable {
  id: Generated<number>;
  student_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: string;
  last_used_at: Timestamp;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export interface EmailTokenTable {
  id: Generated<number>;
  student_id: number;
  purpose: EmailTokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Timestamp;
}

export interface BatchTable {
  id: Generated<number>;
  batch_number: number;
  start_date: string | null;
  meeting_link: string | null;
  created_at: Timestamp;
}

/** A start date announced, or a meeting link sent, to a batch's students (migration 2026-11-24T0100). */
export interface BatchMailingTable {
  id: Generated<number>;
  batch_number: number;
  kind: 'start_date' | 'meeting_link';
  /** What was sent: the start date, or the meeting link. */
  content: string;
  recipients: number;
  sent_at: Timestamp;
}

export interface CourseSessionTable {
  id: Generated<number>;
  session_number: number;
  session_date: string;
  topics: string;
  lesson_video: string | null;
  created_at: Timestamp;
}

/** One class of a batch: a session of the course plan at an instant, for a length of time (migration 2026-11-25). */
export interface BatchSessionTable {
  id: Generated<number>;
  batch_number: number;
  session_number: number;
  /** ISO-8601 instant (UTC). */
  starts_at: string;
  duration_minutes: number;
  /** Grows with each change, as calendars need. */
  sequence: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type AttendanceMark = 'present' | 'late' | 'absent';

export interface AttendanceTable {
  batch_session_id: number;
  student_id: number;
  /** When the student first clicked Join. */
  joined_at: string | null;
  /** The teacher's correction; null: as the Join click says. */
  mark: AttendanceMark | null;
  marked_at: string | null;
}

export interface SessionReminderTable {
  id: Generated<number>;
  batch_session_id: number;
  student_id: number;
  kind: 'day' | 'hour';
  /** The start time the reminder was for: a moved session is reminded again. */
  starts_at: string;
  outbox_id: number | null;
  created_at: Timestamp;
}

export type PrivateLinkPurpose = 'calendar' | 'reminders' | 'join';

/** A secret token that stands for a student in a URL without login; replacing it revokes the old URL. */
export interface PrivateLinkTable {
  student_id: number;
  purpose: PrivateLinkPurpose;
  token: string;
  created_at: Timestamp;
}

export interface ProgramTable {
  id: Generated<number>;
  program_number: number;
  task: string;
  created_at: Timestamp;
  closed_at: string | null;
  starter_code: string | null;
  /** 1: a test that passes but leaks memory fails ('memory_leak'). */
  no_leaks: Generated<number>;
  /** The teacher's own solution, never shown to students. */
  reference_solution: string | null;
  /** The teacher's C that judges the output of tests checked by it. */
  checker_code: string | null;
  /** What the program practises ("Pointers"); the teacher's list is filtered by it. */
  topic: string | null;
  /** A JSON list of { title, points }: the criteria the teacher grades by hand ('[]' for none). */
  rubric: Generated<string>;
  /** A program imported from CodeRunner: how Moodle graded it (CoderunnerGrading as JSON); null otherwise. */
  coderunner: string | null;
}

/** The teacher's grade by rubric of one student program; the student sees it once released. */
export interface ManualGradeTable {
  student_program_id: number;
  /** A JSON list of { title, points, max }: each criterion as graded (kept if the rubric changes later). */
  scores: string;
  score: number;
  total: number;
  feedback: Generated<string>;
  graded_by: string;
  graded_at: Timestamp;
  released_at: string | null;
}

/** A program that opens for a batch at `opens_at` and closes `minutes` later. */
export interface TimedWorkTable {
  id: Generated<number>;
  program_number: number;
  batch_number: number;
  opens_at: string;
  minutes: number;
}

export interface ProgramTestTable {
  id: Generated<number>;
  program_id: number;
  position: number;
  stdin: string;
  expected_output: string;
  visible: number;
  /** When a visible test's result is shown in full (TestShownWhen). */
  shown: Generated<TestShownWhen>;
  /** 1: when this test fails, the results after it are shown as hidden ones. */
  hide_rest_if_fail: Generated<number>;
  points: number;
  checker: Generated<CheckerKind>;
  tolerance: Generated<number>;
  /** A JSON array of the program's command-line arguments. */
  args: Generated<string>;
  /** JSON arrays of { name, content }: the files the program starts with, and those it must leave. */
  files: Generated<string>;
  expected_files: Generated<string>;
  /** A function exercise's test code ('' for a whole program). */
  test_code: Generated<string>;
}

export interface SubmissionTable {
  id: Generated<number>;
  student_program_id: number;
  code: string;
  status: 'graded' | 'compile_error';
  score: number;
  total: number;
  result: string;
  created_at: Timestamp;
  /** Made after the student's deadline for the program. */
  late: Flag;
}

/** One kept similarity check per program number and batch (the next run replaces it). */
export interface SimilarityRunTable {
  id: Generated<number>;
  program_number: number;
  batch_number: number;
  status: 'running' | 'done' | 'failed';
  /** What the worker is doing: 'queued', 'reading', 'comparing', 'fragments', 'done'. */
  phase: string;
  progress_done: ColumnType<number, number | undefined, number>;
  progress_total: ColumnType<number, number | undefined, number>;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** JSON (contracts/similarity.ts storedResultSchema) once done: who was compared and who was left out. */
  result: string | null;
  /** Written every few seconds by the process running (or queueing) the check; a stale one means it died. */
  heartbeat_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A ranked pair of a finished similarity check, with its fragments (JSON, contracts' Fragment[]). */
export interface SimilarityPairTable {
  id: Generated<number>;
  run_id: number;
  rank: number;
  left_student_id: number;
  right_student_id: number;
  similarity: number;
  fragment_count: number;
  fragments: string;
}

/** A student's code as a similarity check compared it, kept with the run. */
export interface SimilarityFileTable {
  id: Generated<number>;
  run_id: number;
  student_id: number;
  code: string;
}

export interface CodeCommentTable {
  id: Generated<number>;
  student_program_id: number;
  line: number;
  body: string;
  author_id: number | null;
  author_name: string;
  created_at: Timestamp;
  /** What the line read when the comment was written; null for older comments. */
  line_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The code it was written on; null for older comments. */
  written_on: ColumnType<CommentSource | null, CommentSource | null | undefined, CommentSource | null>;
}

export interface StudentProgramTable {
  id: Generated<number>;
  student_id: number;
  program_number: number;
  task: string;
  solution: string | null;
  submitted_at: string | null;
  created_at: Timestamp;
  draft_code: string | null;
  draft_saved_at: string | null;
  last_run_at: string | null;
  last_run_summary: string | null;
  best_score: number | null;
  best_total: number | null;
  /** The deadline the teacher gave the student's batch (ISO instant), or null. */
  due_at: string | null;
  /** The best score was first reached after the deadline. */
  best_late: Flag;
  /** Minutes this student has past the end of the program's timed window (an extension). */
  extra_minutes: Generated<number>;
}

export interface PaymentTable {
  id: Generated<number>;
  /** Kept (set to null) when the student is deleted: payment records stay for the accounts. */
  student_id: number | null;
  student_email: string;
  order_id: string;
  payment_id: string | null;
  amount: number;
  currency: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_via: PaidVia | null;
  paid_at: string | null;
  failure_reason: string | null;
  /** The student id while this is the student's one unpaid order; null once paid or replaced. */
  open_for_student: number | null;
  checked_at: string | null;
  check_count: ColumnType<number, number | undefined, number>;
  /** 'RCPT-000001' …: given once, in the capture's transaction; null until captured. */
  receipt_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the order stopped being payable (replaced at a new fee, or the student paid otherwise); never captured. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the teacher received a payment they recorded; null for online ones (and older manual ones). */
  manual_method: ColumnType<
    ManualPaymentMethod | null,
    ManualPaymentMethod | null | undefined,
    ManualPaymentMethod | null
  >;
}

/** A payment received that the site did not credit: to be refunded at the gateway. */
export interface RefundDueTable {
  id: Generated<number>;
  /** The order it was paid for. */
  payment_row_id: number;
  student_id: number | null;
  student_email: string;
  payment_id: string;
  amount: number;
  currency: string;
  reason: string;
  received_via: PaidVia;
  created_at: Timestamp;
  refunded_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookEventTable {
  id: Generated<number>;
  event_id: string;
  event: string;
  received_at: Timestamp;
}

export interface TestGatewayPaymentTable {
  id: Generated<number>;
  payment_id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  error_description: string | null;
  created_at: Timestamp;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: string | null;
  logged_at: string | null;
  /** The one-click address of the List-Unsubscribe header, for mail a student can stop. */
  list_unsubscribe: ColumnType<string | null, string | null | undefined, string | null>;
  /** The document the message carries, as JSON `{ kind, id }`, rendered when it is sent (mail-attachments.ts). */
  attachment: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface QuizQuestionTable {
  id: Generated<number>;
  question: string;
  /** JSON array of the four options. */
  options: string;
  answer_index: number;
  /** Why the right answer is right: plain text shown after an attempt. */
  explanation: string | null;
  /** A short topic ("Pointers") a student's scores are grouped by; null counts as "Other". */
  topic: string | null;
  created_at: Timestamp;
}

export interface StatusChangeTable {
  id: Generated<number>;
  student_id: number | null;
  student_email: string;
  from_status: number;
  to_status: number;
  changed_by: number | null;
  changed_by_email: string;
  created_at: Timestamp;
  /** Why the teacher undid a change (set on the revert's own row). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The change this row undid. */
  reverts_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The manual payment this change (a Paid mark) recorded; voided when the change is undone. */
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface QuizAttemptTable {
  id: Generated<number>;
  student_id: number;
  score: number;
  total: number;
  review: string;
  created_at: Timestamp;
}

export interface QuizDealTable {
  student_id: number;
  question_ids: string;
  created_at: Timestamp;
}

export interface DoubtTable {
  id: Generated<number>;
  student_id: number;
  session_id: number | null;
  question: string;
  answer: string | null;
  answered_at: string | null;
  created_at: Timestamp;
  /** A step of a run the doubt is about, as JSON (contracts/doubts.ts doubtStepSchema); migration 2026-12-01T0300. */
  trace: string | null;
  /**
   * The run's summary, which the lists read instead of `trace` (migration 2026-12-02T0100): the step and line, the
   * UTF-8 bytes of the code and input, the number of files and their bytes. All null when there is no run.
   */
  run_step: number | null;
  run_line: number | null;
  run_code_bytes: number | null;
  run_stdin_bytes: number | null;
  run_files: number | null;
  run_files_bytes: number | null;
}

/** What the site tells one person (migration 2026-11-26T0100-progress). */
export interface NotificationTable {
  id: Generated<number>;
  recipient_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path of the site to open, or null. */
  link: string | null;
  /** What it is about (a student program, a doubt …), so a repeat can be folded into an unread one. */
  subject_id: number | null;
  read_at: string | null;
  created_at: Timestamp;
}

/** A person's choice for one kind of notification; no row means the kind's defaults. */
export interface NotificationSettingTable {
  student_id: number;
  kind: NotificationKind;
  email: number;
  site: number;
}

/** When a person last opened their home (or the teacher their overview), and when the visit before ended. */
export interface StudentVisitTable {
  student_id: number;
  seen_at: string | null;
  previous_visit_at: string | null;
  /** The last use of a session since ended (logout, password change); open sessions keep their own. */
  active_at: string | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface CounterTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface StoredFileTable {
  name: string;
  content_type: string;
  content: Buffer;
  size: number;
  created_at: string;
}

/** Bumped by triggers on each change to a cached table (migration 2400-content-versions). */
export interface ContentVersionTable {
  name: 'course_sessions' | 'students' | 'settings' | 'attendance' | 'batch_sessions';
  version: number;
}

export interface Database {
  students: StudentTable;
  certificates: CertificateTable;
  auth_sessions: AuthSessionTable;
  email_tokens: EmailTokenTable;
  batches: BatchTable;
  batch_mailings: BatchMailingTable;
  course_sessions: CourseSessionTable;
  batch_sessions: BatchSessionTable;
  attendance: AttendanceTable;
  session_reminders: SessionReminderTable;
  private_links: PrivateLinkTable;
  programs: ProgramTable;
  student_programs: StudentProgramTable;
  manual_grades: ManualGradeTable;
  timed_work: TimedWorkTable;
  payments: PaymentTable;
  outbox: OutboxTable;
  quiz_questions: QuizQuestionTable;
  status_changes: StatusChangeTable;
  quiz_attempts: QuizAttemptTable;
  quiz_deals: QuizDealTable;
  doubts: DoubtTable;
  settings: SettingTable;
  notifications: NotificationTable;
  notification_settings: NotificationSettingTable;
  student_visits: StudentVisitTable;
  webhook_events: WebhookEventTable;
  refunds_due: RefundDueTable;
  test_gateway_payments: TestGatewayPaymentTable;
  program_tests: ProgramTestTable;
  submissions: SubmissionTable;
  similarity_runs: SimilarityRunTable;
  similarity_pairs: SimilarityPairTable;
  similarity_files: SimilarityFileTable;
  code_comments: CodeCommentTable;
  counters: CounterTable;
  stored_files: StoredFileTable;
  content_versions: ContentVersionTable;
}

/** The student's flag columns, which repositories read and write as booleans (flags.ts). */
export type StudentFlag = 'activated' | 'reminders';
type AsBooleans<T, Optional extends boolean> = Omit<T, StudentFlag> &
  (Optional extends true ? { [K in StudentFlag]?: boolean } : { [K in StudentFlag]: boolean });
/** A student as repositories return it: the flags are booleans. */
export type StudentRow = AsBooleans<Selectable<StudentTable>, false>;
export type NewStudent = AsBooleans<Insertable<StudentTable>, true>;
export type StudentUpdate = AsBooleans<Updateable<StudentTable>, true>;
export type CertificateRow = Selectable<CertificateTable>;

/** A database handle or an open transaction: what repositories take, so a caller's transaction can span them. */
export type Db = Kysely<Database> | Transaction<Database>;
