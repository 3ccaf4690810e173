import { queryOptions } from '@tanstack/react-query';
import { reminderSettingSchema, reminderSwitchResultSchema } from '../../contracts/reminders';
import { apiFetch } from './api-client';

/** The reminder mail's stop page: the private token from the mail stands for the student, no login needed. */
export const stopRemindersByToken = (token: string) =>
  apiFetch('/api/v1/reminders/stop', reminderSwitchResultSchema, { method: 'POST', body: { token } });
export const startRemindersByToken = (token: string) =>
  apiFetch('/api/v1/reminders/start', reminderSwitchResultSchema, { method: 'POST', body: { token } });

export const getReminderSetting = () => apiFetch('/api/v1/profile/reminders', reminderSettingSchema, { auth: true });
export const saveReminderSetting = (reminders: boolean) =>
  apiFetch('/api/v1/profile/reminders', reminderSettingSchema, { method: 'PUT', body: { reminders }, auth: true });

export const reminderSettingQuery = () => queryOptions({ queryKey: ['reminder-setting'], queryFn: getReminderSetting });
