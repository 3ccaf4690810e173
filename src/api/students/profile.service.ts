import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../contracts/clock.js';
import type { ProfileInput } from '../../contracts/accounts.js';
import { paths } from '../../contracts/paths.js';
import { messages } from '../../contracts/messages.js';
import type { AttemptLimiter } from '../auth/attempt-limiter.js';
import type { AfterAnswer } from '../common/after-answer.js';
import type { Config } from '../config/env.js';
import { transact } from '../db/after-commit.js';
import { nowIso } from '../db/clock.js';
import { AppError } from '../http/app-error.js';
import type { Database, StudentRow } from '../db/schema.js';
import { profileCreatedMail } from '../mail/mail-templates.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { countRecentMail } from '../mail/outbox.repository.js';
import { PhotoProcessor, photoStore } from './photo-store.js';
import { findStudentByEmail, findStudentById, updateStudent } from './students.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  /** Photo uploads per account (PHOTO_UPLOADS_PER_HOUR), counted in the shared store. */
  photoUploads: AttemptLimiter;
  mail: MailQueue;
  afterAnswer: AfterAnswer;
  /** The time now (the app's clock). */
  clock?: Clock;
}

/** A profile is complete once the student has saved it the first time (mobile is one of its required fields). */
export function hasCompletedProfile(student: Pick<StudentRow, 'mobile' | 'role'>): boolean {
  return student.role === 'student' && student.mobile !== null;
}

/** The profile email goes to one address at most this often: the one sent with the profile itself counts. */
export const PROFILE_MAIL_LIMIT = { perDay: 3, minGapMs: 10 * 60_000 } as const;
const DAY_MS = 24 * 60 * 60_000;

export function createProfileService({
  db,
  config,
  photoUploads,
  mail: mailQueue,
  afterAnswer,
  clock = systemClock,
}: Deps) {
  const processor = new PhotoProcessor();
  const profileMail = (student: StudentRow) =>
    profileCreatedMail(student.email, student.first_name, `${config.appUrl}${paths.dashboard}`);

  return {
    /** A stored profile photo by its name, for `GET /uploads/photos/:name`. */
    photo(name: string): Promise<Buffer | undefined> {
      return photoStore.read(db, name);
    },

    /**
     * `POST /invite_email`: the original client asks for the "profile created" email after saving a new profile, and
     * sends no token. So the email has fixed content and goes only to an account whose profile is complete, at most
     * PROFILE_MAIL_LIMIT.perDay times a day and not again within minutes (the profile's own save already queued
     * one). The caller answers the same whatever happens here, and this runs after the answer.
     */
    requestProfileMail(email: string): void {
      afterAnswer.run('profile email request', async () => {
        const student = await findStudentByEmail(db, email);
        if (!student || !student.activated || !hasCompletedProfile(student)) return;
        const mail = profileMail(student);
        const now = clock().getTime();
        const recent = await countRecentMail(db, student.email, mail.subject, new Date(now - DAY_MS).toISOString());
        if (recent.total >= PROFILE_MAIL_LIMIT.perDay) return;
        if (recent.newest && now - Date.parse(recent.newest) < PROFILE_MAIL_LIMIT.minGapMs) return;
        await mailQueue.enqueue(db, mail);
      });
    },

    /** New or edited feedback waits for the teacher's approval before it is a testimonial. */
    async saveFeedback(student: StudentRow, feedback: string): Promise<StudentRow> {
      if (feedback !== student.feedback || student.feedback_state === null)
        await updateStudent(
          db,
          student.id,
          { feedback, feedback_state: 'pending', feedback_state_at: nowIso(clock()) },
          clock(),
        );
      const row = await findStudentById(db, student.id);
      if (!row) throw new Error('student vanished');
      return row;
    },

    /**
     * Saves the student's own profile fields and photo; the first completed profile gets a welcome email. The photo,
     * the row that names it and the removal of the old one are one transaction.
     */
    async updateProfile(student: StudentRow, input: ProfileInput, photo: Buffer | undefined): Promise<StudentRow> {
      if (photo && !(await photoUploads.hit(String(student.id))))
        throw new AppError('tooManyRequests', messages.photoUploadsPerHour);
      const processed = photo ? await processor.process(photo) : undefined;
      const firstProfile = student.mobile === null;
      const updated = await transact(db, async (trx) => {
        const newPhoto = processed ? await photoStore.save(trx, processed, clock()) : undefined;
        await updateStudent(trx, student.id, { ...input, ...(newPhoto ? { image_path: newPhoto } : {}) }, clock());
        if (newPhoto) await photoStore.remove(trx, student.image_path);
        const row = await findStudentById(trx, student.id);
        if (!row) throw new Error('student vanished inside its own transaction');
        if (firstProfile) await mailQueue.enqueue(trx, profileMail(row));
        return row;
      });
      return updated;
    },
  };
}
