import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/call-endpoint';
import { calendarEndpoints } from '../../../contracts/calendar';

/** The signed-in person's private calendar feed (made on the first call). */
export const getCalendarLinks = () => callEndpoint(calendarEndpoints.calendar);

export const calendarQuery = () =>
  queryOptions({ queryKey: ['calendar-links'], queryFn: getCalendarLinks, retry: false });

/** A new feed address; the old one stops working. */
export function useResetCalendarLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(calendarEndpoints.revokeCalendar),
    onSuccess: (fresh) => client.setQueryData(calendarQuery().queryKey, fresh),
  });
}

/** One class of the feed as a file to import ("Add to calendar"): …/calendar/<token>/sessions/<id>.ics. */
export function sessionCalendarUrl(feedUrl: string, sessionId: number): string {
  return `${feedUrl.replace(/\.ics$/, '')}/sessions/${sessionId}.ics`;
}
