import type { Kysely } from 'kysely';
import { passwordSchema } from '../../contracts/password.js';
import { hashPassword } from '../auth/password-hash.js';
import { deleteSessionsOf } from '../auth/sessions.repository.js';
import type { Database } from './schema.js';
import { transact } from './after-commit.js';

/**
 * Sets a new password for the teacher's account, from the machine that runs the site (a forgotten password with no
 * SMTP server to mail a reset link). The same rules and hashing as the site's own forms; every session of the account
 * ends. The account is the one with the email given, or the only admin when none is.
 */
export async function resetAdminPassword(
  db: Kysely<Database>,
  password: string,
  email?: string,
): Promise<{ email: string }> {
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues.map((issue) => issue.message).join('; '));
  let query = db.selectFrom('students').select(['id', 'email']).where('role', '=', 'admin');
  if (email) query = query.where('email', '=', email.toLowerCase());
  const admins = await query.execute();
  if (admins.length !== 1)
    throw new Error(
      admins.length === 0
        ? `No admin account${email ? ` with the email ${email}` : ''} in this database.`
        : 'Several admin accounts: say which with ADMIN_EMAIL.',
    );
  const [admin] = admins as [(typeof admins)[number]];
  const hash = await hashPassword(password);
  await transact(db, async (trx) => {
    await trx.updateTable('students').set({ password_hash: hash }).where('id', '=', admin.id).execute();
    await deleteSessionsOf(trx, admin.id);
  });
  return { email: admin.email };
}
