/**
 * The addresses that code without zod calls: the landing page's testimonials, the static pages' unread count and
 * the notification stream. Their endpoints are declared with the others (admin.ts, notifications.ts) from these,
 * so the address is still written once; these pages import this small module instead of the schemas.
 */
export const apiPaths = {
  oldStudents: '/students/get_old_students',
  unreadNotifications: '/api/v1/notifications/unread',
  notificationStream: '/api/v1/notifications/stream',
} as const;
