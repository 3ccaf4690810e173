import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SIMILARITY_MAX_CHARS,
  SIMILARITY_MAX_LINES,
  type SimilarityPair,
  type SimilarityRun,
  type SimilarityState,
  similarityMessages,
  type StoredResult,
} from '../../contracts/similarity.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import type { AnalysisProgress } from './similarity-analysis.js';
import { createWorkerRunner, type SimilarityRunner } from './similarity-runner.js';
import * as repo from './similarity.repository.js';

interface Deps {
  db: Kysely<Database>;
  log?: FastifyBaseLogger;
  clock?: () => Date;
  /** Runs the analysis (a worker thread by default; tests pass their own). */
  runner?: SimilarityRunner;
  /** Checks this process runs at once; one more is refused until one ends. */
  maxConcurrent?: number;
  /** A check's time limit: its worker is ended after it. */
  timeoutMs?: number;
}

/** Progress is written to the row at most this often. */
const PROGRESS_EVERY_MS = 250;

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.findRun>>>;

function lineCount(code: string): number {
  let lines = 1;
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lines++;
  return code.endsWith('\n') ? lines - 1 : lines;
}

export function createSimilarityService({
  db,
  log,
  clock = () => new Date(),
  runner,
  maxConcurrent = 2,
  timeoutMs = 10 * 60_000,
}: Deps) {
  const run = runner ?? createWorkerRunner({ timeoutMs });
  /**
   * A run still 'running' this long after it started was left by a process that stopped (a live one ends its worker
   * at `timeoutMs` and writes the run down as failed): a new run may replace it.
   */
  const staleAfterMs = timeoutMs + 60_000;
  const inFlight = new Set<Promise<void>>();
  /** Checks past the limit test but not yet in `inFlight` (their row is being written): they hold a place too. */
  let starting = 0;
  const stopping = new AbortController();

  const isStale = (row: RunRow) =>
    row.status === 'running' && clock().getTime() - Date.parse(row.started_at) > staleAfterMs;

  function toRun(row: RunRow): SimilarityRun {
    const stale = isStale(row);
    const result = row.status === 'done' && row.result ? (JSON.parse(row.result) as StoredResult) : null;
    return {
      status: stale ? 'failed' : row.status,
      phase: stale ? 'failed' : row.phase,
      progress: { done: row.progress_done, total: row.progress_total },
      started_at: row.started_at,
      finished_at: row.finished_at,
      error: stale ? similarityMessages.abandoned : row.error,
      students: result?.students.map(({ code: _code, ...student }) => student) ?? [],
      left_out: result?.left_out ?? [],
      starter_code_ignored: result?.starter_code_ignored ?? false,
      pairs: result?.pairs.map(({ fragment_list: _fragments, ...pair }) => pair) ?? [],
    };
  }

  async function execute(
    id: number,
    startedAt: string,
    input: { files: { id: number; code: string }[]; starterCode: string | null },
    snapshot: Omit<StoredResult, 'pairs'>,
  ): Promise<void> {
    let lastWrite = 0;
    let writing = Promise.resolve();
    const onProgress = (p: AnalysisProgress) => {
      const now = performance.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && p.done < p.total) return;
      lastWrite = now;
      writing = writing
        .then(() =>
          repo.updateOwnRun(db, id, startedAt, { phase: p.phase, progress_done: p.done, progress_total: p.total }),
        )
        .then(
          () => undefined,
          (error: unknown) => log?.warn({ err: error }, 'similarity progress not written'),
        );
    };
    try {
      const pairs = await run(input, { onProgress, signal: stopping.signal });
      await writing;
      const result: StoredResult = {
        ...snapshot,
        pairs: pairs.map((p, i) => ({
          rank: i + 1,
          left_student_id: p.left,
          right_student_id: p.right,
          similarity: p.similarity,
          fragments: p.fragments.length,
          fragment_list: p.fragments,
        })),
      };
      await repo.updateOwnRun(db, id, startedAt, {
        status: 'done',
        phase: 'done',
        finished_at: clock().toISOString(),
        result: JSON.stringify(result),
      });
    } catch (error) {
      await writing;
      const message = error instanceof Error ? error.message : String(error);
      log?.warn({ err: error }, 'similarity check failed');
      await repo
        .updateOwnRun(db, id, startedAt, {
          status: 'failed',
          phase: 'failed',
          finished_at: clock().toISOString(),
          error: message.startsWith('ran past') ? similarityMessages.timedOut : `The check failed: ${message}`,
        })
        .catch((writeError: unknown) => log?.error({ err: writeError }, 'similarity failure not written'));
    }
  }

  async function state(program: number, batch: number): Promise<SimilarityState> {
    const row = await repo.findRun(db, program, batch);
    return { program, batch, run: row ? toRun(row) : null };
  }

  return {
    state,

    async start(program: number, batch: number): Promise<SimilarityState> {
      const found = await repo.findProgram(db, program);
      if (!found) throw new AppError('notFound', similarityMessages.noProgram(program));
      const latest = await repo.listLatestSubmissions(db, program, batch);
      // One per student, should a student have the program twice: the newest.
      const byStudent = new Map<number, (typeof latest)[number]>();
      for (const s of latest) {
        const seen = byStudent.get(s.student_id);
        if (!seen || seen.submission_id < s.submission_id) byStudent.set(s.student_id, s);
      }
      const submissions = [...byStudent.values()];
      if (submissions.length < 2)
        throw new AppError('validation', similarityMessages.tooFew(program, batch, submissions.length));
      const compared: StoredResult['students'] = [];
      const leftOut: StoredResult['left_out'] = [];
      for (const s of submissions) {
        const lines = s.code.length > SIMILARITY_MAX_CHARS ? Infinity : lineCount(s.code);
        const who = { student_id: s.student_id, first_name: s.first_name, last_name: s.last_name };
        if (lines > SIMILARITY_MAX_LINES) leftOut.push({ ...who, reason: similarityMessages.tooLarge });
        else
          compared.push({
            ...who,
            submission_id: s.submission_id,
            submitted_at: s.created_at,
            lines,
            code: s.code,
          });
      }
      if (compared.length < 2) throw new AppError('validation', similarityMessages.tooFewWithinLimits(program, batch));
      if (inFlight.size + starting >= maxConcurrent) throw new AppError('conflict', similarityMessages.busy);
      const starter =
        found.starter_code && found.starter_code.length <= SIMILARITY_MAX_CHARS ? found.starter_code : null;

      const startedAt = clock().toISOString();
      const fresh = {
        status: 'running' as const,
        phase: 'queued',
        progress_done: 0,
        progress_total: compared.length,
        started_at: startedAt,
        finished_at: null,
        error: null,
        result: null,
      };
      let id: number;
      starting++;
      try {
        const existing = await repo.findRun(db, program, batch);
        if (existing) {
          const staleBefore = new Date(clock().getTime() - staleAfterMs).toISOString();
          if (!(await repo.restartRun(db, existing.id, staleBefore, fresh)))
            throw new AppError('conflict', similarityMessages.running(program, batch));
          id = existing.id;
        } else {
          try {
            id = await repo.insertRun(db, { program_number: program, batch_number: batch, ...fresh });
          } catch (error) {
            if (isUniqueViolation(error)) throw new AppError('conflict', similarityMessages.running(program, batch));
            throw error;
          }
        }
      } finally {
        starting--;
      }

      const job = execute(
        id,
        startedAt,
        { files: compared.map((s) => ({ id: s.student_id, code: s.code })), starterCode: starter },
        { students: compared, left_out: leftOut, starter_code_ignored: starter !== null },
      ).finally(() => inFlight.delete(job));
      inFlight.add(job);
      return state(program, batch);
    },

    async pair(program: number, batch: number, rank: number): Promise<SimilarityPair> {
      const row = await repo.findRun(db, program, batch);
      if (!row) throw new AppError('notFound', similarityMessages.noRun(program, batch));
      const result = row.status === 'done' && row.result ? (JSON.parse(row.result) as StoredResult) : null;
      const found = result?.pairs.find((p) => p.rank === rank);
      if (!result || !found) throw new AppError('notFound', similarityMessages.noPair);
      const student = (id: number) => result.students.find((s) => s.student_id === id)!;
      return {
        rank,
        similarity: found.similarity,
        left: student(found.left_student_id),
        right: student(found.right_student_id),
        fragments: found.fragment_list,
      };
    },

    /** Ends the running checks' workers; each is written down as failed before this resolves. */
    async close(): Promise<void> {
      stopping.abort();
      await Promise.all(inFlight);
    },
  };
}

export type SimilarityService = ReturnType<typeof createSimilarityService>;
