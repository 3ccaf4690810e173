import { z } from 'zod';
import { apiPaths } from './api-paths.js';
import { endpoints } from './endpoint.js';
import { idParamsSchema, recordIdSchema } from './fields.js';

/**
 * What the site tells a person, in the site and by email, and each person's choice per kind. The same kinds, labels
 * and defaults serve the server (which checks the choice before writing a notice or queueing a mail) and Profile.
 */

/** Kinds a student gets. */
export const STUDENT_NOTIFICATION_KINDS = [
  'program_sent',
  'doubt_answered',
  'code_comment',
  'grade_released',
  'payment_confirmed',
  'announcement',
  'class_soon',
  'certificate_issued',
] as const;
/** Kinds the teacher gets. */
export const TEACHER_NOTIFICATION_KINDS = ['doubt_asked', 'submission'] as const;
export const NOTIFICATION_KINDS = [...STUDENT_NOTIFICATION_KINDS, ...TEACHER_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationKindLabels: Record<NotificationKind, string> = {
  program_sent: 'A program is sent to you',
  doubt_answered: 'Your doubt is answered',
  code_comment: 'The teacher comments on your code',
  grade_released: 'The teacher releases your grade',
  payment_confirmed: 'Your payment is confirmed',
  announcement: 'Announcements to your batch',
  class_soon: 'A class is starting soon',
  certificate_issued: 'Your certificate of completion is ready',
  doubt_asked: 'A student asks a doubt',
  submission: 'A student submits a program',
};

/** Without a choice made: every kind in the site; by email all but submissions (a busy class submits all day). */
export const notificationDefaults: Record<NotificationKind, { email: boolean; site: boolean }> = {
  program_sent: { email: true, site: true },
  doubt_answered: { email: true, site: true },
  code_comment: { email: true, site: true },
  grade_released: { email: true, site: true },
  payment_confirmed: { email: true, site: true },
  announcement: { email: true, site: true },
  class_soon: { email: true, site: true },
  certificate_issued: { email: true, site: true },
  doubt_asked: { email: true, site: true },
  submission: { email: false, site: true },
};

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of this site to open, or null when there is nothing (left) to open. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/v1/notifications?before=<id>&limit=<n>`: newest first. */
export const notificationListQuerySchema = z.object({
  before: recordIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number(),
  has_more: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The unread count: the answer of the read calls and the data of each `unread` event of the stream. */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  email: z.boolean(),
  site: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsSchema = z.object({
  settings: z
    .array(notificationSettingSchema)
    .max(NOTIFICATION_KINDS.length, 'Give each kind of notification once.')
    .refine((settings) => new Set(settings.map((s) => s.kind)).size === settings.length, {
      message: 'Give each kind of notification once.',
    }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationMessages = {
  noSuchNotification: 'No such notification of yours.',
  notYourKind: (kind: string) => `"${kind}" is not a kind of notification you get.`,
  tooManyStreams: 'Too many open notification streams for this account: close a tab and try again.',
} as const;

/** The endpoints of notifications, their stream and their settings. */
export const notificationsEndpoints = endpoints({
  list: {
    method: 'GET',
    path: '/api/v1/notifications',
    access: 'student',
    query: notificationListQuerySchema,
    response: { 200: notificationListSchema },
  },
  unread: {
    method: 'GET',
    path: apiPaths.unreadNotifications,
    access: 'student',
    response: { 200: unreadCountSchema },
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/notifications/:id/read',
    access: 'student',
    params: idParamsSchema,
    response: { 200: unreadCountSchema },
  },
  markAllRead: {
    method: 'POST',
    path: '/api/v1/notifications/read-all',
    access: 'student',
    response: { 200: unreadCountSchema },
  },
  settings: {
    method: 'GET',
    path: '/api/v1/notifications/settings',
    access: 'student',
    response: { 200: notificationSettingsSchema },
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/v1/notifications/settings',
    access: 'student',
    body: notificationSettingsSchema,
    response: { 200: notificationSettingsSchema },
  },
  stream: { method: 'GET', path: apiPaths.notificationStream, access: 'student' },
});
