import { z } from 'zod';

/**
 * The teacher's moderation of a student's feedback: new or edited feedback waits (pending); only approved feedback
 * is a testimonial on the landing page; the teacher can hide it later and approve it again.
 */
export const feedbackStates = ['pending', 'approved', 'hidden'] as const;
export type FeedbackState = (typeof feedbackStates)[number];

/** What the student reads about their feedback on My Feedback. */
export const feedbackStateLabels: Record<FeedbackState, string> = {
  pending: 'Waiting for the teacher’s approval',
  approved: 'Shown on the home page',
  hidden: 'Hidden by the teacher',
};

/** A student's feedback as the teacher's Testimonials panel lists it: waiting first, then newest. */
export const adminTestimonialSchema = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  feedback: z.string(),
  state: z.enum(feedbackStates),
  state_changed_at: z.string().nullable(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialListSchema = z.array(adminTestimonialSchema);

/** `PUT /api/v1/admin/testimonials/:id` (the student's id): approve or hide. */
export const testimonialStateInputSchema = z.strictObject({
  state: z.enum(['approved', 'hidden'], { error: 'Choose whether to approve or hide the feedback.' }),
});
export type TestimonialStateInput = z.infer<typeof testimonialStateInputSchema>;

export const testimonialMessages = {
  noFeedback: 'This student has not left feedback.',
  approved: 'The feedback is now shown on the home page.',
  hidden: 'The feedback is now hidden from the home page.',
} as const;
