import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { courseWallClock, type TimeZone } from '../../contracts/dates.js';
import { ATTENTION_ITEMS, CHART_WEEKS, type Charts, NOT_SEEN_DAYS, type Overview } from '../../contracts/overview.js';
import { countsForStudent, heldClasses, LATE_AFTER_MINUTES, sessionEnd } from '../../contracts/schedule.js';
import type { Database } from '../db/schema.js';
import { zonedInstant } from '../schedule/zoned-time.js';
import { ATTENDANCE_SOURCES, StampedCache, versionStamp } from '../common/versioned-cache.js';
import { recordVisit } from '../students/visits.repository.js';
import * as repo from './overview.repository.js';

interface Deps {
  db: Kysely<Database>;
  /** The time now (tests pass their own). */
  clock?: Clock;
  /** The course's time zone (a site setting). */
  timeZone: () => Promise<TimeZone>;
}

const DAY_MS = 24 * 60 * 60_000;

/** 'YYYY-MM-DD' `days` later on the calendar. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The Mondays that start the last CHART_WEEKS weeks on the course calendar (the current week last), and the instants
 * where those weeks begin, plus where the current one ends.
 */
function chartWeeks(now: Date, zone: TimeZone): { starts: string[]; bounds: string[] } {
  const today = courseWallClock(now, zone)?.date ?? now.toISOString().slice(0, 10);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  const starts = Array.from({ length: CHART_WEEKS + 1 }, (_, i) => addDays(monday, 7 * (i - CHART_WEEKS + 1)));
  return { starts: starts.slice(0, -1), bounds: starts.map((date) => zonedInstant(date, '00:00', zone)) };
}

export function createOverviewService({ db, clock = systemClock, timeZone }: Deps) {
  // A batch's attendance chart, kept while its tables stand still and none of its classes has ended since.
  const attendanceCharts = new StampedCache<Charts['attendance']['sessions']>(100);
  return {
    /** The overview for the teacher `adminId`; looking at it starts (or continues) their visit. */
    async overview(adminId: number): Promise<Overview> {
      const now = clock();
      const previousVisit = await recordVisit(db, adminId, now);
      const weekAgo = new Date(now.getTime() - NOT_SEEN_DAYS * DAY_MS).toISOString();
      const [counts, fees, doubts, submissions, payments, next] = await Promise.all([
        repo.studentCounts(db),
        repo.feesCollected(db),
        repo.unansweredDoubts(db, ATTENTION_ITEMS),
        repo.submissionsSince(db, previousVisit ?? weekAgo, ATTENTION_ITEMS),
        repo.paymentProblems(db, ATTENTION_ITEMS),
        repo.nextSession(db, now),
      ]);
      const notSeen = await repo.paidNotSeenSince(db, weekAgo, counts.paid, ATTENTION_ITEMS);
      const noBatch = await repo.paidWithoutBatch(db, ATTENTION_ITEMS);
      return {
        counts,
        fees,
        attention: { since: previousVisit, doubts, submissions, payments, no_batch: noBatch, not_seen: notSeen },
        next_session: next
          ? {
              id: next.id,
              batch_number: next.batch_number,
              session_number: next.session_number,
              topics: next.topics ?? `Session ${next.session_number}`,
              starts_at: next.starts_at,
              ends_at: sessionEnd(next.starts_at, next.duration_minutes),
            }
          : null,
      };
    },

    /** The charts; attendance is of `batch`, or of the next (else the latest) class's batch. */
    async charts(batch?: number): Promise<Charts> {
      const now = clock();
      const { starts, bounds } = chartWeeks(now, await timeZone());
      const [signups, paid, scores, batches, shownBatch] = await Promise.all([
        repo.signupsPerWeek(db, bounds),
        repo.paymentsPerWeek(db, bounds),
        repo.scoreDistribution(db),
        repo.batchesWithSessions(db),
        batch ??
          repo.nextSession(db, now).then(async (next) => {
            if (next) return next.batch_number;
            return (await repo.latestStartedSession(db, now))?.batch_number ?? null;
          }),
      ]);
      return {
        weeks: starts.map((week_start, i) => ({
          week_start,
          signups: signups[i] ?? 0,
          payments: paid[i]?.count ?? 0,
          paid_paise: paid[i]?.paise ?? 0,
        })),
        scores,
        attendance: { batch: shownBatch, batches, sessions: shownBatch === null ? [] : await attendance(shownBatch) },
      };

      async function attendance(of: number) {
        const at = now.getTime();
        const stamp = await versionStamp(db, ATTENDANCE_SOURCES);
        const kept = attendanceCharts.get(String(of), stamp, at);
        if (kept) return kept;
        const { held, nextEndAt } = heldClasses(await repo.listSessionsOfBatch(db, of), at);
        const [joinTimes, counts] = await Promise.all([
          repo.listBatchJoinTimes(db, of),
          repo.attendanceCounts(
            db,
            of,
            held.map((s) => ({
              id: s.id,
              lateFrom: new Date(Date.parse(s.starts_at) + LATE_AFTER_MINUTES * 60_000).toISOString(),
            })),
          ),
        ]);
        const countsOf = new Map(counts.map((c) => [c.batch_session_id, c]));
        const chart = held.map((session) => {
          const present = countsOf.get(session.id)?.present ?? 0;
          const late = countsOf.get(session.id)?.late ?? 0;
          // The students in the batch by the time the class ended: one placed after it did not miss it.
          const size = joinTimes.filter((joined) => countsForStudent(session, joined, 'absent')).length;
          return {
            id: session.id,
            session_number: session.session_number,
            starts_at: session.starts_at,
            present,
            late,
            absent: Math.max(0, size - present - late),
          };
        });
        attendanceCharts.set(String(of), stamp, nextEndAt, chart);
        return chart;
      }
    },
  };
}
