import type { Kysely } from 'kysely';
import {
  type AdminTestimonial,
  testimonialMessages,
  type TestimonialStateInput,
} from '../../contracts/testimonials.js';
import { type Clock, systemClock } from '../../contracts/clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { studentPhotoUrl } from '../students/student-photo.js';
import { hasFeedback, listFeedbackForModeration, setFeedbackState } from './testimonials.repository.js';

const MODERATION_LIMIT = 500;

/**
 * The teacher's moderation of feedback. The landing page's testimonials are cached per version of the students
 * table, which every change here bumps (a trigger); `changed` re-renders the landing page with them before the
 * moderation answers, so an approval or a hide shows there on the next visit.
 */
export function createTestimonialsService({
  db,
  changed = async () => {},
  clock = systemClock,
}: {
  db: Kysely<Database>;
  /** Re-renders the landing page with the testimonials now. */
  changed?: () => Promise<void>;
  clock?: Clock;
}) {
  return {
    async list(): Promise<AdminTestimonial[]> {
      const rows = await listFeedbackForModeration(db, MODERATION_LIMIT);
      return rows.map((row) => ({
        student_id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        study: row.study,
        institution: row.institution,
        get_image_url: studentPhotoUrl(row.image_path),
        feedback: row.feedback ?? '',
        state: row.feedback_state ?? 'pending',
        state_changed_at: row.feedback_state_at,
        revision: row.feedback_revision,
      }));
    },

    async setState(studentId: number, input: TestimonialStateInput): Promise<{ message: string }> {
      const revision = input.state === 'approved' ? input.revision : undefined;
      if (!(await setFeedbackState(db, studentId, input.state, revision, clock()))) {
        if (!(await hasFeedback(db, studentId))) throw new AppError('notFound', testimonialMessages.noFeedback);
        throw new AppError('conflict', testimonialMessages.changedSinceRead);
      }
      await changed();
      return { message: input.state === 'approved' ? testimonialMessages.approved : testimonialMessages.hidden };
    },
  };
}
