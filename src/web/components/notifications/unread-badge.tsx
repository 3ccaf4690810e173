/** The unread count as a small pill; nothing when there is none. Its words are for sight only: say them in a name. */
export function UnreadBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="badge rounded-pill text-bg-danger unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** "Notifications, 3 unread": the accessible name of a link or button that shows the count. */
export const notificationsName = (count: number | null) => (count ? `Notifications, ${count} unread` : 'Notifications');
