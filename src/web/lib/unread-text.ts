/** The words around an unread count, shared by the React header and the static pages' island (no React there). */

/** "Notifications, 3 unread": the accessible name of a link or button that shows the count. */
export const notificationsName = (count: number | null) => (count ? `Notifications, ${count} unread` : 'Notifications');

/** The header's person-icon menu, named with the count it shows. */
export const accountMenuName = (count: number | null) =>
  count ? `Account menu, ${count} unread notifications` : 'Account menu';

/** What the unread pill shows. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
