import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './call-endpoint';
import { remindersEndpoints } from '../../contracts/reminders';

/** The reminder mail's stop page: the private token from the mail stands for the student, no login needed. */
export const stopRemindersByToken = (token: string) => callEndpoint(remindersEndpoints.stopByLink, { body: { token } });
export const startRemindersByToken = (token: string) =>
  callEndpoint(remindersEndpoints.startByLink, { body: { token } });

export const getReminderSetting = () => callEndpoint(remindersEndpoints.setting);
export const saveReminderSetting = (reminders: boolean) =>
  callEndpoint(remindersEndpoints.saveSetting, { body: { reminders } });

export const reminderSettingQuery = () => queryOptions({ queryKey: ['reminder-setting'], queryFn: getReminderSetting });
