import { infiniteQueryOptions, queryOptions, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type NotificationSetting, notificationsEndpoints } from '../../../contracts/notifications';
import { currentRevision, setUnreadCount, subscribeUnread } from '../../lib/notification-stream';
import { callEndpoint } from '../../lib/call-endpoint';
import { remindersEndpoints } from '../../../contracts/reminders';

const PAGE = 20;
const notificationsKey = ['notifications'] as const;

export const getNotifications = (before?: number) =>
  callEndpoint(notificationsEndpoints.list, { query: { limit: PAGE, before } });

/** Newest first, a page at a time ("Load more" asks for the page before the last one's oldest). */
export const notificationListQuery = () =>
  infiniteQueryOptions({
    queryKey: [...notificationsKey, 'list'],
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.items.at(-1)?.id : undefined),
  });

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'settings'],
    queryFn: () => callEndpoint(notificationsEndpoints.settings),
  });

export const saveNotificationSettings = (settings: NotificationSetting[]) =>
  callEndpoint(notificationsEndpoints.saveSettings, { body: { settings } });

async function afterRead(client: QueryClient, request: Promise<{ unread: number }>) {
  const { unread } = await request;
  setUnreadCount(unread);
  await client.invalidateQueries({ queryKey: notificationListQuery().queryKey });
  return unread;
}

export const markNotificationRead = (client: QueryClient, id: number) =>
  afterRead(client, callEndpoint(notificationsEndpoints.markRead, { params: { id }, keepalive: true }));

export const markAllNotificationsRead = (client: QueryClient) =>
  afterRead(client, callEndpoint(notificationsEndpoints.markAllRead));

/** While mounted, a change of the live unread count (a notice arrived, or was read elsewhere) refreshes the list. */
export function useListFollowsStream(): void {
  const client = useQueryClient();
  useEffect(() => {
    let last = currentRevision();
    return subscribeUnread(() => {
      const now = currentRevision();
      if (now !== last) void client.invalidateQueries({ queryKey: notificationListQuery().queryKey });
      last = now;
    });
  }, [client]);
}

// Class reminders: the Profile switch and the stop page a reminder mail links to.
/** The reminder mail's stop page: the private token from the mail stands for the student, no login needed. */
export const stopRemindersByToken = (token: string) => callEndpoint(remindersEndpoints.stopByLink, { body: { token } });
export const startRemindersByToken = (token: string) =>
  callEndpoint(remindersEndpoints.startByLink, { body: { token } });

export const getReminderSetting = () => callEndpoint(remindersEndpoints.setting);
export const saveReminderSetting = (reminders: boolean) =>
  callEndpoint(remindersEndpoints.saveSetting, { body: { reminders } });

export const reminderSettingQuery = () => queryOptions({ queryKey: ['reminder-setting'], queryFn: getReminderSetting });
