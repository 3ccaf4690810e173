import { z } from 'zod';
import { isoDateSchema } from './fields.js';

/** Shapes of admin API answers, shared by the routes (response schemas) and the admin screens (types). */

export const outboxEntrySchema = z.object({
  id: z.number(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  logged_at: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const batchMemberSchema = z.object({
  id: z.number(),
  student_batch: z.number().nullable(),
  email: z.string(),
  student_status: z.number(),
});
export type BatchMember = z.infer<typeof batchMemberSchema>;

export const batchInfoSchema = z.object({
  batch_number: z.number(),
  start_date: z.string().nullable(),
  meeting_link: z.string().nullable(),
  students: z.number(),
});
export type BatchInfo = z.infer<typeof batchInfoSchema>;

/**
 * Announce start date and Send meeting link. `resend: true` sends again what this batch was already sent; without
 * it a repeat sends nothing and answers `already_sent`, so the admin is asked first.
 */
export const batchMailingInputSchema = z.object({ resend: z.boolean().optional() }).nullish();
export type BatchMailingInput = z.infer<typeof batchMailingInputSchema>;

export const batchMailingResultSchema = z.object({
  queued: z.number(),
  /** Only when nothing was sent: the earlier sending of the same date or link to this batch (`resend` not set). */
  already_sent: z.object({ students: z.number(), sent_at: z.string() }).optional(),
});
export type BatchMailingResult = z.infer<typeof batchMailingResultSchema>;

/**
 * PUT /api/v1/batches/:number: the batch's start date and video-meeting link, null to clear one. The same rules as
 * the route's body schema (batches.routes.ts), which can take this one.
 */
export const batchDetailsSchema = z.strictObject({
  start_date: isoDateSchema('Start date').nullable().optional(),
  meeting_link: z
    .url({ protocol: /^https$/, error: 'Meeting link must be an https:// address' })
    .max(500)
    .nullable()
    .optional(),
});
export type BatchDetails = z.infer<typeof batchDetailsSchema>;

/** The batch details form: an empty field clears its value (null). */
const emptyIsNull = (value: unknown) => (value === '' ? null : value);
export const batchDetailsFormSchema = batchDetailsSchema.extend({
  start_date: z.preprocess(emptyIsNull, batchDetailsSchema.shape.start_date),
  meeting_link: z.preprocess(emptyIsNull, batchDetailsSchema.shape.meeting_link),
});

/** The student lists' search box: `q` of the lists' query, which the route can take from here. */
export const studentSearchSchema = z.strictObject({
  q: z.string().max(100, 'A search must be at most 100 characters'),
});
