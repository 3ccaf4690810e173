import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { courseWallClock, formatClockTime, formatDate, formatDateTime, type TimeZone } from './dates.js';
import { dashboardPaths, paths } from './paths.js';
import { joinWindow, mySessionSchema } from './schedule.js';

/**
 * The student's home (`GET /api/v1/me/home`, the index of /DashPage): the next class, what to solve, what the teacher
 * answered or said, progress, and what to do next. The rules that order the work are here, shared and unit-tested.
 */

export const homeMessages = {
  studentsOnly: 'The home is for students: the teacher’s overview is the admin page.',
} as const;

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Mon 30 Nov 2026, 11:59 pm IST": a deadline on the course clock, with its weekday. */
export function formatDeadline(dueAt: string, zone: TimeZone): string {
  const day = courseWallClock(dueAt, zone)?.date;
  if (!day) return dueAt;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]} ${formatDateTime(dueAt, zone)}`;
}

export const homeProgramSchema = z.object({
  /** The student program's id: its workspace is /DashPage/myprogs/<id>. */
  id: z.number(),
  program_number: z.number(),
  task: z.string(),
  due_at: z.string().nullable(),
  /** A timed program not open yet: when it opens (its task is hidden until then); null otherwise. */
  opens_at: z.string().nullable(),
  /** The deadline has passed (the program can still be solved, and is marked late). */
  overdue: z.boolean(),
  /** The solution (or the best score) was handed in after the deadline. */
  late: z.boolean(),
  best_score: z.number().nullable(),
  best_total: z.number().nullable(),
  submitted: z.boolean(),
});
export type HomeProgram = z.infer<typeof homeProgramSchema>;

export const homeDoubtSchema = z.object({
  id: z.number(),
  session_number: z.number().nullable(),
  question: z.string(),
  answer: z.string(),
  answered_at: z.string(),
});
export type HomeDoubt = z.infer<typeof homeDoubtSchema>;

export const homeCommentSchema = z.object({
  id: z.number(),
  student_program_id: z.number(),
  program_number: z.number(),
  line: z.number(),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
  /** The workspace the comment is on. */
  link: z.string(),
});
export type HomeComment = z.infer<typeof homeCommentSchema>;

const countOfSchema = z.object({ done: z.number().int(), of: z.number().int() });

export const homeProgressSchema = z.object({
  /** Sessions attended (present or late) of the batch's sessions that have ended. */
  sessions: countOfSchema,
  /** Programs with full marks of those sent. */
  programs: countOfSchema,
  /** The best self-assessment attempt, or null before the first. */
  self_assessment: z.object({ score: z.number().int(), total: z.number().int() }).nullable(),
});
export type HomeProgress = z.infer<typeof homeProgressSchema>;

export const nextStepKinds = [
  'profile',
  'pay',
  'class',
  'program',
  'quiz',
  'prepare',
  'wait',
  'doubt',
  'feedback',
  'certificate',
] as const;
export const nextStepSchema = z.object({
  kind: z.enum(nextStepKinds),
  text: z.string(),
  detail: z.string().nullable(),
  link: z.string(),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const homeSchema = z.object({
  /** The server's clock, for the countdown. */
  now: z.string(),
  batch_number: z.number().nullable(),
  next_class: z.object({ session: mySessionSchema, meeting_link: z.string().nullable() }).nullable(),
  programs_to_solve: z.array(homeProgramSchema),
  /** When the previous visit ended: doubts answered after it are listed (null on a first visit: every answer). */
  since: z.string().nullable(),
  doubts_answered: z.array(homeDoubtSchema),
  comments: z.array(homeCommentSchema),
  progress: homeProgressSchema,
  next_steps: z.array(nextStepSchema),
});
export type Home = z.infer<typeof homeSchema>;

/** How many programs the home lists as steps, and comments it shows. */
export const HOME_LIMITS = { programSteps: 3, comments: 5, doubts: 5, steps: 5 } as const;

/** A student's program still to do: not handed in, or graded below full marks; a closed one can't be done. */
export function isToSolve(row: {
  solution: string | null;
  best_score: number | null;
  best_total: number | null;
  closed: boolean;
}): boolean {
  if (row.closed) return false;
  if (row.solution === null) return true;
  return row.best_total !== null && row.best_total > 0 && (row.best_score ?? 0) < row.best_total;
}

/** Soonest deadline first, then those without one, each by program number. */
export function byDeadline(a: { due_at: string | null; program_number: number }, b: typeof a): number {
  if (a.due_at !== b.due_at) {
    if (a.due_at === null) return 1;
    if (b.due_at === null) return -1;
    const diff = Date.parse(a.due_at) - Date.parse(b.due_at);
    if (diff !== 0) return diff;
  }
  return a.program_number - b.program_number;
}

export interface NextStepState {
  now: string;
  profileComplete: boolean;
  paid: boolean;
  /** The course is complete: no classes or programs wait, the feedback and the certificate do. */
  completed: boolean;
  feedbackGiven: boolean;
  batchNumber: number | null;
  nextClass: {
    session_number: number;
    starts_at: string;
    duration_minutes: number;
    topics: string;
    /** The student's Join click (null: not joined). */
    joined_at: string | null;
  } | null;
  /**
   * Already in the order to do them (byDeadline). `opens_at`: a timed program not open yet, whose task is hidden
   * until then.
   */
  programs: { id: number; program_number: number; due_at: string | null; opens_at?: string | null }[];
  quizTaken: boolean;
}

const dashboard = (section: keyof typeof dashboardPaths) => `${paths.dashboard}/${dashboardPaths[section]}`;

/**
 * What to do next, the one clear thing first: complete the profile, pay, join today's class, solve the programs
 * (soonest deadline first), take the self-assessment test; and when nothing is waiting, get ready for the next class
 * (or wait for a batch, or ask a doubt). Never empty.
 */
export function planNextSteps(state: NextStepState, zone: TimeZone): NextStep[] {
  const steps: NextStep[] = [];
  const now = Date.parse(state.now);
  if (!state.profileComplete)
    steps.push({
      kind: 'profile',
      text: 'Complete your profile',
      detail: 'So that your teacher knows you.',
      link: paths.createProfile,
    });
  if (state.completed) {
    if (!state.feedbackGiven)
      steps.push({
        kind: 'feedback',
        text: 'Tell future students about the course',
        detail: 'Your feedback may appear on the home page once your teacher has read it.',
        link: dashboard('myFeedback'),
      });
    steps.push({
      kind: 'certificate',
      text: 'You have completed the course: download your certificate',
      detail: 'Anyone can check it on its public page.',
      link: `${paths.dashboard}#certificate-heading`,
    });
    return steps;
  }
  if (!state.paid)
    steps.push({
      kind: 'pay',
      text: 'Pay the course fee',
      detail: 'It places you in the next batch and opens the classes and programs.',
      link: dashboard('myPayment'),
    });
  const next = state.nextClass;
  if (state.paid && next) {
    const window = joinWindow(next.starts_at, next.duration_minutes);
    const today = courseWallClock(state.now, zone)?.date === courseWallClock(next.starts_at, zone)?.date;
    if (now >= window.opens && next.joined_at !== null)
      // Joined: the class is what they are doing; its card reopens the meeting if they left it.
      steps.push({
        kind: 'class',
        text: `You joined session ${next.session_number}: it ends at ${formatClockTime(new Date(window.closes).toISOString(), zone)}`,
        detail: next.topics,
        link: `${paths.dashboard}#next-class`,
      });
    else if (now >= window.opens)
      steps.push({
        kind: 'class',
        text: `Join the class now: session ${next.session_number}`,
        detail: next.topics,
        link: `${paths.dashboard}#next-class`,
      });
    else if (today) {
      const evening = Number(courseWallClock(next.starts_at, zone)?.time.slice(0, 2)) >= 17;
      steps.push({
        kind: 'class',
        text: `Join ${evening ? 'tonight’s' : 'today’s'} class at ${formatClockTime(next.starts_at, zone)}: session ${next.session_number}`,
        detail: next.topics,
        link: `${paths.dashboard}#next-class`,
      });
    }
  }
  for (const program of state.programs.slice(0, HOME_LIMITS.programSteps)) {
    if (program.opens_at) {
      steps.push({
        kind: 'program',
        text: `Program ${program.program_number} opens at ${formatDateTime(program.opens_at, zone)}`,
        detail: 'A timed program: its task is shown when it opens.',
        link: `${dashboard('myProgs')}/${program.id}`,
      });
      continue;
    }
    const overdue = program.due_at !== null && Date.parse(program.due_at) < now;
    steps.push({
      kind: 'program',
      text: `Solve program ${program.program_number}`,
      detail:
        program.due_at === null
          ? null
          : overdue
            ? `Was due ${formatDeadline(program.due_at, zone)}: it is still graded, marked late.`
            : `Due ${formatDeadline(program.due_at, zone)}`,
      link: `${dashboard('myProgs')}/${program.id}`,
    });
  }
  if (!state.quizTaken)
    steps.push({
      kind: 'quiz',
      text: 'Take the self-assessment test',
      detail: 'Ten questions: see where you stand.',
      link: dashboard('test'),
    });
  if (steps.length === 0) {
    if (next)
      steps.push({
        kind: 'prepare',
        text: `Get ready for session ${next.session_number} on ${formatDate(next.starts_at, zone)}`,
        detail: next.topics,
        link: dashboard('myClasses'),
      });
    else if (state.batchNumber === null)
      steps.push({
        kind: 'wait',
        text: 'Look over the course plan',
        detail: 'You will be placed in a batch; its start date and class times come by email.',
        link: dashboard('myClasses'),
      });
    else
      steps.push({
        kind: 'doubt',
        text: 'Ask your teacher about anything still unclear',
        detail: null,
        link: dashboard('myDoubts'),
      });
  }
  return steps.slice(0, HOME_LIMITS.steps);
}

/** The endpoints of the home page and the dashboard. */
export const homeEndpoints = endpoints({
  home: { method: 'GET', path: '/api/v1/me/home', access: 'student', response: { 200: homeSchema } },
});
