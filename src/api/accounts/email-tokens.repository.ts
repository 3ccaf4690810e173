import { isoAfter, nowIso } from '../db/clock.js';
import type { Db, EmailTokenPurpose } from '../db/schema.js';
import { hashToken, newToken } from '../auth/random.js';

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

/** A new single-use link token; earlier unused tokens of the same purpose stop working. */
/** `now` is the service's clock reading, as in the other functions here. */
export async function issueEmailToken(
  db: Db,
  studentId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso(now) })
    .where('student_id', '=', studentId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = newToken();
  await db
    .insertInto('email_tokens')
    .values({
      student_id: studentId,
      purpose,
      token_hash: hashToken(token),
      expires_at: isoAfter(TOKEN_LIFETIME_MS[purpose], now),
    })
    .execute();
  return token;
}

/**
 * Uses a token once: the conditional update succeeds for exactly one caller, so a link followed
 * twice at the same moment still works only once. Returns the student's id, or undefined.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('email_tokens')
    .select(['id', 'student_id'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso(now) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.student_id : undefined;
}

/** The link token's row, whatever its state. */
function tokenRow(db: Db, token: string, purpose: EmailTokenPurpose) {
  return db
    .selectFrom('email_tokens')
    .select('student_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose);
}

/** Whose link token this is, used, superseded or expired as it may be; undefined for a token never issued. */
export async function emailTokenOwner(db: Db, token: string, purpose: EmailTokenPurpose): Promise<number | undefined> {
  return (await tokenRow(db, token, purpose).executeTakeFirst())?.student_id;
}

/** The student a still-valid token belongs to, without using it up. */
export async function peekEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const row = await tokenRow(db, token, purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  return row?.student_id;
}
