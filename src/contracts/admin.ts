import { z } from 'zod';

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
