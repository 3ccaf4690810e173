import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  accountsEndpoints,
  type ChangePasswordInput,
  type LoginInput,
  type ResetPasswordInput,
  type SignupInput,
} from '../../contracts/accounts.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import { messages } from '../../contracts/messages.js';
import { paths } from '../../contracts/paths.js';
import { AttemptLimiter } from '../auth/attempt-limiter.js';
import type { AfterAnswer } from '../common/after-answer.js';
import type { CounterStore } from '../common/counters.js';
import { hashPassword, verifyPassword } from '../auth/password-hash.js';
import { newUniqId } from '../auth/random.js';
import { createSession, deleteSession, deleteSessionsOf } from '../auth/sessions.repository.js';
import { recordActivity } from '../students/visits.repository.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import type { Database, StudentRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { passwordResetMail, verificationMail } from '../mail/mail-templates.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { findStudentByEmail, findStudentById, insertStudent, updateStudent } from '../students/students.repository.js';
import { consumeEmailToken, emailTokenOwner, issueEmailToken, peekEmailToken } from './email-tokens.repository.js';
import { endpointUrl } from '../../contracts/endpoint.js';

export interface AccountLimits {
  /**
   * Failed logins per account from one address: past it, that address waits before trying that account again.
   * Keyed by the pair, so a stranger's guesses never lock the owner out from the owner's own address.
   */
  loginFailures: AttemptLimiter;
  /**
   * Failed logins per account from every address: past its max, each attempt on the account is slowed, never refused.
   */
  accountFailures: AttemptLimiter;
  /** How much slower: stepMs more per failure past accountFailures' max, at most maxMs. */
  slowdown: { stepMs: number; maxMs: number };
  /** Verification and reset emails per account; past it, requests are answered the same but send nothing. */
  emailsPerAccount: AttemptLimiter;
}

export function defaultAccountLimits(): AccountLimits {
  return {
    loginFailures: new AttemptLimiter(10, 15 * 60_000),
    accountFailures: new AttemptLimiter(10, 15 * 60_000),
    slowdown: { stepMs: 500, maxMs: 5_000 },
    emailsPerAccount: new AttemptLimiter(3, 60 * 60_000),
  };
}

/** The limits counted in the shared store, so they hold whichever process a request reaches. */
export function sharedAccountLimits(limits: AccountLimits, store: CounterStore): AccountLimits {
  return {
    loginFailures: limits.loginFailures.withStore(store, 'login-failures'),
    accountFailures: limits.accountFailures.withStore(store, 'account-login-failures'),
    slowdown: limits.slowdown,
    emailsPerAccount: limits.emailsPerAccount.withStore(store, 'account-emails'),
  };
}

/** How long an attempt on an account with this many recent failures waits before its password is checked. */
export function loginDelayMs(failures: number, limits: Pick<AccountLimits, 'accountFailures' | 'slowdown'>): number {
  const over = failures - limits.accountFailures.max;
  return over <= 0 ? 0 : Math.min(over * limits.slowdown.stepMs, limits.slowdown.maxMs);
}

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  limits: AccountLimits;
  /** Wakes the mail worker after a change queued mail. */
  mail: MailQueue;
  afterAnswer: AfterAnswer;
  /** The time now (the app's clock). */
  clock?: Clock;
}

// Verifying against this when an email is unknown makes a login take as long as a real one.
const dummyHash = hashPassword('Dummy#password-for-timing-1');

export function createAccountsService({ db, config, limits, mail, afterAnswer, clock = systemClock }: Deps) {
  const verifyUrl = (token: string) =>
    `${config.appUrl}${endpointUrl(accountsEndpoints.verifyEmail, undefined, { token })}`;
  const resetUrl = (token: string) => `${config.appUrl}${paths.resetPassword}?token=${encodeURIComponent(token)}`;

  return {
    async signup(input: SignupInput): Promise<{ student: StudentRow; token: string }> {
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await transact(db, async (trx) => {
          const id = await insertStudent(trx, {
            email: input.email,
            password_hash: passwordHash,
            role: 'student',
            first_name: input.first_name,
            last_name: input.last_name,
            activated: false,
            uniq_id: newUniqId(),
          });
          const verifyToken = await issueEmailToken(trx, id, 'verify_email', clock());
          await mail.enqueue(trx, verificationMail(input.email, input.first_name, verifyUrl(verifyToken)));
          const token = await createSession(trx, id, clock());
          const student = await findStudentById(trx, id);
          if (!student) throw new Error('student vanished inside its own transaction');
          return { student, token };
        });
        await limits.emailsPerAccount.hit(input.email.toLowerCase());
        return result;
      } catch (error) {
        // Two signups of one email at once: the unique index lets exactly one through.
        if (isUniqueViolation(error)) throw new AppError('conflict', messages.emailTaken);
        throw error;
      }
    },

    /** Follows a verification link: activates the account and opens a session; undefined for a bad link. */
    /**
     * A session for the student whose link this is; 'already' when the link was used before (mail scanners open
     * links first) or superseded and the email is verified; undefined for a link that verifies nothing.
     */
    async verifyEmail(token: string): Promise<{ session: string } | 'already' | undefined> {
      const session = await transact(db, async (trx) => {
        const studentId = await consumeEmailToken(trx, token, 'verify_email', clock());
        if (studentId === undefined) return undefined;
        await updateStudent(trx, studentId, { activated: true }, clock());
        return createSession(trx, studentId, clock());
      });
      if (session) return { session };
      const owner = await emailTokenOwner(db, token, 'verify_email');
      const student = owner === undefined ? undefined : await findStudentById(db, owner);
      return student?.activated ? 'already' : undefined;
    },

    async resendVerification(email: string): Promise<void> {
      const student = await findStudentByEmail(db, email);
      if (!student || student.activated) return;
      if (!(await limits.emailsPerAccount.hit(student.email.toLowerCase()))) return;
      await transact(db, async (trx) => {
        const token = await issueEmailToken(trx, student.id, 'verify_email', clock());
        await mail.enqueue(trx, verificationMail(student.email, student.first_name, verifyUrl(token)));
      });
    },

    /**
     * `address` is the caller's IP: repeated failures lock that address out of that account, and only slow the account.
     */
    async login(input: LoginInput, address: string): Promise<{ student: StudentRow; token: string }> {
      const account = input.email.trim().toLowerCase();
      const pair = `${account}|${address}`;
      if (await limits.loginFailures.isBlocked(pair)) throw new AppError('tooManyRequests', messages.tooManyAttempts);
      const delay = loginDelayMs(await limits.accountFailures.count(account), limits);
      if (delay > 0) await sleep(delay);
      const student = await findStudentByEmail(db, input.email);
      const ok = student
        ? await verifyPassword(student.password_hash, input.password)
        : await verifyPassword(await dummyHash, `${input.password}x`);
      if (!student || !ok) {
        await Promise.all([limits.loginFailures.hit(pair), limits.accountFailures.hit(account)]);
        throw new AppError('unauthorized', messages.invalidCredentials);
      }
      await Promise.all([limits.loginFailures.reset(pair), limits.accountFailures.reset(account)]);
      if (!student.activated) throw new AppError('emailNotVerified', messages.emailNotVerified);
      const token = await createSession(db, student.id, clock());
      return { student, token };
    },

    async logout(studentId: number, sessionId: number): Promise<void> {
      await transact(db, async (trx) => {
        await deleteSession(trx, sessionId);
        await recordActivity(trx, studentId, nowIso(clock()));
      });
    },

    /**
     * Answers the same whether or not the email has an account; the work runs after the answer, so timing tells
     * nothing.
     */
    requestPasswordReset(email: string): void {
      afterAnswer.run('password reset request', async () => {
        const student = await findStudentByEmail(db, email);
        if (!student || !(await limits.emailsPerAccount.hit(student.email.toLowerCase()))) return;
        await transact(db, async (trx) => {
          const token = await issueEmailToken(trx, student.id, 'reset_password', clock());
          await mail.enqueue(trx, passwordResetMail(student.email, student.first_name, resetUrl(token)));
        });
      });
    },

    async resetPassword(token: string | undefined, input: ResetPasswordInput): Promise<void> {
      if (!token) throw new AppError('validation', messages.resetLinkInvalid);
      const owner = await peekEmailToken(db, token, 'reset_password', clock());
      const student = owner === undefined ? undefined : await findStudentById(db, owner);
      if (!student || student.email.toLowerCase() !== input.email.trim().toLowerCase()) {
        throw new AppError('validation', messages.resetLinkInvalid);
      }
      const passwordHash = await hashPassword(input.password);
      const done = await transact(db, async (trx) => {
        if ((await consumeEmailToken(trx, token, 'reset_password', clock())) !== student.id) return false;
        // Following the link proves the mailbox, so an unverified account becomes verified too.
        await updateStudent(trx, student.id, { password_hash: passwordHash, activated: true }, clock());
        await deleteSessionsOf(trx, student.id);
        await recordActivity(trx, student.id, nowIso(clock()));
        return true;
      });
      if (!done) throw new AppError('validation', messages.resetLinkInvalid);
      // The mailbox is proven: the account's slowdown ends, and so does any address's lockout from it.
      const account = student.email.toLowerCase();
      await Promise.all([limits.accountFailures.reset(account), limits.loginFailures.resetPrefix(`${account}|`)]);
    },

    async changePassword(student: StudentRow, sessionId: number, input: ChangePasswordInput): Promise<void> {
      if (!(await verifyPassword(student.password_hash, input.current_password))) {
        throw new AppError('validation', messages.wrongCurrentPassword);
      }
      const passwordHash = await hashPassword(input.password);
      await transact(db, async (trx) => {
        await updateStudent(trx, student.id, { password_hash: passwordHash }, clock());
        await deleteSessionsOf(trx, student.id, sessionId);
      });
    },
  };
}
