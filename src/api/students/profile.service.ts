import type { Kysely } from 'kysely';
import type { ProfileInput } from '../../contracts/accounts.js';
import { paths } from '../../contracts/paths.js';
import type { Config } from '../config/env.js';
import type { Database, StudentRow } from '../db/schema.js';
import { profileCreatedMail } from '../mail/mail-templates.js';
import { enqueueMail } from '../mail/outbox.repository.js';
import { type PhotoStore, processPhoto } from './photo-store.js';
import { findStudentById, updateStudent } from './students.repository.js';

interface Deps {
  db: Kysely<Database>;
  config: Pick<Config, 'appUrl'>;
  photos: PhotoStore;
  mailQueued: () => void;
}

export function createProfileService({ db, config, photos, mailQueued }: Deps) {
  return {
    async saveFeedback(student: StudentRow, feedback: string): Promise<StudentRow> {
      await updateStudent(db, student.id, { feedback });
      const row = await findStudentById(db, student.id);
      if (!row) throw new Error('student vanished');
      return row;
    },

    /** Saves the student's own profile fields and photo; the first completed profile gets a welcome email. */
    async updateProfile(student: StudentRow, input: ProfileInput, photo: Buffer | undefined): Promise<StudentRow> {
      const newPhoto = photo ? await photos.save(await processPhoto(photo)) : undefined;
      const firstProfile = student.mobile === null;
      try {
        const updated = await db.transaction().execute(async (trx) => {
          await updateStudent(trx, student.id, { ...input, ...(newPhoto ? { image_path: newPhoto } : {}) });
          const row = await findStudentById(trx, student.id);
          if (!row) throw new Error('student vanished inside its own transaction');
          if (firstProfile) {
            await enqueueMail(trx, profileCreatedMail(row.email, row.first_name, `${config.appUrl}${paths.dashboard}`));
          }
          return row;
        });
        if (newPhoto) await photos.remove(student.image_path);
        if (firstProfile) mailQueued();
        return updated;
      } catch (error) {
        if (newPhoto) await photos.remove(newPhoto);
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
