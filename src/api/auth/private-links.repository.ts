import { withBooleans } from '../db/flags.js';
import type { Db, PrivateLinkPurpose } from '../db/schema.js';
import { newToken } from './random.js';

/** A private link's token looks like this; anything else names no link (and costs no query). */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,200}$/;

/** The student's token for this purpose, made on first use; two processes asking at once get the same one. */
export async function ensurePrivateLink(db: Db, studentId: number, purpose: PrivateLinkPurpose): Promise<string> {
  await db
    .insertInto('private_links')
    .values({ student_id: studentId, purpose, token: newToken() })
    .onConflict((oc) => oc.columns(['student_id', 'purpose']).doNothing())
    .execute();
  const row = await db
    .selectFrom('private_links')
    .select('token')
    .where('student_id', '=', studentId)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** Each student's token for this purpose (made where missing), in two statements whatever the number of students. */
export async function ensurePrivateLinks(
  db: Db,
  studentIds: number[],
  purpose: PrivateLinkPurpose,
): Promise<Map<number, string>> {
  if (studentIds.length === 0) return new Map();
  await db
    .insertInto('private_links')
    .values(studentIds.map((id) => ({ student_id: id, purpose, token: newToken() })))
    .onConflict((oc) => oc.columns(['student_id', 'purpose']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('private_links')
    .select(['student_id', 'token'])
    .where('student_id', 'in', studentIds)
    .where('purpose', '=', purpose)
    .execute();
  return new Map(rows.map((row) => [row.student_id, row.token]));
}

/** A new token for this purpose: the old URL stops working at once. */
export async function replacePrivateLink(db: Db, studentId: number, purpose: PrivateLinkPurpose): Promise<string> {
  const token = newToken();
  await db
    .insertInto('private_links')
    .values({ student_id: studentId, purpose, token })
    .onConflict((oc) => oc.columns(['student_id', 'purpose']).doUpdateSet({ token }))
    .execute();
  return token;
}

/** The student a token stands for, or undefined for a wrong or revoked token. */
export async function findStudentByPrivateLink(db: Db, purpose: PrivateLinkPurpose, token: string) {
  if (!TOKEN_FORMAT.test(token)) return undefined;
  const row = await db
    .selectFrom('private_links')
    .innerJoin('students', 'students.id', 'private_links.student_id')
    .select([
      'students.id',
      'students.role',
      'students.student_status',
      'students.student_batch',
      'students.activated',
      'students.reminders',
    ])
    .where('private_links.purpose', '=', purpose)
    .where('private_links.token', '=', token)
    .executeTakeFirst();
  return row && withBooleans(row, ['activated', 'reminders']);
}
