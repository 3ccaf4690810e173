/**
 * The gradebook of one batch at the bench's size (100,000 students over 100 batches: ~1,000 a batch), read by the
 * teacher: its p95 against a target of 100 ms. `seedGradebook` gives a few batches a course's worth of progress
 * (held classes with Join clicks and marks, a dozen programs with best scores, some late, graded runs, quiz
 * attempts), so the figure is of a full gradebook, not an empty one. bench/run.ts seeds and measures with it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/api/db/schema.js';
import { load } from './wrk.js';

/** The batches given progress rows; the bench reads the first. */
const GRADEBOOK_BATCHES = [1, 2, 3];
export const GRADEBOOK_TARGET_MS = 100;
const SESSIONS = 40;
const PROGRAMS = 12;
const DAY = 86_400_000;

/** A fixed pseudo-random sequence, so every run seeds the same rows. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertChunked<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 500) as never)
      .execute();
}

export async function seedGradebook(db: Kysely<Database>, batches = GRADEBOOK_BATCHES): Promise<void> {
  const next = random(19);
  const first = Date.parse('2026-01-05T13:30:00.000Z');
  for (const batch of batches) {
    const students = await db
      .selectFrom('students')
      .select('id')
      .where('student_batch', '=', batch)
      .where('role', '=', 'student')
      .execute();
    const sessions = await db
      .insertInto('batch_sessions')
      .values(
        Array.from({ length: SESSIONS }, (_, i) => ({
          batch_number: batch,
          session_number: i + 1,
          starts_at: new Date(first + i * DAY).toISOString(),
          duration_minutes: 90,
        })),
      )
      .returning(['id', 'starts_at'])
      .execute();
    const attendance: Record<string, unknown>[] = [];
    const programs: Record<string, unknown>[] = [];
    const quiz: Record<string, unknown>[] = [];
    for (const { id } of students) {
      for (const session of sessions) {
        const roll = next();
        const start = Date.parse(session.starts_at);
        // 75% join on time, 10% late, 5% marked absent after a click, 10% not there.
        if (roll < 0.85)
          attendance.push({
            batch_session_id: session.id,
            student_id: id,
            joined_at: new Date(start + (roll < 0.75 ? 2 : 25) * 60_000).toISOString(),
            mark: null,
          });
        else if (roll < 0.9)
          attendance.push({ batch_session_id: session.id, student_id: id, joined_at: null, mark: 'absent' });
      }
      for (let n = 1; n <= PROGRAMS; n += 1) {
        const graded = next() < 0.85;
        programs.push({
          student_id: id,
          program_number: n,
          task: `Write program ${n}.`,
          best_score: graded ? Math.floor(next() * 11) : null,
          best_total: graded ? 10 : null,
          best_late: graded && next() < 0.1 ? 1 : 0,
          due_at: new Date(first + n * 3 * DAY).toISOString(),
          draft_code: 'int main(void) {\n  return 0;\n}\n',
        });
      }
      for (let attempt = 0; attempt < 2; attempt += 1)
        quiz.push({ student_id: id, score: Math.floor(next() * 11), total: 10, review: '[]' });
    }
    await insertChunked(db, 'attendance', attendance);
    await insertChunked(db, 'student_programs', programs);
    await insertChunked(db, 'quiz_attempts', quiz);
    // Two graded runs of each program that has a score.
    const sent = await db
      .selectFrom('student_programs as sp')
      .innerJoin('students as s', 's.id', 'sp.student_id')
      .select(['sp.id', 'sp.best_score', 'sp.best_late'])
      .where('s.student_batch', '=', batch)
      .where('sp.best_score', 'is not', null)
      .execute();
    await insertChunked(
      db,
      'submissions',
      sent.flatMap((sp) =>
        [Math.floor((sp.best_score ?? 0) / 2), sp.best_score ?? 0].map((score, i) => ({
          student_program_id: sp.id,
          code: 'int main(void) {\n  return 0;\n}\n',
          status: 'graded',
          score,
          total: 10,
          result: '{}',
          late: i === 1 ? sp.best_late : 0,
        })),
      ),
    );
  }
}

interface GradebookFigures {
  rows: number;
  bytes: number;
  coldMs: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

/** The teacher reading one batch's gradebook, request after request (one connection), for `durationS` seconds. */
export async function benchGradebook(
  base: string,
  adminToken: string,
  durationS: number,
  batch = GRADEBOOK_BATCHES[0]!,
): Promise<GradebookFigures> {
  const url = `${base}/api/v1/admin/batches/${batch}/gradebook`;
  const headers = { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'gzip, deflate, br' };
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: headers.authorization } });
  const body = await response.text();
  const coldMs = performance.now() - started;
  if (!response.ok) throw new Error(`the gradebook answered ${response.status}: ${body.slice(0, 200)}`);
  const rows = (JSON.parse(body) as { rows: unknown[] }).rows.length;
  await load(url, { connections: 1, durationS: 2, headers });
  const measured = await load(url, { connections: 1, durationS, headers });
  return { rows, bytes: body.length, coldMs, ...measured };
}

export function gradebookLines(figures: GradebookFigures): { lines: string[]; met: boolean } {
  const f = (value: number) => value.toFixed(1);
  return {
    lines: [
      `GET gradebook of batch ${GRADEBOOK_BATCHES[0]} (${figures.rows} students, ${Math.round(figures.bytes / 1024)} KB of JSON), one teacher: first ${f(figures.coldMs)} ms, then p50 ${f(figures.p50)} ms, p95 ${f(figures.p95)} ms, p99 ${f(figures.p99)} ms, ${figures.rps.toFixed(0)} req/s, ${figures.errors} errors`,
    ],
    met: figures.errors === 0 && figures.p95 < GRADEBOOK_TARGET_MS,
  };
}
