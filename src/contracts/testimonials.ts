import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { idParamsSchema, messageResponseSchema } from './fields.js';

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

/**
 * A student's feedback as the teacher's Testimonials panel lists it (waiting first, then newest), with everything the
 * landing page would show of it: the revision names this very text, name, study, institution and photo.
 */
export const adminTestimonialSchema = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  study: z.string().nullable(),
  institution: z.string().nullable(),
  get_image_url: z.string().nullable(),
  feedback: z.string(),
  state: z.enum(feedbackStates),
  state_changed_at: z.string().nullable(),
  revision: z.number().int(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialListSchema = z.array(adminTestimonialSchema);

/**
 * `PUT /api/v1/admin/testimonials/:id` (the student's id): approve or hide. An approval names the revision the teacher
 * read, so what is published is what was read; hiding is safe whatever changed.
 */
export const testimonialStateInputSchema = z
  .strictObject({
    state: z.enum(['approved', 'hidden'], { error: 'Choose whether to approve or hide the feedback.' }),
    revision: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .refine((input) => input.state !== 'approved' || input.revision !== undefined, {
    message: 'Approve the feedback from the list, as you read it.',
  });
export type TestimonialStateInput = z.infer<typeof testimonialStateInputSchema>;

export const testimonialMessages = {
  noFeedback: 'This student has not left feedback.',
  approved: 'The feedback is now shown on the home page.',
  hidden: 'The feedback is now hidden from the home page.',
  changedSinceRead:
    'This student changed their feedback, name, study, institution or photo since you read it. Read it again before approving.',
} as const;

/** The endpoints of testimonials. */
export const testimonialsEndpoints = endpoints({
  testimonials: {
    method: 'GET',
    path: '/api/v1/admin/testimonials',
    access: 'admin',
    response: { 200: adminTestimonialListSchema },
  },
  moderate: {
    method: 'PUT',
    path: '/api/v1/admin/testimonials/:id',
    access: 'admin',
    params: idParamsSchema,
    body: testimonialStateInputSchema,
    response: { 200: messageResponseSchema },
  },
});
