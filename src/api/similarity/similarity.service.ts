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
import { type Clock, systemClock } from '../../contracts/clock.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import type { AnalysisProgress } from './similarity-analysis.js';
import { createChildRunner, SimilarityRunError, type SimilarityRunner } from './similarity-runner.js';
import * as repo from './similarity.repository.js';
import { transact } from '../db/after-commit.js';

interface Deps {
  db: Kysely<Database>;
  log?: FastifyBaseLogger;
  clock?: Clock;
  /** Runs the analysis (a child process per check by default; tests pass their own). */
  runner?: SimilarityRunner;
  /** Checks this process holds at once, running or waiting for their turn; one more is refused. */
  maxQueued?: number;
  /** A check's time limit: its process is ended after it. */
  timeoutMs?: number;
  /** The check's process's JavaScript heap and resident memory caps, in MB (similarity-runner.ts has the defaults). */
  heapMb?: number;
  rssMb?: number;
  /** How often a process writes the heartbeat of the checks it holds. */
  heartbeatMs?: number;
  /** A running check whose heartbeat is older than this was left by a process that stopped. */
  staleAfterMs?: number;
}

/** Progress is written to the row at most this often. */
const PROGRESS_EVERY_MS = 250;

type RunRow = NonNullable<Awaited<ReturnType<typeof repo.findRun>>>;

function lineCount(code: string): number {
  let lines = 1;
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lines++;
  return code.endsWith('\n') ? lines - 1 : lines;
}

/** What the teacher reads of a check that did not finish. */
function teacherMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof SimilarityRunError)) return similarityMessages.failed(message);
  switch (error.failure) {
    case 'timeout':
      return similarityMessages.timedOut;
    case 'memory':
      return similarityMessages.outOfMemory;
    case 'stopping':
      return similarityMessages.serverStopped;
    case 'failed':
      return similarityMessages.failed(message);
  }
}

/**
 * The teacher's similarity checks. The comparison runs in a child process of its own with its own memory cap
 * (similarity-runner.ts), checks queue for it, and what is kept is small and in rows: the run's state, the code as
 * compared, each pair with at most a hundred fragments. A process writes a heartbeat for the checks it holds, so one
 * left by a process that died is known within `staleAfterMs` (and written down as failed when a process starts), and
 * the teacher can run it again.
 */
export function createSimilarityService({
  db,
  log,
  clock = systemClock,
  runner,
  maxQueued = 10,
  timeoutMs = 10 * 60_000,
  heapMb,
  rssMb,
  heartbeatMs = 5_000,
  staleAfterMs = 30_000,
}: Deps) {
  const run = runner ?? createChildRunner({ timeoutMs, heapMb, rssMb });
  /** The checks this process holds, by run id. */
  const inFlight = new Map<number, Promise<void>>();
  /** Checks past the limit test but not yet in `inFlight` (their row is being written): they hold a place too. */
  let starting = 0;
  const stopping = new AbortController();
  const staleBefore = () => new Date(clock().getTime() - staleAfterMs).toISOString();

  const heartbeat = setInterval(() => {
    if (inFlight.size === 0) return;
    repo
      .beatHeart(db, [...inFlight.keys()], clock().toISOString())
      .catch((error: unknown) => log?.warn({ err: error }, 'similarity heartbeat not written'));
  }, heartbeatMs);
  heartbeat.unref();

  /** Checks left running by a process that stopped (a kill -9, a crash): failed, so they can be run again. */
  const recovered = repo
    .failDeadRuns(db, staleBefore(), clock().toISOString(), similarityMessages.abandoned)
    .then((count) => {
      if (count > 0) log?.warn({ count }, 'similarity checks left by a stopped process marked failed');
    })
    .catch((error: unknown) => log?.warn({ err: error }, 'could not look for abandoned similarity checks'));

  const isDead = (row: RunRow) =>
    row.status === 'running' && !inFlight.has(row.id) && (row.heartbeat_at ?? row.started_at) < staleBefore();

  async function toRun(row: RunRow): Promise<SimilarityRun> {
    const dead = isDead(row);
    const result = row.status === 'done' && row.result ? (JSON.parse(row.result) as StoredResult) : null;
    const pairs = result ? await repo.listPairs(db, row.id) : [];
    return {
      status: dead ? 'failed' : row.status,
      phase: dead ? 'failed' : row.phase,
      progress: { done: row.progress_done, total: row.progress_total },
      started_at: row.started_at,
      finished_at: row.finished_at,
      error: dead ? similarityMessages.abandoned : row.error,
      students: result?.students ?? [],
      left_out: result?.left_out ?? [],
      starter_code_ignored: result?.starter_code_ignored ?? false,
      pairs: pairs.map((p) => ({
        rank: p.rank,
        left_student_id: p.left_student_id,
        right_student_id: p.right_student_id,
        similarity: Number(p.similarity),
        fragments: p.fragment_count,
      })),
    };
  }

  async function execute(
    id: number,
    startedAt: string,
    files: { id: number; code: string }[],
    starterCode: string | null,
    snapshot: StoredResult,
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
      const outcome = await run({ files, starterCode }, { onProgress, signal: stopping.signal });
      await writing;
      const unreadable = new Map(outcome.leftOut.map((l) => [l.id, l.reason]));
      const result: StoredResult = {
        ...snapshot,
        students: snapshot.students.filter((s) => !unreadable.has(s.student_id)),
        left_out: [
          ...snapshot.left_out,
          ...snapshot.students
            .filter((s) => unreadable.has(s.student_id))
            .map(({ student_id, first_name, last_name }) => ({
              student_id,
              first_name,
              last_name,
              reason: unreadable.get(student_id)!,
            })),
        ],
      };
      await transact(db, async (trx) => {
        await repo.saveResult(
          trx,
          id,
          files.filter((f) => !unreadable.has(f.id)).map((f) => ({ student_id: f.id, code: f.code })),
          outcome.pairs.map((p, i) => ({
            rank: i + 1,
            left_student_id: p.left,
            right_student_id: p.right,
            similarity: p.similarity,
            fragment_count: p.fragmentCount,
            fragments: p.fragments,
          })),
        );
        await repo.updateOwnRun(trx, id, startedAt, {
          status: 'done',
          phase: 'done',
          finished_at: clock().toISOString(),
          result: JSON.stringify(result),
        });
      });
    } catch (error) {
      await writing;
      log?.warn({ err: error, run: id }, 'similarity check failed');
      await repo
        .updateOwnRun(db, id, startedAt, {
          status: 'failed',
          phase: 'failed',
          finished_at: clock().toISOString(),
          error: teacherMessage(error),
        })
        .catch((writeError: unknown) => log?.error({ err: writeError }, 'similarity failure not written'));
    }
  }

  async function state(program: number, batch: number): Promise<SimilarityState> {
    const row = await repo.findRun(db, program, batch);
    return { program, batch, run: row ? await toRun(row) : null };
  }

  return {
    state,

    async start(program: number, batch: number): Promise<SimilarityState> {
      await recovered;
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
      const compared: (StoredResult['students'][number] & { code: string })[] = [];
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
      if (inFlight.size + starting >= maxQueued) throw new AppError('conflict', similarityMessages.queueFull);
      const starter =
        found.starter_code && found.starter_code.length <= SIMILARITY_MAX_CHARS ? found.starter_code : null;

      const startedAt = clock().toISOString();
      const fresh = {
        status: 'running' as const,
        phase: 'queued',
        progress_done: 0,
        progress_total: compared.length,
        started_at: startedAt,
        heartbeat_at: startedAt,
        finished_at: null,
        error: null,
        result: null,
      };
      let id: number;
      starting++;
      try {
        const existing = await repo.findRun(db, program, batch);
        if (existing) {
          if (!(await repo.restartRun(db, existing.id, staleBefore(), fresh)))
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
        compared.map((s) => ({ id: s.student_id, code: s.code })),
        starter,
        {
          students: compared.map(({ code: _code, ...student }) => student),
          left_out: leftOut,
          starter_code_ignored: starter !== null,
        },
      ).finally(() => inFlight.delete(id));
      inFlight.set(id, job);
      return state(program, batch);
    },

    async pair(program: number, batch: number, rank: number): Promise<SimilarityPair> {
      const row = await repo.findRun(db, program, batch);
      if (!row) throw new AppError('notFound', similarityMessages.noRun(program, batch));
      const result = row.status === 'done' && row.result ? (JSON.parse(row.result) as StoredResult) : null;
      const found = result ? await repo.findPair(db, row.id, rank) : undefined;
      if (!result || !found) throw new AppError('notFound', similarityMessages.noPair);
      const files = new Map(
        (await repo.findFiles(db, row.id, [found.left_student_id, found.right_student_id])).map((f) => [
          f.student_id,
          f.code,
        ]),
      );
      const student = (id: number) => ({
        ...result.students.find((s) => s.student_id === id)!,
        code: files.get(id) ?? '',
      });
      return {
        rank,
        similarity: Number(found.similarity),
        left: student(found.left_student_id),
        right: student(found.right_student_id),
        fragments: JSON.parse(found.fragments) as SimilarityPair['fragments'],
      };
    },

    /** Ends the running checks' processes; each is written down as failed before this resolves. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      stopping.abort();
      await Promise.all([recovered, ...inFlight.values()]);
    },
  };
}
