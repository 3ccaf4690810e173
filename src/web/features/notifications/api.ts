import {
  infiniteQueryOptions,
  queryOptions,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Notification, type NotificationSetting, notificationsEndpoints } from '../../../contracts/notifications';
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

/** Save which notices come by email and in the site; "a class is starting soon" by email is the reminders switch. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSetting[]) =>
      callEndpoint(notificationsEndpoints.saveSettings, { body: { settings } }),
    onSuccess: async (saved) => {
      client.setQueryData(notificationSettingsQuery().queryKey, saved);
      await client.invalidateQueries({ queryKey: reminderSettingQuery().queryKey });
    },
  });
}

async function afterRead(client: QueryClient, request: Promise<{ unread: number }>) {
  const { unread } = await request;
  setUnreadCount(unread);
  await client.invalidateQueries({ queryKey: notificationListQuery().queryKey });
  return unread;
}

/** Open a notice: marked read (the live count and the list follow), then the caller goes to its link. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notice: Notification) =>
      notice.read
        ? Promise.resolve(null)
        : afterRead(
            client,
            callEndpoint(notificationsEndpoints.markRead, { params: { id: notice.id }, keepalive: true }),
          ),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => afterRead(client, callEndpoint(notificationsEndpoints.markAllRead)) });
}

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
export const useStopRemindersByToken = () =>
  useMutation({ mutationFn: (token: string) => callEndpoint(remindersEndpoints.stopByLink, { body: { token } }) });
export const useStartRemindersByToken = () =>
  useMutation({ mutationFn: (token: string) => callEndpoint(remindersEndpoints.startByLink, { body: { token } }) });

const getReminderSetting = () => callEndpoint(remindersEndpoints.setting);

export const reminderSettingQuery = () => queryOptions({ queryKey: ['reminder-setting'], queryFn: getReminderSetting });

/** The Class reminders switch on Profile; the same choice as "a class is starting soon" by email in the table. */
export function useSaveReminderSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reminders: boolean) => callEndpoint(remindersEndpoints.saveSetting, { body: { reminders } }),
    onSuccess: async (saved) => {
      client.setQueryData(reminderSettingQuery().queryKey, saved);
      await client.invalidateQueries({ queryKey: notificationSettingsQuery().queryKey });
    },
  });
}
