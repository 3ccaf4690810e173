import { badgeText } from '../../lib/unread-text';

/** The unread count as a small pill; nothing when there is none. Its words are for sight only: say them in a name. */
export function UnreadBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="badge rounded-pill text-bg-danger unread-badge" aria-hidden="true">
      {badgeText(count)}
    </span>
  );
}
