import type { NotificationKind } from '../../contracts/notifications.js';
import { flag, withBooleans } from '../db/flags.js';
import type { Db } from '../db/schema.js';

/**
 * A batch announcement may reach every student: lists of ids and rows go to the database in slices, as SQLite takes
 * at most 32,766 values in one statement (a notice row has seven).
 */
const CHUNK = 1000;
function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

/** Kinds whose subject is a student program: the notice's link opens it, and goes dead once it is deleted. */
export const PROGRAM_SUBJECT_KINDS: NotificationKind[] = [
  'program_sent',
  'code_comment',
  'grade_released',
  'submission',
];

/** Stored choices of these people for one kind (people without a row take the kind's defaults). */
export async function findSettings(db: Db, ids: number[], kind: NotificationKind) {
  const rows = [];
  for (const chunk of chunks(ids))
    rows.push(
      ...(await db
        .selectFrom('notification_settings')
        .select(['student_id', 'email', 'site'])
        .where('student_id', 'in', chunk)
        .where('kind', '=', kind)
        .execute()),
    );
  return rows.map((row) => withBooleans(row, ['email', 'site']));
}

/** The class-reminder mail switch, which is the email choice of `class_soon`. */
export async function findReminderFlags(db: Db, ids: number[]) {
  const rows = [];
  for (const chunk of chunks(ids))
    rows.push(...(await db.selectFrom('students').select(['id', 'reminders']).where('id', 'in', chunk).execute()));
  return rows.map((row) => withBooleans(row, ['reminders']));
}

export async function findAllSettings(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['kind', 'email', 'site'])
    .where('student_id', '=', studentId)
    .execute();
  return rows.map((row) => withBooleans(row, ['email', 'site']));
}

/** A person's settings of the kinds given, in one statement (each kind at most once). */
export async function saveSettings(
  db: Db,
  studentId: number,
  rows: { kind: NotificationKind; email: boolean; site: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(
      rows.map((row) => ({ student_id: studentId, kind: row.kind, email: flag(row.email), site: flag(row.site) })),
    )
    .onConflict((oc) =>
      oc.columns(['student_id', 'kind']).doUpdateSet((eb) => ({
        email: eb.ref('excluded.email'),
        site: eb.ref('excluded.site'),
      })),
    )
    .execute();
}

export interface NewNotice {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  subject_id: number | null;
}

/** Removes every notice of a kind a person has (what it announced is no longer true). */
export async function deleteNoticesOf(db: Db, recipientId: number, kind: NotificationKind): Promise<void> {
  await db.deleteFrom('notifications').where('recipient_id', '=', recipientId).where('kind', '=', kind).execute();
}

export async function insertNotices(
  db: Db,
  rows: (NewNotice & { recipient_id: number; created_at: string })[],
): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('notifications').values(chunk).execute();
}

/**
 * Removes the recipients' unread notice of the same kind and subject, which the caller then writes anew: a repeat
 * (another submission of the same program) is one notice, at the top of the list, however often it happens.
 */
export async function dropUnreadRepeats(db: Db, recipientIds: number[], notice: NewNotice): Promise<void> {
  if (notice.subject_id === null) return;
  for (const chunk of chunks(recipientIds))
    await db
      .deleteFrom('notifications')
      .where('recipient_id', 'in', chunk)
      .where('kind', '=', notice.kind)
      .where('subject_id', '=', notice.subject_id)
      .where('read_at', 'is', null)
      .execute();
}

/** Who of these people already has a notice of this kind about this subject. */
export async function findNoticed(db: Db, ids: number[], kind: NotificationKind, subjectId: number) {
  const noticed = new Set<number>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('notifications')
      .select('recipient_id')
      .where('recipient_id', 'in', chunk)
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .execute();
    for (const r of rows) noticed.add(r.recipient_id);
  }
  return noticed;
}

/** One page of a person's notices, newest first; `subject_alive` is null when a program subject is gone. */
export function listNotices(db: Db, recipientId: number, before: number | undefined, limit: number) {
  return noticesPageQuery(db, recipientId, before, limit).execute();
}

export function noticesPageQuery(db: Db, recipientId: number, before: number | undefined, limit: number) {
  const query = db
    .selectFrom('notifications as n')
    .leftJoin('student_programs as sp', 'sp.id', 'n.subject_id')
    .select([
      'n.id',
      'n.kind',
      'n.title',
      'n.body',
      'n.link',
      'n.subject_id',
      'n.read_at',
      'n.created_at',
      'sp.id as subject_alive',
    ])
    .where('n.recipient_id', '=', recipientId)
    .orderBy('n.id', 'desc')
    .limit(limit);
  return before === undefined ? query : query.where('n.id', '<', before);
}

export async function countUnread(db: Db, recipientId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Unread counts of many people in one query; someone with none is absent. */
/**
 * Each person's unread count and newest unread notice id: a change of either (a new notice, one read, a repeat
 * folded in as a new notice) is news for their open streams.
 */
export async function unreadStateOf(db: Db, recipientIds: number[]): Promise<Map<number, UnreadState>> {
  const states = new Map<number, UnreadState>();
  if (recipientIds.length === 0) return states;
  const rows = await unreadStateQuery(db, recipientIds).execute();
  for (const row of rows) states.set(row.recipient_id, { unread: Number(row.n), latest: Number(row.latest) });
  return states;
}

export function unreadStateQuery(db: Db, recipientIds: number[]) {
  return db
    .selectFrom('notifications')
    .select((eb) => ['recipient_id', eb.fn.countAll<number | string>().as('n'), eb.fn.max('id').as('latest')])
    .where('recipient_id', 'in', recipientIds)
    .where('read_at', 'is', null)
    .groupBy('recipient_id');
}

export interface UnreadState {
  unread: number;
  latest: number;
}

/** Marks one of the person's notices read; false when they have no such notice. */
export async function markRead(db: Db, recipientId: number, id: number, at: string): Promise<boolean> {
  const found = await db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('recipient_id', '=', recipientId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).execute();
  return true;
}

export async function markAllRead(db: Db, recipientId: number, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .execute();
}

/** Every teacher account: the teacher's notices go to each. */
export function listTeachers(db: Db) {
  return db.selectFrom('students').select(['id', 'email', 'first_name']).where('role', '=', 'admin').execute();
}
