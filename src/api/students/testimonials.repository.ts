import type { Kysely } from 'kysely';
import { STUDENT_STATUS } from '../../contracts/course.js';
import type { Database } from '../db/schema.js';

/** Completed students who left feedback, newest first: the landing page's testimonials. */
export function listTestimonialRows(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('students')
    .select(['id', 'first_name', 'last_name', 'study', 'institution', 'feedback', 'image_path'])
    .where('role', '=', 'student')
    .where('student_status', '=', STUDENT_STATUS.completed)
    .where('feedback', 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
