import { z } from 'zod';
import { endpoints } from './endpoint.js';

/** Whether the student gets an email a day and an hour before each class. */
export const reminderSettingSchema = z.strictObject({
  reminders: z.boolean({ error: 'Send {"reminders": true} or {"reminders": false}.' }),
});
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;

/** A reminder email's private token, from the stop link's query string or a JSON body. */
const reminderTokenSchema = z.string().trim().max(300).optional();
export const reminderTokenQuerySchema = z.object({ token: reminderTokenSchema });
/** JSON `{ token }`, or the `List-Unsubscribe=One-Click` form a mail client posts (the token is then in the URL). */
export const reminderTokenBodySchema = z.looseObject({ token: reminderTokenSchema }).nullish();

export const reminderSwitchResultSchema = z.object({ reminders: z.boolean(), message: z.string() });
export type ReminderSwitchResult = z.infer<typeof reminderSwitchResultSchema>;

export const reminderMessages = {
  stopped: 'Class reminders are off. You will get no more reminder emails before classes.',
  started: 'Class reminders are on. You will get an email a day and an hour before each class.',
  noSuchLink: 'This link is not valid any more. You can turn class reminders on or off in your Profile.',
} as const;

/** The endpoints of class reminders and their stop links. */
export const remindersEndpoints = endpoints({
  setting: {
    method: 'GET',
    path: '/api/v1/profile/reminders',
    access: 'student',
    response: { 200: reminderSettingSchema },
  },
  saveSetting: {
    method: 'PUT',
    path: '/api/v1/profile/reminders',
    access: 'student',
    body: reminderSettingSchema,
    response: { 200: reminderSettingSchema },
  },
  /** A reminder mail's stop link and its List-Unsubscribe address (a mail client posts to it); start undoes it. */
  stopByLink: {
    method: 'POST',
    path: '/api/v1/reminders/stop',
    access: 'public',
    query: reminderTokenQuerySchema,
    body: reminderTokenBodySchema,
    response: { 200: reminderSwitchResultSchema },
  },
  startByLink: {
    method: 'POST',
    path: '/api/v1/reminders/start',
    access: 'public',
    query: reminderTokenQuerySchema,
    body: reminderTokenBodySchema,
    response: { 200: reminderSwitchResultSchema },
  },
});
