import { z } from 'zod';
import { endpoints } from './endpoint.js';
import { fieldMessages, MAX_RECORD_ID } from './fields.js';

/** The student's private calendar feed, as `GET /api/v1/calendar` and its revoke answer it. */
export const calendarLinksSchema = z.object({
  /** https://…/calendar/<token>.ics: paste it into Google Calendar or Outlook ("From URL"). */
  feed_url: z.string(),
  /** The same feed as webcal://, which Apple Calendar and Outlook open as a subscription. */
  webcal_url: z.string(),
});
export type CalendarLinks = z.infer<typeof calendarLinksSchema>;

export const calendarMessages = {
  needsPayment: 'Your class calendar opens once you have joined the course by paying the fee.',
  needsBatch: 'Your class calendar opens once you are in a batch: you will be added to the next batch.',
  noSuchCalendar: 'No such calendar. The link may have been reset: copy the new one from My Classes.',
} as const;

/** A feed's path segment: the token, with or without the `.ics` a calendar app may want at the end. */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(300) });

/** `/calendar/:token/sessions/:id` (optionally `:id.ics`): one class as a file to import. */
export const calendarSessionParamsSchema = z.object({
  token: z.string().max(300),
  id: z
    .string()
    .regex(/^\d{1,12}(\.ics)?$/, fieldMessages.badId)
    .transform((value) => Number(value.replace(/\.ics$/, '')))
    .refine((id) => id >= 1 && id <= MAX_RECORD_ID, fieldMessages.badId),
});

/** The endpoints of a student's calendar feed. */
export const calendarEndpoints = endpoints({
  calendar: { method: 'GET', path: '/api/v1/calendar', access: 'student', response: { 200: calendarLinksSchema } },
  revokeCalendar: {
    method: 'POST',
    path: '/api/v1/calendar/revoke',
    access: 'student',
    response: { 200: calendarLinksSchema },
  },
  calendarFeed: { method: 'GET', path: '/calendar/:token', access: 'public', params: calendarFeedParamsSchema },
  calendarSession: {
    method: 'GET',
    path: '/calendar/:token/sessions/:id',
    access: 'public',
    params: calendarSessionParamsSchema,
  },
});
