import { PostgresAdapter, sql } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { MAX_DURATION_MINUTES } from '../../contracts/schedule.js';
import type { Db } from '../db/schema.js';
import { withBooleans } from '../db/flags.js';
import { PLACEHOLDER_PREFIX } from '../payments/payments.repository.js';

/** PostgreSQL answers COUNT and SUM as strings (bigint, numeric); both databases' answers become numbers here. */
const num = (value: unknown) => Number(value ?? 0);
const fullName = sql<string>`s.first_name || ' ' || s.last_name`;
const countIf = (condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/** Every count of the overview's cards in one pass over the students. */
export function studentCountsQuery(db: Db) {
  return db
    .selectFrom('students')
    .select([
      sql<number>`count(*)`.as('registered'),
      countIf(sql`activated = 1`).as('verified'),
      countIf(sql`student_status = ${STUDENT_STATUS.paid}`).as('paid'),
      countIf(sql`student_batch is not null`).as('in_batch'),
      countIf(sql`student_status = ${STUDENT_STATUS.completed}`).as('completed'),
    ])
    .where('role', '=', 'student');
}

export async function studentCounts(db: Db) {
  const row = await studentCountsQuery(db).executeTakeFirstOrThrow();
  return {
    registered: num(row.registered),
    verified: num(row.verified),
    paid: num(row.paid),
    in_batch: num(row.in_batch),
    completed: num(row.completed),
  };
}

export async function feesCollected(db: Db) {
  const row = await db
    .selectFrom('payments')
    .select([sql<number>`count(*)`.as('payments'), sql<number>`coalesce(sum(amount), 0)`.as('paise')])
    .where('status', '=', 'captured')
    .executeTakeFirstOrThrow();
  return { paise: num(row.paise), payments: num(row.payments) };
}

export async function unansweredDoubts(db: Db, limit: number) {
  const [count, items] = await Promise.all([
    db
      .selectFrom('doubts')
      .select(sql<number>`count(*)`.as('n'))
      .where('answered_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('doubts as d')
      .innerJoin('students as s', 's.id', 'd.student_id')
      .select(['d.id', fullName.as('student_name'), 'd.question', 'd.created_at'])
      .where('d.answered_at', 'is', null)
      .orderBy('d.id')
      .limit(limit)
      .execute(),
  ]);
  return { count: num(count.n), items };
}

/** The latest submissions made after `since`, newest first. */
export function submissionsSinceQuery(db: Db, since: string, limit: number) {
  return db
    .selectFrom('submissions as sub')
    .innerJoin('student_programs as sp', 'sp.id', 'sub.student_program_id')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select([
      'sub.id',
      fullName.as('student_name'),
      'sp.program_number',
      'sub.status',
      'sub.score',
      'sub.total',
      'sub.late',
      'sub.created_at',
    ])
    .where('sub.created_at', '>', since)
    .orderBy('sub.created_at', 'desc')
    .orderBy('sub.id', 'desc')
    .limit(limit);
}

/** Submissions made after `since`: how many, and the latest. */
export async function submissionsSince(db: Db, since: string, limit: number) {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(sql<number>`count(*)`.as('n'))
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    submissionsSinceQuery(db, since, limit).execute(),
  ]);
  return { count: num(count.n), items: rows.map((r) => withBooleans(r, ['late'])) };
}

/** Gateway orders not paid (pending or failed) of students who are still unpaid: a payment that may need help. */
export async function paymentProblems(db: Db, limit: number) {
  const unpaid = db
    .selectFrom('payments as p')
    .innerJoin('students as s', 's.id', 'p.student_id')
    .where('p.status', 'in', ['created', 'failed'])
    .where('p.order_id', 'not like', `${PLACEHOLDER_PREFIX}%`)
    .where('s.student_status', '=', STUDENT_STATUS.unpaid);
  const [count, rows] = await Promise.all([
    unpaid.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    unpaid
      .select(['p.id', fullName.as('student_name'), 'p.status', 'p.amount', 'p.failure_reason', 'p.created_at'])
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: num(count.n),
    items: rows.map((r) => ({ ...r, status: r.status === 'failed' ? ('failed' as const) : ('created' as const) })),
  };
}

/**
 * Paid students not seen since `cutoff`: no session used since then, and none ended since then (a logout deletes
 * the session; student_visits.active_at keeps its time). The count is the paid students less those seen lately
 * (found through the indexes on the two times), rather than a look at every paid student's sessions.
 */
/** Paid students in no batch: how many, and the first few by sign-up. */
export async function paidWithoutBatch(db: Db, limit: number) {
  const base = db
    .selectFrom('students as s')
    .where('s.role', '=', 'student')
    .where('s.student_status', '=', STUDENT_STATUS.paid)
    .where('s.student_batch', 'is', null);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['s.id', fullName.as('student_name'), 's.email'])
      .orderBy('s.id')
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count.n), items };
}

/** Paid students seen neither in a session nor in a visit since `cutoff`, by id. */
export function paidNotSeenQuery(db: Db, cutoff: string, limit: number) {
  return db
    .selectFrom('students as s')
    .leftJoin('student_visits as v', 'v.student_id', 's.id')
    .select([
      's.id',
      fullName.as('student_name'),
      's.email',
      's.student_batch as batch',
      'v.active_at',
      (eb) =>
        eb
          .selectFrom('auth_sessions as last')
          .select((inner) => inner.fn.max('last.last_used_at').as('m'))
          .whereRef('last.student_id', '=', 's.id')
          .as('session_used_at'),
    ])
    .where('s.role', '=', 'student')
    .where('s.student_status', '=', STUDENT_STATUS.paid)
    .where((eb) =>
      eb.and([
        eb.or([eb('v.active_at', 'is', null), eb('v.active_at', '<', cutoff)]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('auth_sessions as a')
              .select('a.id')
              .whereRef('a.student_id', '=', 's.id')
              .where('a.last_used_at', '>=', cutoff),
          ),
        ),
      ]),
    )
    .orderBy('s.id')
    .limit(limit);
}

export async function paidNotSeenSince(db: Db, cutoff: string, paid: number, limit: number) {
  const seenLately = db
    .selectFrom('auth_sessions')
    .select('student_id')
    .where('last_used_at', '>=', cutoff)
    .union(db.selectFrom('student_visits').select('student_id').where('active_at', '>=', cutoff));
  const [seen, items] = await Promise.all([
    db
      .selectFrom(seenLately.as('seen'))
      .innerJoin('students as s', 's.id', 'seen.student_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('s.role', '=', 'student')
      .where('s.student_status', '=', STUDENT_STATUS.paid)
      .executeTakeFirstOrThrow(),
    paidNotSeenQuery(db, cutoff, limit).execute(),
  ]);
  const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    count: Math.max(0, paid - num(seen.n)),
    items: items.map(({ active_at, session_used_at, ...r }) => {
      const times = [iso(active_at), iso(session_used_at)].filter((t): t is string => t !== null).sort();
      return { ...r, last_seen_at: times.at(-1) ?? null };
    }),
  };
}

/** The first class across batches that has not ended at `now`, with its plan topics. */
export async function nextSession(db: Db, now: Date) {
  const earliest = new Date(now.getTime() - MAX_DURATION_MINUTES * 60_000).toISOString();
  const rows = await db
    .selectFrom('batch_sessions as bs')
    .leftJoin('course_sessions as cs', 'cs.session_number', 'bs.session_number')
    .select(['bs.id', 'bs.batch_number', 'bs.session_number', 'bs.starts_at', 'bs.duration_minutes', 'cs.topics'])
    .where('bs.starts_at', '>=', earliest)
    .orderBy('bs.starts_at')
    .orderBy('bs.id')
    .limit(50)
    .execute();
  return rows.find((r) => Date.parse(r.starts_at) + r.duration_minutes * 60_000 > now.getTime());
}

/** The latest class that has started by `now`, whose batch the attendance chart shows when no class is ahead. */
export function latestStartedSession(db: Db, now: Date) {
  return db
    .selectFrom('batch_sessions')
    .select(['batch_number'])
    .where('starts_at', '<=', now.toISOString())
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The weeks between consecutive `bounds` (ISO instants), each [start, end), numbered from 0. */
function weeksOf(bounds: string[]) {
  return bounds.slice(0, -1).map((start, week) => ({ week, start, end: bounds[week + 1]! }));
}

/**
 * Sign-ups per week between consecutive `bounds` (ISO instants). One range count per week, joined by UNION ALL: each
 * reads its stretch of an index, where one grouped pass comparing every row with the week bounds cost SQLite 4x more.
 */
export async function signupsPerWeek(db: Db, bounds: string[]): Promise<number[]> {
  const counts = weeksOf(bounds).map(({ week, start, end }) =>
    db
      .selectFrom('students')
      .select([sql<number>`${sql.lit(week)}`.as('week'), sql<number>`count(*)`.as('n')])
      .where('role', '=', 'student')
      .where('created_at', '>=', start)
      .where('created_at', '<', end),
  );
  const rows = await counts.reduce((all, next) => all.unionAll(next)).execute();
  const perWeek = bounds.slice(0, -1).map(() => 0);
  for (const r of rows) perWeek[num(r.week)] = num(r.n);
  return perWeek;
}

/** Captured payments per week (by when they were paid): how many and their sum in paise, counted as sign-ups are. */
export async function paymentsPerWeek(db: Db, bounds: string[]): Promise<{ count: number; paise: number }[]> {
  const sums = weeksOf(bounds).map(({ week, start, end }) =>
    db
      .selectFrom('payments')
      .select([
        sql<number>`${sql.lit(week)}`.as('week'),
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(amount), 0)`.as('paise'),
      ])
      .where('status', '=', 'captured')
      .where('paid_at', '>=', start)
      .where('paid_at', '<', end),
  );
  const rows = await sums.reduce((all, next) => all.unionAll(next)).execute();
  const perWeek = bounds.slice(0, -1).map(() => ({ count: 0, paise: 0 }));
  for (const r of rows) perWeek[num(r.week)] = { count: num(r.n), paise: num(r.paise) };
  return perWeek;
}

/**
 * Per program, students whose best score is in each fifth of the total (0–19 % … 80–100 %). SQL counts the students
 * per (program, score, total), read from an index alone; there are few such pairs, and they are put in fifths here.
 */
export async function scoreDistribution(db: Db) {
  const rows = await db
    .selectFrom('student_programs')
    .select(['program_number', 'best_score', 'best_total', sql<number>`count(*)`.as('n')])
    .where('best_score', 'is not', null)
    .where('best_total', '>', 0)
    .groupBy(['program_number', 'best_score', 'best_total'])
    .orderBy('program_number')
    .execute();
  const programs = new Map<number, number[]>();
  for (const r of rows) {
    const buckets = programs.get(r.program_number) ?? [0, 0, 0, 0, 0];
    // The first k with score * 5 < total * k: the percentage is below 20k (whole numbers, no rounding).
    const score = r.best_score ?? 0;
    const total = r.best_total ?? 0;
    let fifth = 0;
    while (fifth < 4 && !(score * 5 < total * (fifth + 1))) fifth += 1;
    buckets[fifth]! += num(r.n);
    programs.set(r.program_number, buckets);
  }
  return [...programs].map(([program_number, buckets]) => ({ program_number, buckets }));
}

export async function batchesWithSessions(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('batch_sessions')
    .select('batch_number')
    .distinct()
    .orderBy('batch_number')
    .execute();
  return rows.map((r) => r.batch_number);
}

export function listSessionsOfBatch(db: Db, batch: number) {
  return db
    .selectFrom('batch_sessions')
    .select(['id', 'session_number', 'starts_at', 'duration_minutes'])
    .where('batch_number', '=', batch)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** When each of the batch's students joined it (null: before the site recorded it), for who was in it at a class. */
export async function listBatchJoinTimes(db: Db, batch: number): Promise<(string | null)[]> {
  const rows = await db
    .selectFrom('students')
    .select('batch_joined_at')
    .where('role', '=', 'student')
    .where('student_batch', '=', batch)
    .execute();
  return rows.map((row) => row.batch_joined_at);
}

/**
 * Per held session, how many of the batch's current students were present and late: attendanceStatus counted by the
 * database rather than tens of thousands of rows sent here. `lateFrom` is when a Join click stops being on time
 * (start + LATE_AFTER_MINUTES, an ISO instant worked out by the caller: date arithmetic per row costs more than the
 * whole count on SQLite).
 */
export async function attendanceCounts(db: Db, batch: number, sessions: { id: number; lateFrom: string }[]) {
  if (sessions.length === 0) return [];
  const rows = await attendanceCountsQuery(db, batch, sessions).execute();
  return rows.map((r) => ({ batch_session_id: r.batch_session_id, present: num(r.present), late: num(r.late) }));
}

/** attendanceCounts' query, for one or more sessions. */
export function attendanceCountsQuery(db: Db, batch: number, sessions: { id: number; lateFrom: string }[]) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const lateFrom = sql`case a.batch_session_id ${sql.join(
    sessions.map((s) => sql`when ${s.id} then ${isPostgres ? sql`cast(${s.lateFrom} as timestamptz)` : s.lateFrom}`),
    sql` `,
  )} end`;
  return db
    .selectFrom('attendance as a')
    .select([
      'a.batch_session_id',
      countIf(sql`a.mark = 'present' or (a.mark is null and a.joined_at <= ${lateFrom})`).as('present'),
      countIf(sql`a.mark = 'late' or (a.mark is null and a.joined_at > ${lateFrom})`).as('late'),
    ])
    .where(
      'a.batch_session_id',
      'in',
      sessions.map((s) => s.id),
    )
    .where('a.student_id', 'in', (eb) =>
      eb.selectFrom('students').select('id').where('role', '=', 'student').where('student_batch', '=', batch),
    )
    .groupBy('a.batch_session_id');
}
