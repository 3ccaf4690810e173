import type { Kysely } from 'kysely';
import { systemClock } from '../../contracts/clock.js';
import { hashPassword } from '../auth/password-hash.js';
import { newPassword, newUniqId } from '../auth/random.js';
import type { Config } from '../config/env.js';
import { flag } from './flags.js';
import type { Database } from './schema.js';
import { sampleFileExercise, samplePrograms, sampleQuizQuestions, sampleSessions } from './seed-content.js';
import { transact } from './after-commit.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@c-course.local';

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string; generated: boolean };
}

/** Creates the admin account and sample content, only when the database has no account at all. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'admin'>,
  now = systemClock(),
): Promise<SeedResult> {
  const existing = await db.selectFrom('students').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };

  const email = config.admin.email ?? DEFAULT_ADMIN_EMAIL;
  const password = config.admin.password ?? newPassword();
  const passwordHash = await hashPassword(password);

  const seeded = await transact(db, async (trx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    const raced = await trx.selectFrom('students').select('id').limit(1).executeTakeFirst();
    if (raced) return false;
    await trx
      .insertInto('students')
      .values({
        email,
        password_hash: passwordHash,
        role: 'admin',
        first_name: 'Course',
        last_name: 'Admin',
        activated: 1,
        uniq_id: newUniqId(),
      })
      .execute();

    const firstSession = nextMonday(now);
    await trx
      .insertInto('course_sessions')
      .values(
        sampleSessions.map((session, index) => ({
          session_number: index + 1,
          session_date: isoDate(addDays(firstSession, index * 2)),
          topics: session.topics,
          lesson_video: session.lesson_video,
        })),
      )
      .execute();
    await trx
      .insertInto('programs')
      .values(samplePrograms.map((task, index) => ({ program_number: index + 1, task })))
      .execute();
    const fileProgram = await trx
      .selectFrom('programs')
      .select('id')
      .where('program_number', '=', sampleFileExercise.programNumber)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('programs')
      .set({ starter_code: sampleFileExercise.starterCode, rubric: JSON.stringify(sampleFileExercise.rubric) })
      .where('id', '=', fileProgram.id)
      .execute();
    await trx
      .insertInto('program_tests')
      .values(
        sampleFileExercise.tests.map((test, position) => ({
          program_id: fileProgram.id,
          position,
          stdin: '',
          expected_output: test.expected_output,
          visible: flag(test.visible),
          points: test.points,
          files: JSON.stringify(test.files),
          expected_files: JSON.stringify(test.expected_files),
        })),
      )
      .execute();
    await trx
      .insertInto('quiz_questions')
      .values(
        sampleQuizQuestions.map((q) => ({
          question: q.question,
          options: JSON.stringify(q.options),
          answer_index: q.answer,
          topic: q.topic,
          explanation: q.explanation,
        })),
      )
      .execute();
    return true;
  });

  if (!seeded) return { seeded: false };
  return { seeded: true, admin: { email, password, generated: config.admin.password === undefined } };
}

function nextMonday(from: Date): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  const daysAhead = (8 - date.getUTCDay()) % 7 || 7;
  return addDays(date, daysAhead);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
