import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, hasControlCharacters, isoDateSchema, recordIdSchema } from './fields.js';

/** Course sessions and program exercises: shared by the admin forms and the API. */

const positiveNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(100_000, `${label} is too large`);

export const batchNumberSchema = positiveNumber('Batch number');
export const programNumberSchema = positiveNumber('Program number');

/** A YouTube address (watch, youtu.be, embed, shorts) or a bare 11-character video id; stored as the id. */
export function youtubeId(input: string): string | null {
  const text = input.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

export const courseSessionInputSchema = z.strictObject({
  session_number: positiveNumber('Session number'),
  session_date: isoDateSchema('Planned date'),
  topics: z
    .string({ error: 'Topics are required' })
    .trim()
    .min(1, 'Topics are required')
    .max(1000, 'Topics must be at most 1000 characters')
    // Line breaks are kept (a list of topics); other control characters have no meaning and break calendar feeds.
    .refine(
      (text) => !hasControlCharacters(text.replaceAll(/\r?\n|\t/g, ' ')),
      'Topics cannot contain control characters',
    ),
  lesson_video: z
    .string({ error: 'Lesson video must be a YouTube link or video id' })
    .trim()
    .max(200, 'Lesson video must be a YouTube link or video id')
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const id = youtubeId(value);
      if (!id) ctx.addIssue({ code: 'custom', message: 'Lesson video must be a YouTube link or video id' });
      return id;
    }),
});
export type CourseSessionInput = z.input<typeof courseSessionInputSchema>;

export const courseSessionSchema = z.object({
  id: z.number(),
  session_number: z.number(),
  session_date: z.string(),
  topics: z.string(),
  lesson_video: z.string().nullable(),
});
export type CourseSession = z.infer<typeof courseSessionSchema>;
export const courseSessionListSchema = z.array(courseSessionSchema);

/** `GET /api/v1/my_batch`: the batch a paid student belongs to, its start date and the classes' meeting link. */
export const myBatchSchema = z.object({
  batch_number: z.number().nullable(),
  start_date: z.string().nullable(),
  meeting_link: z.string().nullable(),
});
export type MyBatch = z.infer<typeof myBatchSchema>;

/**
 * The longest task a program may have: room for an imported question's full statement (CodeRunner and Dodona tasks
 * run past 5,000 characters once their HTML is text), still one screen of reading at most a few.
 */
export const TASK_MAX_CHARS = 20_000;
export const taskSchema = z
  .string({ error: 'Task is required' })
  .trim()
  .min(1, 'Task is required')
  .max(TASK_MAX_CHARS, `Task must be at most ${TASK_MAX_CHARS.toLocaleString('en-IN')} characters`);

export const programInputSchema = z.strictObject({
  program_number: programNumberSchema,
  task: taskSchema,
});
export type ProgramInput = z.input<typeof programInputSchema>;

export const programSchema = z.object({ id: z.number(), program_number: z.number(), task: z.string() });
/** The longest title a picker shows; a longer first line is cut at a word and ends with "…". */
export const PROGRAM_TITLE_MAX = 60;

/**
 * A program's title: its task's first line ("Sum of digits"), the first sentence of a long one, cut at a word past
 * PROGRAM_TITLE_MAX characters. Programs are numbered, and "Program 7" alone says nothing in a picker of thirteen.
 */
export function programTitle(task: string): string {
  const line =
    task
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim()
      .replace(/\s+/g, ' ') ?? '';
  if (line.length <= PROGRAM_TITLE_MAX) return line;
  const sentence = /^(.+?[.!?])\s/.exec(line)?.[1];
  if (sentence && sentence.length <= PROGRAM_TITLE_MAX) return sentence;
  const cut = line.slice(0, PROGRAM_TITLE_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > PROGRAM_TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** How every picker and list names a program: "Program 7: Sum of digits" ("Program 7" while its task is hidden). */
export function programLabel(program: { program_number: number; task?: string | null }): string {
  const title = program.task ? programTitle(program.task) : '';
  return title ? `Program ${program.program_number}: ${title}` : `Program ${program.program_number}`;
}

export type Program = z.infer<typeof programSchema>;

/** A program as the admin's list shows it: closed once solutions can no longer be changed. */
export const adminProgramSchema = programSchema.extend({
  closed: z.boolean(),
  /** What the program practises, as the teacher tagged it (its test cases' editor), or null. */
  topic: z.string().nullable(),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;
export const adminProgramListSchema = z.array(adminProgramSchema);

export const programCloseInputSchema = z.strictObject({ closed: z.boolean() });
export type ProgramCloseInput = z.infer<typeof programCloseInputSchema>;

/**
 * `POST /api/v1/programs/:id/send`: the batch, and optionally a due date, a day on the course calendar (the deadline
 * is the end of that day); a day before today is refused by the server, which knows the course's today.
 */
export const sendProgramSchema = z.strictObject({
  student_batch: batchNumberSchema,
  due_date: isoDateSchema('Due date').optional(),
});
export type SendProgramInput = z.input<typeof sendProgramSchema>;

/** The admin's send form: an empty due date means none. */
export const sendProgramFormSchema = sendProgramSchema.extend({
  due_date: z.preprocess((value) => (value === '' ? undefined : value), sendProgramSchema.shape.due_date),
});
export type SendProgramFormInput = z.input<typeof sendProgramFormSchema>;
export const programSentSchema = z.object({ sent: z.number() });
export type ProgramSent = z.infer<typeof programSentSchema>;

/** How a program is handed in, as its card and its editor say. */
export const programMessages = {
  gradedHowTo: 'Write, run and submit your program in the editor; it is graded at once against the test cases.',
  handInHowTo: 'Write and run your program in the editor, then hand it in there: your teacher reads and reviews it.',
  handedIn: 'Handed in: your teacher will read it. You can hand it in again until the program closes.',
} as const;

export const studentProgramSchema = z.object({
  id: z.number(),
  student_id: z.number(),
  program_number: z.number(),
  task: z.string(),
  solution: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** The deadline (an instant: the end of the due day on the course clock), or null for none. */
  due_at: z.string().nullable(),
  /** The solution was handed in after the deadline. */
  late: z.boolean(),
  /** The best graded score was first reached after the deadline. */
  best_late: z.boolean(),
});
export type StudentProgram = z.infer<typeof studentProgramSchema>;
/** A program in the student's list (`GET /student_programs/get_my_progs/:id`), with how it is handed in. */
export const myProgramSchema = studentProgramSchema.extend({
  /** The program has test cases: handed in through the editor's Submit, it is graded at once. */
  graded: z.boolean(),
  /** A timed program's window for this student (extra minutes included); null when it is not timed. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  /** The best graded submission's score and out of how many (null: none graded yet). */
  best_score: z.number().int().nullable(),
  best_total: z.number().int().nullable(),
  /** The teacher's grade by hand, once released (null before). */
  grade: z.object({ score: z.number(), total: z.number() }).nullable(),
});
export type MyProgram = z.infer<typeof myProgramSchema>;
export const studentProgramListSchema = z.array(myProgramSchema);

/**
 * The original client's one-student call, `POST /student_programs/`: a program for one student, without a solution
 * yet.
 */
export const studentProgramInputSchema = z.strictObject({
  student_id: recordIdSchema,
  program_number: programNumberSchema,
  task: programInputSchema.shape.task,
  solution: z.string().max(0).nullable().optional(),
});
export type StudentProgramInput = z.input<typeof studentProgramInputSchema>;

/** `/student_programs/get_my_progs/:studentId`. */
export const studentIdParamsSchema = z.object({ studentId: recordIdSchema });

/** `PATCH /student_programs/:id`: the program with its new solution. */
export const solutionSubmittedSchema = z.object({
  data: studentProgramSchema,
  meta: z.object({ message: z.string() }),
});
export type SolutionSubmitted = z.infer<typeof solutionSubmittedSchema>;

/** A student's solution to one program, as the admin opens them all. */
export const programSubmissionSchema = studentProgramSchema.extend({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ProgramSubmission = z.infer<typeof programSubmissionSchema>;
export const programSubmissionListSchema = z.array(programSubmissionSchema);

export const contentMessages = {
  sessionNumberTaken: 'Session number should be unique',
  programNumberTaken: 'Program number should be unique',
  programAlreadySent: 'This program already sent',
  checkEmail: 'Please check email',
  noStudentsInBatch: 'There are no students in this batch',
  dueDatePassed: 'The due date has passed: choose today or a later day.',
} as const;

/** Whether something handed in at `at` missed the deadline `dueAt` (none: never late). */
export function isLate(dueAt: string | null, at: string | null): boolean {
  return dueAt !== null && at !== null && Date.parse(at) > Date.parse(dueAt);
}

/** A solution is C source text: at most 256 KB, valid UTF-8, no NUL bytes. */
export const SOLUTION_MAX_BYTES = 256 * 1024;
export const solutionMessages = {
  tooLarge: 'The solution must be at most 256 KB of text.',
  notText: 'The solution must be a text file (C source code).',
  empty: 'The solution is empty.',
  missing: 'Send the solution: the program text or a .c file.',
  closed: 'This program is closed: solutions can no longer be changed.',
} as const;

/** The course book is a Google Drive file; it is shown through Drive's preview page. */
export function driveFileId(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || (url.hostname !== 'drive.google.com' && url.hostname !== 'docs.google.com'))
    return null;
  const id = url.pathname.match(/\/d\/([A-Za-z0-9_-]{10,})/)?.[1] ?? url.searchParams.get('id');
  return id && /^[A-Za-z0-9_-]{10,}$/.test(id) ? id : null;
}

export function drivePreviewUrl(fileId: string): string {
  return `https://drive.google.com/file/d/${fileId}/preview`;
}

export const courseBookInputSchema = z.strictObject({
  url: z
    .string({ error: 'Give the Google Drive link of the course book' })
    .max(500, 'The course book link must be at most 500 characters')
    .transform((value, ctx) => {
      if (value.trim() === '') return null;
      const id = driveFileId(value);
      if (!id)
        ctx.addIssue({
          code: 'custom',
          message: 'The course book must be a Google Drive file link (https://drive.google.com/file/d/…)',
        });
      return id;
    }),
});
export const courseBookSchema = z.object({ preview_url: z.string().nullable() });
export type CourseBookInput = z.input<typeof courseBookInputSchema>;
export type CourseBook = z.infer<typeof courseBookSchema>;

/** The endpoints of the course's classes and lessons. */
export const coursesEndpoints = endpoints({
  courses: { method: 'GET', path: '/courses', access: 'student', response: { 200: courseSessionListSchema } },
  myBatch: { method: 'GET', path: '/api/v1/my_batch', access: 'student', response: { 200: myBatchSchema } },
  courseBook: { method: 'GET', path: '/api/v1/course_book', access: 'student', response: { 200: courseBookSchema } },
  saveCourseBook: {
    method: 'PUT',
    path: '/api/v1/admin/course_book',
    access: 'admin',
    body: courseBookInputSchema,
    response: { 200: courseBookSchema },
  },
  addCourseSession: {
    method: 'POST',
    path: '/courses',
    access: 'admin',
    body: courseSessionInputSchema,
    response: { 201: courseSessionSchema },
  },
  updateCourseSession: {
    method: 'PUT',
    path: '/api/v1/admin/course_sessions/:id',
    access: 'admin',
    params: idParamsSchema,
    body: courseSessionInputSchema,
    response: { 200: courseSessionSchema },
  },
  deleteCourseSession: { method: 'DELETE', path: '/courses/:id', access: 'admin', params: idParamsSchema },
});

/** The endpoints of program exercises and their reviews. */
export const programsEndpoints = endpoints({
  programs: { method: 'GET', path: '/programs', access: 'admin', response: { 200: adminProgramListSchema } },
  addProgram: {
    method: 'POST',
    path: '/programs',
    access: 'admin',
    body: programInputSchema,
    response: { 201: programSchema },
  },
  deleteProgram: { method: 'DELETE', path: '/programs/:id', access: 'admin', params: idParamsSchema },
  sendProgram: {
    method: 'POST',
    path: '/api/v1/programs/:id/send',
    access: 'admin',
    params: idParamsSchema,
    body: sendProgramSchema,
    response: { 200: programSentSchema },
  },
  sendToBatch: {
    method: 'POST',
    path: '/student_programs',
    access: 'admin',
    body: studentProgramInputSchema,
    response: { 201: studentProgramSchema },
  },
  myPrograms: {
    method: 'GET',
    path: '/student_programs/get_my_progs/:studentId',
    access: 'student',
    params: studentIdParamsSchema,
    response: { 200: studentProgramListSchema },
  },
  handIn: {
    method: 'PATCH',
    path: '/student_programs/:id',
    access: 'student',
    timedWork: true,
    params: idParamsSchema,
    response: { 200: solutionSubmittedSchema },
  },
  closeProgram: {
    method: 'POST',
    path: '/api/v1/programs/:id/close',
    access: 'admin',
    params: idParamsSchema,
    body: programCloseInputSchema,
    response: { 200: adminProgramSchema },
  },
  programSubmissions: {
    method: 'GET',
    path: '/api/v1/admin/programs/:id/submissions',
    access: 'admin',
    params: idParamsSchema,
    response: { 200: programSubmissionListSchema },
  },
});
