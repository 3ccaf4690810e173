/**
 * The teacher's overview and charts at 100,000 students (issue 19: p95 under 100 ms). `seedOverviewActivity` adds
 * what a busy course has on top of bench/seed-large.ts: payments (captured, failed, pending), doubts, programs sent
 * with best scores and submissions, a term of classes with attendance, and sessions used at various times.
 * `benchOverview` asks as the one teacher does: one request after another, timed from the client.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/api/db/schema.js';

const CHUNK = 500;
const DAY = 24 * 60 * 60_000;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export async function seedOverviewActivity(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const students = await db
    .selectFrom('students')
    .select(['id', 'email', 'student_status', 'student_batch'])
    .where('role', '=', 'student')
    .orderBy('id')
    .execute();

  // Sign-ups spread over the last half year, so the weekly chart has something in every week.
  await db.transaction().execute(async (trx) => {
    for (let week = 0; week < 26; week += 1)
      await trx
        .updateTable('students')
        .set({ created_at: ago(week * 7 * DAY + DAY) })
        .where('role', '=', 'student')
        .where('id', '>=', students[Math.floor((week * students.length) / 26)]!.id)
        // The last week has no upper id (PostgreSQL's integer would not take Number.MAX_SAFE_INTEGER).
        .$call((query) => {
          const next = students[Math.floor(((week + 1) * students.length) / 26)];
          return next ? query.where('id', '<', next.id) : query;
        })
        .execute();
  });

  // Every paid or completed student paid once; every 20th unpaid one has a failed or pending order.
  const payments = students.flatMap((s, i) => {
    const paid = s.student_status !== 0;
    if (!paid && i % 20 !== 0) return [];
    const when = ago((i % 180) * DAY);
    return [
      {
        student_id: s.id,
        student_email: s.email,
        order_id: `order_bench_${i}`,
        amount: 300_000,
        currency: 'INR',
        status: paid ? ('captured' as const) : i % 40 === 0 ? ('failed' as const) : ('created' as const),
        paid_at: paid ? when : null,
        created_at: when,
        updated_at: when,
      },
    ];
  });
  await inChunks(payments, (rows) => db.insertInto('payments').values(rows).execute());

  // 5,000 doubts, the newest 200 not answered yet.
  await inChunks(
    Array.from({ length: 5000 }, (_, i) => ({
      student_id: students[(i * 17) % students.length]!.id,
      question: `Why does program ${i % 50} print garbage?`,
      answer: i < 4800 ? 'Initialise the variable.' : null,
      answered_at: i < 4800 ? ago((5000 - i) * 60_000) : null,
      created_at: ago((5000 - i) * 60_000 + 60_000),
    })),
    (rows) => db.insertInto('doubts').values(rows).execute(),
  );

  // 20 programs sent to 10,000 students: 200,000 student programs with best scores, one submission each. Not to the
  // batches seedGradebook gave programs already (a student has a program once).
  const withPrograms = new Set(
    (await db.selectFrom('student_programs').select('student_id').distinct().execute()).map((r) => r.student_id),
  );
  const sent = students.filter((s) => !withPrograms.has(s.id)).slice(0, 10_000);
  for (let program = 1; program <= 20; program += 1) {
    const rows = sent.map((s, i) => ({
      student_id: s.id,
      program_number: program,
      task: `Write program ${program}.`,
      best_score: (i * 7 + program) % 11,
      best_total: 10,
    }));
    await inChunks(rows, async (chunk) => {
      const ids = await db.insertInto('student_programs').values(chunk).returning('id').execute();
      await db
        .insertInto('submissions')
        .values(
          ids.map(({ id }, j) => ({
            student_program_id: id,
            code: 'int main(void){return 0;}',
            status: 'graded' as const,
            score: chunk[j]!.best_score,
            total: 10,
            result: '{}',
            created_at: ago(((program * 997 + j) % (14 * 24 * 60)) * 60_000),
          })),
        )
        .execute();
    });
  }

  // Each batch has 20 classes, every other day, the 10th one in a day and a half; attendance at the held ones of 10
  // batches. Numbered from 101, after those seedGradebook may have given a batch (a batch has each number once).
  // None starts within the day: a class of every batch at once would have the site queue a reminder for each of
  // the 100,000 students during the measurements (a burst this bench does not set out to measure).
  const sessions = Array.from({ length: 100 * 20 }, (_, i) => ({
    batch_number: Math.floor(i / 20) + 1,
    session_number: (i % 20) + 101,
    starts_at: new Date(now + ((i % 20) - 9) * 2 * DAY + 1.5 * DAY + Math.floor(i / 20) * 60_000).toISOString(),
    duration_minutes: 90,
  }));
  await inChunks(sessions, (rows) => db.insertInto('batch_sessions').values(rows).execute());
  const held = await db
    .selectFrom('batch_sessions')
    .select(['id', 'batch_number', 'starts_at'])
    .where('batch_number', '<=', 10)
    .where('session_number', '>', 100)
    .where('starts_at', '<', new Date(now - DAY).toISOString())
    .execute();
  const attendance = held.flatMap((session) =>
    students
      .filter((s, i) => s.student_batch === session.batch_number && i % 4 !== 0)
      .map((s, i) => ({
        batch_session_id: session.id,
        student_id: s.id,
        joined_at: new Date(Date.parse(session.starts_at) + (i % 3) * 8 * 60_000).toISOString(),
      })),
  );
  await inChunks(attendance, (rows) => db.insertInto('attendance').values(rows).execute());

  // 60,000 sessions of students, used at any time in the last month.
  await inChunks(
    Array.from({ length: 60_000 }, (_, i) => ({
      student_id: students[(i * 13) % students.length]!.id,
      token_hash: `bench-session-${i}`,
      expires_at: ago(-30 * DAY),
      last_used_at: ago((i % 30) * DAY + (i % 1440) * 60_000),
    })),
    (rows) => db.insertInto('auth_sessions').values(rows).execute(),
  );
}

export interface OverviewFigures {
  path: string;
  p50: number;
  p95: number;
  max: number;
}

/** `requests` calls of each of the overview and charts, one after another, as the teacher's page makes them. */
export async function benchOverview(base: string, adminToken: string, requests = 200): Promise<OverviewFigures[]> {
  const figures: OverviewFigures[] = [];
  for (const path of ['/api/v1/admin/overview', '/api/v1/admin/charts', '/api/v1/admin/charts?batch=3']) {
    const times: number[] = [];
    for (let i = 0; i < requests + 10; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      // The first ten warm the code paths up.
      if (i >= 10) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures.push({
      path,
      p50: times[Math.floor(times.length / 2)]!,
      p95: times[Math.ceil(times.length * 0.95) - 1]!,
      max: times.at(-1)!,
    });
  }
  return figures;
}
