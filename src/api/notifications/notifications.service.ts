import type { Kysely, Transaction } from 'kysely';
import {
  type Notification,
  type NotificationKind,
  type NotificationList,
  notificationDefaults,
  notificationMessages,
  type NotificationSetting,
  STUDENT_NOTIFICATION_KINDS,
  TEACHER_NOTIFICATION_KINDS,
} from '../../contracts/notifications.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { paths } from '../../contracts/paths.js';
import { nowIso } from '../db/clock.js';
import type { Database, StudentRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { afterCommitFor, transact, type EffectLog } from '../db/after-commit.js';
import type { MailQueue } from '../mail/mail-queue.js';
import type { OutgoingMail } from '../mail/outbox.repository.js';
import { setStudentReminders, withdrawStudentReminders } from '../reminders/reminders.repository.js';
import type { NotificationHub, StreamListener } from './notification-hub.js';
import * as notices from './notifications.repository.js';

interface Deps {
  db: Kysely<Database>;
  hub: NotificationHub;
  /** Queues the mail of a notice (and wakes the mail worker once the transaction commits). */
  mail: MailQueue;
  /** Where a failed wake after commit is reported. */
  log: EffectLog;
  /** The time now (the app's clock). */
  clock?: Clock;
}

/** Someone to tell: the mail (if their choice allows one) is built from this row. */
export interface Recipient {
  id: number;
  email: string;
  first_name: string;
  /** This person's own link and subject, where they differ (each student's copy of a program). */
  link?: string | null;
  subjectId?: number | null;
}

export interface Notice {
  title: string;
  body: string;
  /** A path of the site, or null. */
  link: string | null;
  /** What it is about (a student program, a doubt …); with `fold`, a repeat updates the unread notice about it. */
  subjectId?: number | null;
  fold?: boolean;
  /** Made once per person and subject: someone who already has a notice of this kind about it gets none. */
  once?: boolean;
}

/** What `notify` did: who got a notice in the site (woken once the transaction commits), and the mail queued. */
export interface Notified {
  noticed: number[];
  mailed: Map<number, number>;
}

type Trx = Transaction<Database> | Kysely<Database>;

/** Where the teacher's notices lead: the Admin page's Doubts panel, or the student's work under the gradebook. */
export const teacherLinks = {
  doubts: `${paths.admin}#doubts`,
  studentWork: (studentId: number) => `${paths.admin}?student=${studentId}`,
} as const;

export const personName = (p: Pick<StudentRow, 'first_name' | 'last_name' | 'email'>) =>
  `${p.first_name} ${p.last_name}`.trim() || p.email;

/** The teacher's notice of a submission; a later one of the same program, while it is unread, replaces it. */
export function submissionNotice(
  student: Pick<StudentRow, 'id' | 'first_name' | 'last_name' | 'email'>,
  programNumber: number,
  studentProgramId: number,
  result: string,
): Notice {
  return {
    title: `${personName(student)} submitted Program ${programNumber}`,
    body: result,
    link: teacherLinks.studentWork(student.id),
    subjectId: studentProgramId,
    fold: true,
  };
}

const kindsOf = (person: Pick<StudentRow, 'role'>): readonly NotificationKind[] =>
  person.role === 'admin' ? TEACHER_NOTIFICATION_KINDS : STUDENT_NOTIFICATION_KINDS;

export function createNotificationsService({ db, hub, mail: mailQueue, log, clock = systemClock }: Deps) {
  // One function for the whole app: a transaction that notifies several times wakes the union of its people once.
  const wakeStreams = (recipientIds: number[]) => hub.wake(recipientIds);

  /** Each person's choice for a kind: their row, or the defaults; class_soon's email is the reminders switch. */
  async function choices(trx: Trx, ids: number[], kind: NotificationKind) {
    const rows = new Map((await notices.findSettings(trx, ids, kind)).map((r) => [r.student_id, r]));
    const reminders =
      kind === 'class_soon'
        ? new Map((await notices.findReminderFlags(trx, ids)).map((r) => [r.id, r.reminders]))
        : undefined;
    return (id: number) => {
      const row = rows.get(id);
      const site = row ? row.site : notificationDefaults[kind].site;
      const email = reminders ? (reminders.get(id) ?? false) : row ? row.email : notificationDefaults[kind].email;
      return { site, email };
    };
  }

  async function settingsOf(person: StudentRow): Promise<{ settings: NotificationSetting[] }> {
    const rows = new Map((await notices.findAllSettings(db, person.id)).map((r) => [r.kind, r]));
    return {
      settings: kindsOf(person).map((kind) => {
        const row = rows.get(kind);
        const site = row ? row.site : notificationDefaults[kind].site;
        const email = kind === 'class_soon' ? person.reminders : row ? row.email : notificationDefaults[kind].email;
        return { kind, email, site };
      }),
    };
  }

  return {
    /**
     * The one way every event tells people: inside the caller's transaction, writes a notice for those who want
     * it in the site and queues the mail for those who want it by email. A few statements however many people.
     * The transaction (opened with `transact`) wakes the people noticed, and the mail worker, once it commits.
     */
    async notify(
      trx: Trx,
      recipients: Recipient[],
      kind: NotificationKind,
      notice: Notice,
      mail?: (recipient: Recipient) => OutgoingMail,
    ): Promise<Notified> {
      const mailed = new Map<number, number>();
      if (recipients.length === 0) return { noticed: [], mailed };
      const choiceOf = await choices(
        trx,
        recipients.map((r) => r.id),
        kind,
      );
      const already =
        notice.once && notice.subjectId != null
          ? await notices.findNoticed(
              trx,
              recipients.map((r) => r.id),
              kind,
              notice.subjectId,
            )
          : new Set<number>();
      const inSite = recipients.filter((r) => choiceOf(r.id).site && !already.has(r.id));
      const noticed = inSite.map((r) => r.id);
      const row: notices.NewNotice = {
        kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        subject_id: notice.subjectId ?? null,
      };
      const at = nowIso(clock());
      if (notice.fold) await notices.dropUnreadRepeats(trx, noticed, row);
      await notices.insertNotices(
        trx,
        inSite.map((r) => ({
          ...row,
          recipient_id: r.id,
          link: r.link === undefined ? row.link : r.link,
          subject_id: r.subjectId === undefined ? row.subject_id : r.subjectId,
          created_at: at,
        })),
      );
      if (mail)
        for (const r of recipients) if (choiceOf(r.id).email) mailed.set(r.id, await mailQueue.enqueue(trx, mail(r)));
      afterCommitFor(trx, log, wakeStreams, noticed);
      return { noticed, mailed };
    },

    /**
     * Inside the caller's transaction, takes back a person's notices of a kind that no longer hold (a certificate
     * announced as ready, since revoked). An open page hears the new count at its stream's next look.
     */
    async withdraw(trx: Trx, recipientId: number, kind: NotificationKind): Promise<void> {
      await notices.deleteNoticesOf(trx, recipientId, kind);
    },

    /** The teacher accounts, who get the teacher's kinds. */
    teachers: (trx: Trx = db) => notices.listTeachers(trx),

    async list(person: StudentRow, before: number | undefined, limit: number): Promise<NotificationList> {
      const rows = await notices.listNotices(db, person.id, before, limit + 1);
      const items: Notification[] = rows.slice(0, limit).map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        // A notice about a program deleted since stays in the list, with nothing to open.
        link:
          notices.PROGRAM_SUBJECT_KINDS.includes(r.kind) && r.subject_id !== null && r.subject_alive === null
            ? null
            : r.link,
        read: r.read_at !== null,
        created_at: r.created_at,
      }));
      return { items, unread: await notices.countUnread(db, person.id), has_more: rows.length > limit };
    },

    async unread(person: StudentRow): Promise<{ unread: number }> {
      return { unread: await notices.countUnread(db, person.id) };
    },

    async markRead(person: StudentRow, id: number): Promise<{ unread: number }> {
      if (!(await notices.markRead(db, person.id, id, nowIso(clock()))))
        throw new AppError('notFound', notificationMessages.noSuchNotification);
      hub.wake([person.id]);
      return { unread: await notices.countUnread(db, person.id) };
    },

    async markAllRead(person: StudentRow): Promise<{ unread: number }> {
      await notices.markAllRead(db, person.id, nowIso(clock()));
      hub.wake([person.id]);
      return { unread: 0 };
    },

    settings: settingsOf,

    /** Saves the kinds given (the others keep their choice); class_soon's email is the reminders switch. */
    async saveSettings(
      person: StudentRow,
      settings: NotificationSetting[],
    ): Promise<{ settings: NotificationSetting[] }> {
      const mine = kindsOf(person);
      const foreign = settings.find((s) => !mine.includes(s.kind));
      if (foreign) throw new AppError('validation', notificationMessages.notYourKind(foreign.kind));
      const classSoon = settings.find((s) => s.kind === 'class_soon');
      await transact(db, async (trx) => {
        await notices.saveSettings(trx, person.id, settings);
        if (classSoon && classSoon.email !== person.reminders) {
          await setStudentReminders(trx, person.id, classSoon.email);
          if (!classSoon.email) await withdrawStudentReminders(trx, person.id);
        }
      });
      return settingsOf(classSoon ? { ...person, reminders: classSoon.email } : person);
    },

    /**
     * Opens a person's stream: `send` gets the unread count now and at every change. Returns the function to call
     * when the connection closes.
     */
    async openStream(person: StudentRow, send: StreamListener): Promise<() => void> {
      const state = (await notices.unreadStateOf(db, [person.id])).get(person.id) ?? { unread: 0, latest: 0 };
      const close = hub.open(person.id, state, send);
      send(state.unread);
      return close;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
