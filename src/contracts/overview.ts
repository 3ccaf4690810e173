/**
 * The teacher's overview at the top of the admin page (`GET /api/v1/admin/overview`) and its charts
 * (`GET /api/v1/admin/charts`): shapes and the words shared by both ends.
 */
import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { batchNumberSchema } from './course-content.js';

/** How many of each "needs attention" list the overview names; the count says how many there are in all. */
export const ATTENTION_ITEMS = 5;
/** A paid student with no session used for this many days is "not seen for a week". */
export const NOT_SEEN_DAYS = 7;
/** The weekly charts cover this many weeks of the course calendar, the current one last. */
export const CHART_WEEKS = 12;
/** Score buckets of the score distribution, as percentages of the program's total. */
export const SCORE_BUCKETS = ['0–19%', '20–39%', '40–59%', '60–79%', '80–100%'] as const;

const attentionList = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const overviewSchema = z.object({
  counts: z.object({
    registered: z.number().int(),
    verified: z.number().int(),
    paid: z.number().int(),
    in_batch: z.number().int(),
    completed: z.number().int(),
  }),
  /** Captured payments: their sum in paise and how many. */
  fees: z.object({ paise: z.number().int(), payments: z.number().int() }),
  attention: z.object({
    /** When the teacher's previous visit ended (null: a first visit, so the last NOT_SEEN_DAYS days count). */
    since: z.string().nullable(),
    doubts: attentionList(
      z.object({ id: z.number(), student_name: z.string(), question: z.string(), created_at: z.string() }),
    ),
    submissions: attentionList(
      z.object({
        id: z.number(),
        student_name: z.string(),
        program_number: z.number(),
        status: z.string(),
        score: z.number(),
        total: z.number(),
        late: z.boolean(),
        created_at: z.string(),
      }),
    ),
    payments: attentionList(
      z.object({
        id: z.number(),
        student_name: z.string(),
        status: z.enum(['created', 'failed']),
        amount: z.number().int(),
        failure_reason: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    /** Paid, and in no batch yet: no classes until the teacher places them. */
    no_batch: attentionList(z.object({ id: z.number(), student_name: z.string(), email: z.string() })),
    not_seen: attentionList(
      z.object({
        id: z.number(),
        student_name: z.string(),
        email: z.string(),
        batch: z.number().nullable(),
        last_seen_at: z.string().nullable(),
      }),
    ),
  }),
  next_session: z
    .object({
      id: z.number(),
      batch_number: z.number(),
      session_number: z.number(),
      topics: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
    })
    .nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const chartsQuerySchema = z.object({ batch: batchNumberSchema.optional() });
export type ChartsQuery = z.infer<typeof chartsQuerySchema>;

export const chartsSchema = z.object({
  /** CHART_WEEKS weeks, oldest first; a week starts on Monday on the course calendar. */
  weeks: z.array(
    z.object({
      week_start: z.string(),
      signups: z.number().int(),
      payments: z.number().int(),
      paid_paise: z.number().int(),
    }),
  ),
  /** Per program, how many students' best score falls in each of SCORE_BUCKETS. */
  scores: z.array(z.object({ program_number: z.number(), buckets: z.array(z.number().int()) })),
  attendance: z.object({
    /** The batch shown (null: no batch has a class yet). */
    batch: z.number().nullable(),
    /** Every batch with classes, for choosing another. */
    batches: z.array(z.number()),
    /** Each class held (ended), in time order. */
    sessions: z.array(
      z.object({
        id: z.number(),
        session_number: z.number(),
        starts_at: z.string(),
        present: z.number().int(),
        late: z.number().int(),
        absent: z.number().int(),
      }),
    ),
  }),
});
export type Charts = z.infer<typeof chartsSchema>;

export const overviewWords = {
  noSignups: 'No sign-ups or payments in the last 12 weeks.',
  noScores: 'No program has a graded submission yet.',
  noAttendance: 'No class of this batch has been held yet.',
  noBatches: 'No batch has a class scheduled yet.',
  nothingNeedsAttention: 'Nothing needs your attention now.',
  noNextSession: 'No class is scheduled.',
} as const;

/** The endpoints of the admin's overview. */
export const overviewEndpoints = endpoints({
  overview: { method: 'GET', path: '/api/v1/admin/overview', access: 'admin', response: { 200: overviewSchema } },
  charts: {
    method: 'GET',
    path: '/api/v1/admin/charts',
    access: 'admin',
    query: chartsQuerySchema,
    response: { 200: chartsSchema },
  },
});
