import type { Kysely, Transaction } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { STUDENT_STATUS } from '../../contracts/course.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import {
  type AttendanceMark,
  type AttendanceRow,
  type AttendanceSheet,
  attendanceStatus,
  type BatchSession,
  countsForStudent,
  type BatchSessionInput,
  type BatchSessionUpdate,
  type JoinResult,
  heldClasses,
  joinLinkPath,
  joinWindow,
  myAttendanceStatus,
  type MySchedule,
  type ScheduleGenerate,
  scheduleMessages,
  sessionEnd,
  weekdayDates,
} from '../../contracts/schedule.js';
import { ensureBatch, lockBatch } from '../admin/batches.repository.js';
import { toCsv } from '../admin/csv.js';
import { nowIso } from '../db/clock.js';
import type { Database, Db, StudentRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { DATE_YEARS } from '../../contracts/fields.js';
import { formatDateTime, type TimeZone } from '../../contracts/dates.js';
import { AppError } from '../http/app-error.js';
import { CLASSES_NEED_PAYMENT } from '../courses/courses.service.js';
import { cancelPendingReminders } from '../reminders/reminders.repository.js';
import * as schedule from './schedule.repository.js';
import { listBatchStudents } from '../students/students.repository.js';
import { ensurePrivateLink, findStudentByPrivateLink } from '../auth/private-links.repository.js';
import { zonedInstant } from './zoned-time.js';
import { transact } from '../db/after-commit.js';

interface Deps {
  db: Kysely<Database>;
  /** The time now; tests pass their own clock to step through a class. */
  clock?: Clock;
  /** The course time zone setting, read where a typed wall-clock time becomes an instant. */
  timeZone: () => Promise<string>;
}

type SessionRow = Awaited<ReturnType<typeof schedule.listBatchSessions>>[number];
type Interval = { id: number; session_number: number; starts_at: string; duration_minutes: number };

function toBatchSession(row: SessionRow): BatchSession {
  return {
    id: row.id,
    batch_number: row.batch_number,
    session_number: row.session_number,
    starts_at: row.starts_at,
    ends_at: sessionEnd(row.starts_at, row.duration_minutes),
    duration_minutes: row.duration_minutes,
    sequence: row.sequence,
    topics: row.topics ?? `Session ${row.session_number}`,
    lesson_video: row.lesson_video ?? null,
  };
}

/** The session of `others` (the same batch's) that [startsAt, startsAt + duration) overlaps, if any. */
function overlapping(others: Interval[], candidate: Omit<Interval, 'session_number'>): Interval | undefined {
  const start = Date.parse(candidate.starts_at);
  const end = start + candidate.duration_minutes * 60_000;
  return others.find((other) => {
    if (other.id === candidate.id) return false;
    const otherStart = Date.parse(other.starts_at);
    return otherStart < end && start < otherStart + other.duration_minutes * 60_000;
  });
}

function refuseOverlap(others: Interval[], candidate: Omit<Interval, 'session_number'>, zone: TimeZone): void {
  const clash = overlapping(others, candidate);
  if (clash) throw new AppError('conflict', scheduleMessages.overlaps(clash.session_number, clash.starts_at, zone));
}

function mustBePaid(student: StudentRow): void {
  if (student.role !== 'admin' && student.student_status === STUDENT_STATUS.unpaid)
    throw new AppError('forbidden', CLASSES_NEED_PAYMENT);
}

const statusWords: Record<AttendanceRow['status'], string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  upcoming: 'Upcoming',
  'in progress': 'In progress',
};

export function createScheduleService({ db, clock = systemClock, timeZone }: Deps) {
  const now = () => nowIso(clock());

  /**
   * A generated timetable starts no earlier than the batch (when it has a start date). A class placed by hand may
   * (an introduction before the start): the teacher chose that date.
   */
  async function refuseBeforeStart(
    trx: Transaction<Database>,
    batch: number,
    date: string,
    zone: TimeZone,
  ): Promise<void> {
    const start = (await schedule.findBatchStart(trx, batch))?.start_date ?? null;
    if (start && date < start) throw new AppError('validation', scheduleMessages.beforeStart(batch, start, zone));
  }

  /** The student's join address (made on first use), relative to the site. */
  async function joinLinkOf(studentId: number): Promise<string> {
    return joinLinkPath(await ensurePrivateLink(db, studentId, 'join'));
  }

  /** Writes to a batch's schedule one at a time (PostgreSQL: the batch's row is locked; SQLite has one writer). */
  function inBatch<T>(batch: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return transact(db, async (trx) => {
      await ensureBatch(trx, batch);
      await lockBatch(trx, batch);
      try {
        return await work(trx);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'This session is already scheduled.');
        throw error;
      }
    });
  }

  async function mustFind(id: number, trx: Db = db) {
    const row = await schedule.findBatchSession(trx, id);
    if (!row) throw new AppError('notFound', scheduleMessages.noSuchSession);
    return row;
  }

  async function sheet(id: number): Promise<AttendanceSheet> {
    const session = toBatchSession(await mustFind(id));
    const students = await listBatchStudents(db, session.batch_number, 'first_name');
    const records = new Map((await schedule.listAttendanceOf(db, [id])).map((r) => [r.student_id, r]));
    const at = Date.parse(now());
    return {
      session,
      // A student placed in the batch after this class is not on its sheet, unless they attended it all the same.
      rows: students.flatMap((s) => {
        const record = records.get(s.id);
        if (!countsForStudent(session, s.batch_joined_at, attendanceStatus(session, record, at))) return [];
        return {
          student_id: s.id,
          first_name: s.first_name,
          last_name: s.last_name,
          email: s.email,
          joined_at: record?.joined_at ?? null,
          status: attendanceStatus(session, record, at),
          mark: record?.mark ?? null,
        };
      }),
    };
  }

  return {
    async list(batch: number): Promise<BatchSession[]> {
      return (await schedule.listBatchSessions(db, batch)).map(toBatchSession);
    },

    async add(batch: number, input: BatchSessionInput): Promise<BatchSession> {
      const zone = await timeZone();
      const startsAt = zonedInstant(input.date, input.start_time, zone);
      const id = await inBatch(batch, async (trx) => {
        if (!(await schedule.planHasSession(trx, input.session_number)))
          throw new AppError('validation', scheduleMessages.notInPlan(input.session_number));
        const others = await schedule.listBatchTimes(trx, batch);
        if (others.some((o) => o.session_number === input.session_number))
          throw new AppError('conflict', scheduleMessages.alreadyScheduled(input.session_number, batch));
        refuseOverlap(others, { id: 0, starts_at: startsAt, duration_minutes: input.duration_minutes }, zone);
        return schedule.insertBatchSession(trx, {
          batch_number: batch,
          session_number: input.session_number,
          starts_at: startsAt,
          duration_minutes: input.duration_minutes,
        });
      });
      return toBatchSession(await mustFind(id));
    },

    /** One session per plan session the batch has not got yet, in plan order, on successive chosen weekdays. */
    async generate(batch: number, input: ScheduleGenerate): Promise<BatchSession[]> {
      // Read before the transaction: on SQLite the transaction holds the one connection.
      const zone = await timeZone();
      await inBatch(batch, async (trx) => {
        const firstDate = input.first_date ?? (await schedule.findBatchStart(trx, batch))?.start_date ?? null;
        if (!firstDate) throw new AppError('validation', scheduleMessages.noFirstDate);
        await refuseBeforeStart(trx, batch, firstDate, zone);
        const plan = await schedule.listPlanNumbers(trx);
        if (plan.length === 0) throw new AppError('validation', scheduleMessages.emptyPlan);
        const others: Interval[] = await schedule.listBatchTimes(trx, batch);
        const scheduled = new Set(others.map((o) => o.session_number));
        const missing = plan.filter((n) => !scheduled.has(n));
        if (missing.length === 0) throw new AppError('conflict', scheduleMessages.allScheduled(batch));
        const dates = weekdayDates(firstDate, input.weekdays, missing.length);
        if (dates.some((date) => date > `${DATE_YEARS.max}-12-31`))
          throw new AppError('validation', scheduleMessages.tooLate);
        for (const [index, sessionNumber] of missing.entries()) {
          const startsAt = zonedInstant(dates[index]!, input.start_time, zone);
          refuseOverlap(others, { id: 0, starts_at: startsAt, duration_minutes: input.duration_minutes }, zone);
          const values = {
            batch_number: batch,
            session_number: sessionNumber,
            starts_at: startsAt,
            duration_minutes: input.duration_minutes,
          };
          others.push({ ...values, id: await schedule.insertBatchSession(trx, values) });
        }
      });
      return (await schedule.listBatchSessions(db, batch)).map(toBatchSession);
    },

    async update(id: number, input: BatchSessionUpdate): Promise<BatchSession> {
      const current = await mustFind(id);
      const zone = await timeZone();
      const startsAt = zonedInstant(input.date, input.start_time, zone);
      await inBatch(current.batch_number, async (trx) => {
        const row = await mustFind(id, trx);
        refuseOverlap(
          await schedule.listBatchTimes(trx, row.batch_number),
          { id, starts_at: startsAt, duration_minutes: input.duration_minutes },
          zone,
        );
        if (Date.parse(row.starts_at) !== Date.parse(startsAt)) await cancelPendingReminders(trx, id);
        await schedule.updateBatchSession(trx, id, {
          starts_at: startsAt,
          duration_minutes: input.duration_minutes,
          updated_at: now(),
        });
      });
      return toBatchSession(await mustFind(id));
    },

    async remove(id: number): Promise<void> {
      const current = await mustFind(id);
      await inBatch(current.batch_number, async (trx) => {
        await mustFind(id, trx);
        await cancelPendingReminders(trx, id);
        await schedule.deleteBatchSession(trx, id);
      });
    },

    sheet,

    async sheetCsv(id: number): Promise<{ filename: string; csv: string }> {
      const { session, rows } = await sheet(id);
      const zone = await timeZone();
      const csv = toCsv(
        ['Student Id', 'First Name', 'Last Name', 'Email', 'Joined At', 'Status', 'Corrected'],
        rows.map((r) => [
          r.student_id,
          r.first_name,
          r.last_name,
          r.email,
          r.joined_at ? formatDateTime(r.joined_at, zone) : '',
          statusWords[r.status],
          r.mark ? 'Yes' : 'No',
        ]),
      );
      return { filename: `attendance-batch-${session.batch_number}-session-${session.session_number}.csv`, csv };
    },

    /** The teacher's correction (null clears it, and the Join click counts again). */
    async mark(id: number, studentId: number, mark: AttendanceMark | null): Promise<AttendanceRow> {
      const session = await mustFind(id);
      if (!(await schedule.findStudentInBatch(db, studentId, session.batch_number)))
        throw new AppError('notFound', `No student ${studentId} in batch ${session.batch_number}.`);
      await schedule.setMark(db, id, studentId, mark, now());
      const row = (await sheet(id)).rows.find((r) => r.student_id === studentId);
      if (!row) throw new Error('attendance row vanished after it was saved');
      return row;
    },

    async mySchedule(student: StudentRow): Promise<MySchedule> {
      mustBePaid(student);
      const at = now();
      const batch = student.student_batch;
      if (batch === null) return { now: at, batch_number: null, meeting_link: null, sessions: [] };
      const rows = (await schedule.listBatchSessions(db, batch)).map(toBatchSession);
      const records = await schedule.listAttendanceOf(
        db,
        rows.map((r) => r.id),
        [student.id],
      );
      const link = await schedule.findMeetingLink(db, batch);
      return {
        now: at,
        batch_number: batch,
        meeting_link: link?.meeting_link ? await joinLinkOf(student.id) : null,
        sessions: rows.map(({ batch_number: _b, sequence: _s, ...session }) => {
          const record = records.find((r) => r.batch_session_id === session.id);
          return {
            ...session,
            joined_at: record?.joined_at ?? null,
            status: myAttendanceStatus(session, record, Date.parse(at), student.batch_joined_at),
          };
        }),
      };
    },

    joinLinkOf,

    /**
     * Where a student's join address leads: the batch's meeting (My Classes when it has none, or the address is no
     * student's). Opened while one of the batch's classes can be joined, by a student who has paid, it records the
     * attendance first, as the Join button does; at any other time it records nothing.
     */
    async followJoinLink(token: string): Promise<string> {
      const myClasses = `${paths.dashboard}/${dashboardPaths.myClasses}`;
      const student = token ? await findStudentByPrivateLink(db, 'join', token) : undefined;
      if (!student || student.student_batch === null) return myClasses;
      const batch = student.student_batch;
      if (student.role === 'student' && student.student_status !== STUDENT_STATUS.unpaid) {
        const at = now();
        const open = (await schedule.listBatchSessions(db, batch)).map(toBatchSession).find((session) => {
          const window = joinWindow(session.starts_at, session.duration_minutes);
          return Date.parse(at) >= window.opens && Date.parse(at) < window.closes;
        });
        if (open) await schedule.recordJoin(db, open.id, student.id, at);
      }
      return (await schedule.findMeetingLink(db, batch))?.meeting_link ?? myClasses;
    },

    /** The student's Join click: recorded once (the first click's time), only while the class can be joined. */
    async join(student: StudentRow, id: number): Promise<JoinResult> {
      if (student.role !== 'student') throw new AppError('forbidden', scheduleMessages.onlyStudentsJoin);
      mustBePaid(student);
      const session = await mustFind(id);
      if (session.batch_number !== student.student_batch)
        throw new AppError('forbidden', scheduleMessages.notYourBatch);
      const at = now();
      const window = joinWindow(session.starts_at, session.duration_minutes);
      if (Date.parse(at) < window.opens)
        throw new AppError(
          'conflict',
          scheduleMessages.joinNotOpen(new Date(window.opens).toISOString(), await timeZone()),
        );
      if (Date.parse(at) >= window.closes) throw new AppError('conflict', scheduleMessages.classEnded);
      const joinedAt = await schedule.recordJoin(db, id, student.id, at);
      const link = await schedule.findMeetingLink(db, session.batch_number);
      return { meeting_link: link?.meeting_link ?? null, joined_at: joinedAt };
    },

    /**
     * Each student's attended of held classes, and the instant (ms) this answer next changes with time alone: when the
     * next of these batches' classes stops taking Join clicks and so counts as held (null: none left).
     */
    async attendanceCounts(
      students: { id: number; student_batch: number | null }[],
    ): Promise<{ counts: Map<number, { attended: number; held: number }>; changesAt: number | null }> {
      const at = Date.parse(now());
      const batches = [...new Set(students.map((s) => s.student_batch).filter((b): b is number => b !== null))];
      const { held, nextEndAt } = heldClasses(await schedule.listSessionsOfBatches(db, batches), at);
      const records = await schedule.listAttendanceOf(
        db,
        held.map((s) => s.id),
        students.map((s) => s.id),
      );
      const byKey = new Map(records.map((r) => [`${r.batch_session_id}:${r.student_id}`, r]));
      const joined = await schedule.listBatchJoinTimes(
        db,
        students.filter((s) => s.student_batch !== null).map((s) => s.id),
      );
      const counts = new Map<number, { attended: number; held: number }>();
      for (const student of students) {
        if (student.student_batch === null) continue;
        let attended = 0;
        let ofStudent = 0;
        for (const s of held) {
          if (s.batch_number !== student.student_batch) continue;
          const status = attendanceStatus(s, byKey.get(`${s.id}:${student.id}`), at);
          // Only the classes held since the student joined the batch (or attended all the same) are theirs.
          if (!countsForStudent(s, joined.get(student.id) ?? null, status)) continue;
          ofStudent += 1;
          if (status === 'present' || status === 'late') attended += 1;
        }
        counts.set(student.id, { attended, held: ofStudent });
      }
      return { counts, changesAt: nextEndAt };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
