import { useLocation } from 'react-router';
import { useUnreadCount } from '../../lib/notification-stream';
import { NotificationList } from './notification-list';
import { UnreadBadge } from '../../components/notifications/unread-badge';

/** The teacher's notifications on the Admin page: folded unless the person menu's link (#notifications) led here. */
export function NotificationsSection() {
  const { hash } = useLocation();
  const unread = useUnreadCount();
  return (
    <details id="notifications" className="admin-notifications mb-3" open={hash === '#notifications'}>
      <summary className="h5">
        Notifications <UnreadBadge count={unread} />
        {unread ? <span className="visually-hidden">, {unread} unread</span> : null}
      </summary>
      <NotificationList heading={false} />
    </details>
  );
}
