import { flag, withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/**
 * Withdraws the reminder mail of a session that is being moved or deleted and has not been sent yet, so no student
 * is reminded of a time that no longer holds. Call it in the transaction that moves or deletes the session (before
 * a delete: the reminder rows go with the session). A moved session is reminded again at its new time, because a
 * reminder is unique per start time.
 */
export async function cancelPendingReminders(db: Db, batchSessionId: number): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('session_reminders')
        .select('outbox_id')
        .where('batch_session_id', '=', batchSessionId)
        .where('outbox_id', 'is not', null)
        .$narrowType<{ outbox_id: number }>(),
    )
    .execute();
}

/** Classes that start after `fromIso` and no later than `untilIso`, with what a reminder says about them. */
export function findUpcomingClasses(db: Db, fromIso: string, untilIso: string) {
  return db
    .selectFrom('batch_sessions')
    .leftJoin('course_sessions', 'course_sessions.session_number', 'batch_sessions.session_number')
    .leftJoin('batches', 'batches.batch_number', 'batch_sessions.batch_number')
    .select([
      'batch_sessions.id',
      'batch_sessions.batch_number',
      'batch_sessions.session_number',
      'batch_sessions.starts_at',
      'batch_sessions.duration_minutes',
      'course_sessions.topics',
      'batches.meeting_link',
    ])
    .where('batch_sessions.starts_at', '>', fromIso)
    .where('batch_sessions.starts_at', '<=', untilIso)
    .orderBy('batch_sessions.starts_at')
    .execute();
}

export type UpcomingClass = Awaited<ReturnType<typeof findUpcomingClasses>>[number];

/**
 * The students still to get this reminder of a class: paid, verified, in its batch now, and either due its mail
 * (reminders on, not sent yet) or, for the hour one, due its notice in the site (not made yet, and not turned off).
 * A pass where everything is done costs one query per class.
 */
export async function findReminderRecipients(
  db: Db,
  row: Pick<UpcomingClass, 'id' | 'batch_number' | 'starts_at'>,
  kind: 'day' | 'hour',
) {
  const rows = await reminderRecipientsQuery(db, row, kind).execute();
  return rows.map((student) => withBooleans(student, ['reminders']));
}

export function reminderRecipientsQuery(
  db: Db,
  row: Pick<UpcomingClass, 'id' | 'batch_number' | 'starts_at'>,
  kind: 'day' | 'hour',
) {
  return db
    .selectFrom('students')
    .select(['id', 'email', 'first_name', 'reminders'])
    .where('student_batch', '=', row.batch_number)
    .where(({ and, or, not, exists, selectFrom, eb }) => {
      const mailDue = and([
        eb('reminders', '=', 1),
        not(
          exists(
            selectFrom('session_reminders')
              .select('session_reminders.id')
              .whereRef('session_reminders.student_id', '=', 'students.id')
              .where('session_reminders.batch_session_id', '=', row.id)
              .where('session_reminders.kind', '=', kind)
              .where('session_reminders.starts_at', '=', row.starts_at),
          ),
        ),
      ]);
      if (kind === 'day') return mailDue;
      const noticeDue = and([
        not(
          exists(
            selectFrom('notifications')
              .select('notifications.id')
              .whereRef('notifications.recipient_id', '=', 'students.id')
              .where('notifications.kind', '=', 'class_soon')
              .where('notifications.subject_id', '=', row.id),
          ),
        ),
        not(
          exists(
            selectFrom('notification_settings')
              .select('notification_settings.student_id')
              .whereRef('notification_settings.student_id', '=', 'students.id')
              .where('notification_settings.kind', '=', 'class_soon')
              .where('notification_settings.site', '=', 0),
          ),
        ),
      ]);
      return or([mailDue, noticeDue]);
    })
    .where('student_status', '=', 1)
    .where('activated', '=', 1)
    .where('role', '=', 'student')
    .orderBy('id');
}

/**
 * Records that a reminder is being sent; undefined if it already was (by this process or another): the unique key
 * (session, student, kind, start time) lets exactly one insert through.
 */
/** A class's start as stored now; undefined once it is deleted. */
export async function findClassStart(db: Db, batchSessionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('batch_sessions')
    .select('starts_at')
    .where('id', '=', batchSessionId)
    .executeTakeFirst();
  return row?.starts_at;
}

export async function claimReminder(
  db: Db,
  reminder: { batch_session_id: number; student_id: number; kind: 'day' | 'hour'; starts_at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('session_reminders')
    .values(reminder)
    .onConflict((oc) => oc.columns(['batch_session_id', 'student_id', 'kind', 'starts_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setReminderOutbox(db: Db, reminderId: number, outboxId: number): Promise<void> {
  await db.updateTable('session_reminders').set({ outbox_id: outboxId }).where('id', '=', reminderId).execute();
}

/**
 * Withdraws reminder mail not sent yet that no longer holds: the student left the batch, stopped being a paid
 * student or turned reminders off; the class moved (without the schedule withdrawing it) or has started. Reminder
 * mail whose reminder row is gone (its class was deleted) goes too: `oneClickPrefix` is the start of the address
 * only reminder mail carries. Returns how many were withdrawn.
 */
export async function withdrawStaleReminders(db: Db, nowIso: string, oneClickPrefix: string): Promise<number> {
  const stale = await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb
            .selectFrom('session_reminders')
            .innerJoin('students', 'students.id', 'session_reminders.student_id')
            .innerJoin('batch_sessions', 'batch_sessions.id', 'session_reminders.batch_session_id')
            .select('session_reminders.outbox_id')
            .where('session_reminders.outbox_id', 'is not', null)
            .where((w) =>
              w.or([
                w('students.student_batch', 'is', null),
                w('students.student_batch', '!=', w.ref('batch_sessions.batch_number')),
                w('students.student_status', '!=', 1),
                w('students.activated', '!=', 1),
                w('students.reminders', '!=', 1),
                w('students.role', '!=', 'student'),
                w('session_reminders.starts_at', '!=', w.ref('batch_sessions.starts_at')),
                w('batch_sessions.starts_at', '<=', nowIso),
              ]),
            )
            .$narrowType<{ outbox_id: number }>(),
        ),
        eb.and([
          eb('list_unsubscribe', 'like', `${oneClickPrefix}%`),
          eb.not(
            eb.exists(
              eb
                .selectFrom('session_reminders')
                .select('session_reminders.id')
                .whereRef('session_reminders.outbox_id', '=', 'outbox.id'),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(stale.numDeletedRows);
}

/** Withdraws the student's reminder mail not sent yet (they turned reminders off). */
export async function withdrawStudentReminders(db: Db, studentId: number): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('session_reminders')
        .select('outbox_id')
        .where('student_id', '=', studentId)
        .where('outbox_id', 'is not', null)
        .$narrowType<{ outbox_id: number }>(),
    )
    .execute();
}

export async function setStudentReminders(db: Db, studentId: number, on: boolean): Promise<void> {
  await db
    .updateTable('students')
    .set({ reminders: flag(on) })
    .where('id', '=', studentId)
    .execute();
}
