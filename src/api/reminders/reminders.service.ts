import { type Clock, systemClock } from '../../contracts/clock.js';
import { joinLinkPath } from '../../contracts/schedule.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import {
  remindersEndpoints,
  reminderMessages,
  type ReminderSetting,
  type ReminderSwitchResult,
} from '../../contracts/reminders.js';
import { lockBatch } from '../admin/batches.repository.js';
import { ensurePrivateLink, findStudentByPrivateLink } from '../auth/private-links.repository.js';
import type { TimeZone } from '../../contracts/dates.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { classReminderMail } from '../mail/mail-templates.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import {
  claimReminder,
  findClassStart,
  findReminderRecipients,
  findUpcomingClasses,
  setReminderOutbox,
  setStudentReminders,
  type UpcomingClass,
  withdrawStaleReminders,
  withdrawStudentReminders,
} from './reminders.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  log: FastifyBaseLogger;
  mail: MailQueue;
  notifications: NotificationsService;
  /** The course's time zone (a site setting), for the class times in the mail. */
  timeZone: () => Promise<TimeZone>;
  /** The time now (the app's clock). */
  clock?: Clock;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** What one pass did: reminders queued and stale ones withdrawn. */
export interface ReminderRun {
  queued: number;
  withdrawn: number;
}

/**
 * Which reminder a class is due for at `now`: the day one from 24 hours before it until an hour before (a class
 * planned at short notice still gets it), the hour one in its last hour, none once it has started.
 */
export function dueReminderKind(startsAt: string, now: Date): 'day' | 'hour' | undefined {
  const left = Date.parse(startsAt) - now.getTime();
  if (!(left > 0) || left > DAY_MS) return undefined;
  return left > HOUR_MS ? 'day' : 'hour';
}

export function createRemindersService({
  db,
  config,
  log,
  mail: mailQueue,
  notifications,
  clock = systemClock,
  timeZone,
}: Deps) {
  const oneClickBase = `${config.appUrl}${remindersEndpoints.stopByLink.path}`;
  const myClassesPath = `${paths.dashboard}/${dashboardPaths.myClasses}`;
  const myClassesUrl = `${config.appUrl}${myClassesPath}`;

  /** Queues one class's reminders of this kind, each in its own transaction; returns how many were new. */
  async function remindClass(row: UpcomingClass, kind: 'day' | 'hour', now: Date, zone: TimeZone): Promise<number> {
    let queued = 0;
    for (const student of await findReminderRecipients(db, row, kind)) {
      try {
        const token = await ensurePrivateLink(db, student.id, 'reminders');
        const mail = classReminderMail(
          student.email,
          student.first_name,
          {
            kind,
            sessionNumber: row.session_number,
            topics: row.topics,
            startsAt: row.starts_at,
            zone,
            durationMinutes: row.duration_minutes,
            // The student's own join address, which records the attendance, then opens the meeting.
            meetingLink: row.meeting_link
              ? `${config.appUrl}${joinLinkPath(await ensurePrivateLink(db, student.id, 'join'))}`
              : null,
            myClassesUrl,
            stopPageUrl: `${config.appUrl}${paths.stopReminders}?token=${encodeURIComponent(token)}`,
            stopOneClickUrl: `${oneClickBase}?token=${encodeURIComponent(token)}`,
          },
          now,
        );
        const added = await transact(db, async (trx) => {
          // The schedule moves or deletes a class under its batch's lock (PostgreSQL; SQLite has one writer): taken
          // here too, a class moved since it was read is seen moved, and is reminded at its new time instead.
          await lockBatch(trx, row.batch_number);
          if ((await findClassStart(trx, row.id)) !== row.starts_at) return false;
          // Mail only to those with reminders on, once; the hour one is also a notice in the site, made once.
          const reminderId = student.reminders
            ? await claimReminder(trx, {
                batch_session_id: row.id,
                student_id: student.id,
                kind,
                starts_at: row.starts_at,
              })
            : undefined;
          if (kind === 'day') {
            if (reminderId === undefined) return false;
            await setReminderOutbox(trx, reminderId, await mailQueue.enqueue(trx, mail));
            return true;
          }
          const told = await notifications.notify(
            trx,
            [student],
            'class_soon',
            {
              title: `Class ${row.session_number} starts soon`,
              body: row.topics ?? 'Your class starts within the hour.',
              link: myClassesPath,
              subjectId: row.id,
              once: true,
            },
            reminderId === undefined ? undefined : () => mail,
          );
          const outboxId = told.mailed.get(student.id);
          if (reminderId === undefined || outboxId === undefined) return false;
          await setReminderOutbox(trx, reminderId, outboxId);
          return true;
        });
        if (added) queued += 1;
      } catch (error) {
        // A student or class deleted meanwhile fails its foreign key: skipped, and the others still get theirs.
        log.warn({ err: error, batchSessionId: row.id, studentId: student.id }, 'class reminder skipped');
      }
    }
    return queued;
  }

  return {
    /**
     * One pass: withdraws reminder mail that no longer holds, then queues the reminders due at `now`. Safe to run
     * in every process at once and again after a restart: each reminder is queued exactly once.
     */
    async runOnce(now = clock()): Promise<ReminderRun> {
      const withdrawn = await withdrawStaleReminders(db, now.toISOString(), oneClickBase);
      let queued = 0;
      const upcoming = await findUpcomingClasses(db, now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString());
      const zone = await timeZone();
      for (const row of upcoming) {
        const kind = dueReminderKind(row.starts_at, now);
        if (kind) queued += await remindClass(row, kind, now, zone);
      }
      return { queued, withdrawn };
    },

    /** The account a reminder mail's private link belongs to (its stop link, or a one-click unsubscribe). */
    async linkOwner(token: string | undefined): Promise<{ id: number; reminders: boolean }> {
      const student = token ? await findStudentByPrivateLink(db, 'reminders', token) : undefined;
      if (!student) throw new AppError('notFound', reminderMessages.noSuchLink);
      return student;
    },

    /**
     * Stops (or starts again) the reminders of a link's owner. A link followed again changes nothing and writes
     * nothing: every write invalidates the caches of the students table, so repeats must not cost the site.
     */
    async switchByLink(owner: { id: number; reminders: boolean }, on: boolean): Promise<ReminderSwitchResult> {
      const result = on
        ? { reminders: true, message: reminderMessages.started }
        : { reminders: false, message: reminderMessages.stopped };
      if (owner.reminders === on) return result;
      await transact(db, async (trx) => {
        await setStudentReminders(trx, owner.id, on);
        if (!on) await withdrawStudentReminders(trx, owner.id);
      });
      return result;
    },

    setting(student: StudentRow): ReminderSetting {
      return { reminders: student.reminders };
    },

    /** The Profile's switch. */
    async set(student: StudentRow, { reminders }: ReminderSetting): Promise<ReminderSetting> {
      await transact(db, async (trx) => {
        await setStudentReminders(trx, student.id, reminders);
        if (!reminders) await withdrawStudentReminders(trx, student.id);
      });
      return { reminders };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
