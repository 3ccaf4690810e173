import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../contracts/dates';
import { type Notification, notificationKindLabels } from '../../../contracts/notifications';
import { useTimeZone } from '../../lib/site-info';
import { errorText } from '../../lib/error-text';
import {
  notificationListQuery,
  useListFollowsStream,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './api';
import { PageSpinner } from '../../components/page-spinner';

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const zone = useTimeZone();
  return (
    <li className={`notification-item${item.read ? '' : ' notification-unread'}`}>
      <button type="button" className="notification-open" onClick={() => onOpen(item)}>
        <span className="d-flex justify-content-between gap-2 flex-wrap">
          <span className="notification-title">
            {item.read ? null : <span className="badge text-bg-primary me-2">New</span>}
            {item.title}
          </span>
          <time className="small text-body-secondary" dateTime={item.created_at}>
            {formatDateTime(item.created_at, zone)}
          </time>
        </span>
        <span className="d-block notification-body">{item.body}</span>
        <span className="d-block small text-body-secondary">
          {notificationKindLabels[item.kind]}
          {item.link === null ? ' · no longer available' : null}
        </span>
      </button>
    </li>
  );
}

/**
 * A person's notifications, newest first: opening one marks it read and goes to what it is about. Used by the
 * student's dashboard and the teacher's Admin page. The list refreshes when the live unread count changes.
 */
export function NotificationList({ heading = true }: { heading?: boolean }) {
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationListQuery());
  useListFollowsStream();
  const markRead = useMarkNotificationRead();
  const open = (item: Notification) =>
    markRead.mutate(item, {
      onSuccess: () => {
        if (item.link) void navigate(item.link);
      },
    });
  const readAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  const error = list.error ?? markRead.error ?? readAll.error;

  return (
    <div className="notification-list">
      <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-2">
        {heading ? <h1 className="h4 m-0">Notifications</h1> : <span />}
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all as read
        </button>
      </div>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {errorText(error)}
        </div>
      ) : null}
      {list.isPending ? <PageSpinner label="Loading notifications…" /> : null}
      {list.isSuccess && items.length === 0 ? <p>No notifications yet.</p> : null}
      {items.length > 0 ? (
        <ul className="notification-items" aria-label="Notifications">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={open} />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm mt-2"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
