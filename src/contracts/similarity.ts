import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { batchNumberSchema, programNumberSchema } from './course-content.js';

/**
 * The similarity check of a program across a batch: the students' latest submissions compared with each other
 * (Dolos), pairs ranked by similarity with their matching fragments. Shapes and messages shared by the API and the
 * admin's panel.
 */

/** A submission over either limit is left out of the check (and listed with the reason). */
export const SIMILARITY_MAX_LINES = 2000;
export const SIMILARITY_MAX_CHARS = 60_000;
/** The pairs kept with their fragments, most similar first. */
export const SIMILARITY_MAX_PAIRS = 200;

export const similarityMessages = {
  noProgram: (program: number) => `There is no program ${program}.`,
  tooFew: (program: number, batch: number, handedIn: number) =>
    `A check needs submissions of program ${program} from at least two students of batch ${batch}; ` +
    (handedIn === 0 ? 'none has sent one yet.' : 'only one student has sent one so far.'),
  tooFewWithinLimits: (program: number, batch: number) =>
    `Fewer than two submissions of program ${program} from batch ${batch} are within the size limit ` +
    `(${SIMILARITY_MAX_LINES} lines, ${SIMILARITY_MAX_CHARS.toLocaleString('en')} characters): there is nothing to ` +
    'compare.',
  running: (program: number, batch: number) =>
    `A check of program ${program} for batch ${batch} is already running: wait for it to finish.`,
  noRun: (program: number, batch: number) => `No check has been run for program ${program} and batch ${batch} yet.`,
  noPair: 'This check has no such pair.',
  tooLarge: `Over ${SIMILARITY_MAX_LINES} lines or ${SIMILARITY_MAX_CHARS.toLocaleString('en')} characters`,
  timedOut: 'The check took too long and was stopped.',
  outOfMemory:
    'The submissions needed more memory than a similarity check may use, so the check was stopped (the rest of the ' +
    'site was not affected). Running it again would stop the same way: compare the submissions you suspect side ' +
    'by side yourself.',
  serverStopped: 'The check was stopped because the server was shutting down: run it again.',
  failed: (why: string) => `The check failed: ${why}`,
  abandoned: 'The check stopped without finishing (the server restarted).',
  unreadable: 'The C parser could not read it (nested too deeply, or not C): compare it by eye.',
  queueFull: 'Many similarity checks are waiting on the server: try again when one has finished.',
} as const;

/** `/api/v1/admin/similarity/:program/:batch` */
export const similarityParamsSchema = z.object({ program: programNumberSchema, batch: batchNumberSchema });
export type SimilarityParams = z.infer<typeof similarityParamsSchema>;

/** `/api/v1/admin/similarity/:program/:batch/pairs/:rank`: the pair's place in the ranking, from 1. */
export const similarityPairParamsSchema = similarityParamsSchema.extend({
  rank: z.coerce.number().int().min(1).max(SIMILARITY_MAX_PAIRS),
});

/** A stretch of a file: rows and columns from 0, the end column exclusive (as Dolos reports them). */
export const regionSchema = z.object({
  start_row: z.number().int(),
  start_col: z.number().int(),
  end_row: z.number().int(),
  end_col: z.number().int(),
});
export type Region = z.infer<typeof regionSchema>;

/** Code that matches in both files: where it is in the left one and in the right one. */
export const fragmentSchema = z.object({ left: regionSchema, right: regionSchema });
export type Fragment = z.infer<typeof fragmentSchema>;

/** A student's submission as it was compared. */
export const comparedStudentSchema = z.object({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  submission_id: z.number(),
  submitted_at: z.string(),
  lines: z.number().int(),
});
export type ComparedStudent = z.infer<typeof comparedStudentSchema>;

export const leftOutSchema = z.object({
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  reason: z.string(),
});

export const pairSummarySchema = z.object({
  rank: z.number().int(),
  left_student_id: z.number(),
  right_student_id: z.number(),
  /** 0 to 1: the share of both files' fingerprints they have in common (starter code left out). */
  similarity: z.number(),
  fragments: z.number().int(),
});
export type PairSummary = z.infer<typeof pairSummarySchema>;

/**
 * What a finished run keeps in its row: who was compared and who was left out. The ranked pairs (each with its
 * fragments) and the code as it was compared are rows of their own, so a list reads no fragments and a pair view
 * reads one pair.
 */
export const storedResultSchema = z.object({
  students: z.array(comparedStudentSchema),
  left_out: z.array(leftOutSchema),
  starter_code_ignored: z.boolean(),
});
export type StoredResult = z.infer<typeof storedResultSchema>;

export const similarityStatusNames = ['running', 'done', 'failed'] as const;

export const similarityRunSchema = z.object({
  status: z.enum(similarityStatusNames),
  /** What the check is doing now (running), or 'done' / 'failed'. */
  phase: z.string(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Empty until the run is done. */
  students: z.array(comparedStudentSchema),
  left_out: z.array(leftOutSchema),
  starter_code_ignored: z.boolean(),
  /** Most similar first; at most SIMILARITY_MAX_PAIRS. */
  pairs: z.array(pairSummarySchema),
});
export type SimilarityRun = z.infer<typeof similarityRunSchema>;

/** A program and batch's kept check; run is null when none has been run. */
export const similarityStateSchema = z.object({
  program: z.number(),
  batch: z.number(),
  run: similarityRunSchema.nullable(),
});
export type SimilarityState = z.infer<typeof similarityStateSchema>;

/** One pair side by side: both students' code as compared, and the fragments they share. */
export const similarityPairSchema = z.object({
  rank: z.number().int(),
  similarity: z.number(),
  left: comparedStudentSchema.extend({ code: z.string() }),
  right: comparedStudentSchema.extend({ code: z.string() }),
  fragments: z.array(fragmentSchema),
});
export type SimilarityPair = z.infer<typeof similarityPairSchema>;

/** "87%" */
export function formatSimilarity(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}

/** The endpoints of the similarity check. */
export const similarityEndpoints = endpoints({
  start: {
    method: 'POST',
    path: '/api/v1/admin/similarity/:program/:batch',
    access: 'admin',
    params: similarityParamsSchema,
    response: { 202: similarityStateSchema },
  },
  result: {
    method: 'GET',
    path: '/api/v1/admin/similarity/:program/:batch',
    access: 'admin',
    params: similarityParamsSchema,
    response: { 200: similarityStateSchema },
  },
  pair: {
    method: 'GET',
    path: '/api/v1/admin/similarity/:program/:batch/pairs/:rank',
    access: 'admin',
    params: similarityPairParamsSchema,
    response: { 200: similarityPairSchema },
  },
});
