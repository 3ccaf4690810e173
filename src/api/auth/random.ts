import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for a bearer session or an email link; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const UNIQ_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The student's read-only 'Uniq Id', e.g. CP-7KQ2MX9A. */
export function newUniqId(): string {
  const bytes = randomBytes(8);
  let id = '';
  for (const byte of bytes) id += UNIQ_ALPHABET[byte % UNIQ_ALPHABET.length];
  return `CP-${id}`;
}

/** A generated password that satisfies the password rule (capital, number, special character, length). */
export function newPassword(): string {
  return `Cc1-${randomBytes(12).toString('base64url')}`;
}
