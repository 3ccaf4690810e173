import { queryOptions } from '@tanstack/react-query';
import { calendarLinksSchema } from '../../contracts/calendar';
import { apiFetch } from './api-client';

/** The signed-in person's private calendar feed (made on the first call). */
export const getCalendarLinks = () => apiFetch('/api/v1/calendar', calendarLinksSchema, { auth: true });
/** A new feed address; the old one stops working. */
export const resetCalendarLink = () =>
  apiFetch('/api/v1/calendar/revoke', calendarLinksSchema, { method: 'POST', auth: true });

export const calendarQuery = () =>
  queryOptions({ queryKey: ['calendar-links'], queryFn: getCalendarLinks, retry: false });

/** One class of the feed as a file to import ("Add to calendar"): …/calendar/<token>/sessions/<id>.ics. */
export function sessionCalendarUrl(feedUrl: string, sessionId: number): string {
  return `${feedUrl.replace(/\.ics$/, '')}/sessions/${sessionId}.ics`;
}
