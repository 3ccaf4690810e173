import { infiniteQueryOptions, queryOptions, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  notificationListSchema,
  type NotificationSetting,
  notificationSettingsSchema,
  unreadCountSchema,
} from '../../contracts/notifications';
import { apiFetch } from './api-client';
import { currentRevision, setUnreadCount, subscribeUnread } from './notification-stream';

const PAGE = 20;
const notificationsKey = ['notifications'] as const;

export const getNotifications = (before?: number) =>
  apiFetch(
    `/api/v1/notifications?limit=${PAGE}${before === undefined ? '' : `&before=${before}`}`,
    notificationListSchema,
    {
      auth: true,
    },
  );

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
    queryFn: () => apiFetch('/api/v1/notifications/settings', notificationSettingsSchema, { auth: true }),
  });

export const saveNotificationSettings = (settings: NotificationSetting[]) =>
  apiFetch('/api/v1/notifications/settings', notificationSettingsSchema, {
    method: 'PUT',
    body: { settings },
    auth: true,
  });

async function afterRead(client: QueryClient, request: Promise<{ unread: number }>) {
  const { unread } = await request;
  setUnreadCount(unread);
  await client.invalidateQueries({ queryKey: notificationListQuery().queryKey });
  return unread;
}

export const markNotificationRead = (client: QueryClient, id: number) =>
  afterRead(
    client,
    apiFetch(`/api/v1/notifications/${id}/read`, unreadCountSchema, { method: 'POST', auth: true, keepalive: true }),
  );

export const markAllNotificationsRead = (client: QueryClient) =>
  afterRead(client, apiFetch('/api/v1/notifications/read-all', unreadCountSchema, { method: 'POST', auth: true }));

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
