import { type Clock, systemClock } from '../../contracts/clock.js';
import { joinLinkPath } from '../../contracts/schedule.js';
import { ensurePrivateLinks } from '../auth/private-links.repository.js';
import type { Kysely } from 'kysely';
import { BATCH_MOVE_MAX, type BatchInfo, type BatchMailingResult, type BatchUpdate } from '../../contracts/admin.js';
import { plural } from '../../contracts/wording.js';
import { formatDate, type TimeZone } from '../../contracts/dates.js';
import { dashboardPaths, paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { batchStartMail, inviteMail, meetingLinkMail } from '../mail/mail-templates.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { mailBatchOnce } from './batch-mailings.js';
import * as batches from './batches.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  mail: MailQueue;
  notifications: NotificationsService;
  /** The course's time zone (a site setting), for the dates printed. */
  timeZone: () => Promise<TimeZone>;
  /** The time now (the app's clock). */
  clock?: Clock;
}

export function createBatchesService({ db, config, mail, notifications, clock = systemClock, timeZone }: Deps) {
  return {
    members: (batch: number) => batches.listBatchMembers(db, batch),

    async list(): Promise<BatchInfo[]> {
      const [rows, counts] = [await batches.listBatches(db), await batches.countStudentsByBatch(db)];
      const timetable = await batches.timetableState(db);
      return rows.map((b) => ({
        ...b,
        students: Number(counts.find((c) => c.student_batch === b.batch_number)?.n ?? 0),
        ...timetable(b.batch_number),
      }));
    },

    unplaced: () => batches.listUnplacedStudents(db, BATCH_MOVE_MAX),

    /** Moves the chosen students into the batch (made if new), all at once. */
    async move(batch: number, studentIds: number[]): Promise<{ moved: number; message: string }> {
      const moved = await transact(db, async (trx) => {
        await batches.ensureBatch(trx, batch);
        return batches.moveStudentsToBatch(trx, [...new Set(studentIds)], batch, clock());
      });
      return { moved, message: `${plural(moved, 'student')} moved to batch ${batch}.` };
    },

    /** Makes the batch if it is new, then sets what the body gives. */
    async save(batch: number, changes: BatchUpdate): Promise<BatchInfo> {
      await batches.ensureBatch(db, batch);
      await batches.updateBatch(db, batch, changes);
      const row = await batches.findBatch(db, batch);
      if (!row) throw new Error('batch vanished after it was saved');
      const timetable = await batches.timetableState(db);
      return { ...row, students: await batches.countBatchStudents(db, batch), ...timetable(batch) };
    },

    /** The start date goes to every registered student not yet in a batch... */
    async announce(batch: number, resend: boolean): Promise<BatchMailingResult> {
      const row = await batches.findBatch(db, batch);
      if (!row?.start_date) throw new AppError('validation', 'Set the start date of this batch first.');
      const startDate = row.start_date;
      const zone = await timeZone();
      const result = await mailBatchOnce(
        db,
        { batchNumber: row.batch_number, kind: 'start_date', content: startDate, resend },
        async (trx) => {
          const students = await batches.listStudentsAwaitingBatch(trx);
          await notifications.notify(
            trx,
            students,
            'announcement',
            {
              title: `Batch ${row.batch_number} starts on ${formatDate(startDate, zone)}`,
              body: 'Join it by paying the course fee from My Payment before the batch starts.',
              link: `${paths.dashboard}/${dashboardPaths.myPayment}`,
            },
            (s) =>
              batchStartMail(
                s.email,
                s.first_name,
                row.batch_number,
                startDate,
                `${config.appUrl}${paths.dashboard}`,
                zone,
              ),
          );
          return students.length;
        },
      );
      return result;
    },

    /** ...and the meeting link to every paid student of the batch. */
    async sendLink(batch: number, resend: boolean): Promise<BatchMailingResult> {
      const row = await batches.findBatch(db, batch);
      if (!row?.meeting_link) throw new AppError('validation', 'Set the meeting link of this batch first.');
      const link = row.meeting_link;
      const zone = await timeZone();
      const result = await mailBatchOnce(
        db,
        { batchNumber: row.batch_number, kind: 'meeting_link', content: link, resend },
        async (trx) => {
          const students = await batches.listPaidStudentsOfBatch(trx, row.batch_number);
          // Each student's own join address, which records the attendance, then opens the meeting.
          const joins = await ensurePrivateLinks(
            trx,
            students.map((s) => s.id),
            'join',
          );
          await notifications.notify(
            trx,
            students,
            'announcement',
            {
              title: `The meeting link of batch ${row.batch_number}`,
              body: 'Your classes are held at the meeting link now on My Classes.',
              link: `${paths.dashboard}/${dashboardPaths.myClasses}`,
            },
            (s) =>
              meetingLinkMail(
                s.email,
                s.first_name,
                row.batch_number,
                row.start_date,
                `${config.appUrl}${joinLinkPath(joins.get(s.id)!)}`,
                zone,
              ),
          );
          return students.length;
        },
      );
      return result;
    },

    /** The teacher invites someone to sign up. */
    async invite(email: string): Promise<void> {
      await mail.enqueue(db, inviteMail(email, `${config.appUrl}${paths.signup}`));
    },

    newStudentNames: () => batches.listNewStudentNames(db),
  };
}
