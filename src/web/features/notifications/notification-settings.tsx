import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  notificationKindLabels,
  type NotificationSettings as Settings,
  notificationSettingsSchema,
} from '../../../contracts/notifications';
import { PageSpinner } from '../../components/page-spinner';
import { errorText } from '../../lib/error-text';
import { notificationSettingsQuery, useSaveNotificationSettings } from './api';

function SettingsForm({ initial }: { initial: Settings }) {
  const id = useId();
  // `values`: the form follows what the server holds, after a save here or a change of the reminders switch.
  const { register, handleSubmit, formState } = useForm<Settings>({
    resolver: zodResolver(notificationSettingsSchema),
    values: initial,
  });
  const save = useSaveNotificationSettings();

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values.settings))} noValidate>
      <table className="table table-sm align-middle notification-settings">
        <thead>
          <tr>
            <th scope="col">Tell me when</th>
            <th scope="col" className="text-center">
              Email
            </th>
            <th scope="col" className="text-center">
              In the site
            </th>
          </tr>
        </thead>
        <tbody>
          {initial.settings.map((setting, index) => {
            const label = notificationKindLabels[setting.kind];
            return (
              <tr key={setting.kind}>
                <th scope="row" id={`${id}-${setting.kind}`} className="fw-normal">
                  {label}
                  <input type="hidden" {...register(`settings.${index}.kind`)} />
                </th>
                {(['email', 'site'] as const).map((channel) => (
                  <td key={channel} className="text-center">
                    <div className="form-check form-switch d-inline-block m-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        role="switch"
                        aria-label={`${label}: ${channel === 'email' ? 'Email' : 'In the site'}`}
                        {...register(`settings.${index}.${channel}`)}
                      />
                    </div>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending || !formState.isDirty}>
        Update notification settings
      </button>
      <p className="small text-body-secondary mt-2 mb-0" role="status">
        {save.isSuccess && !formState.isDirty ? 'Notification settings saved.' : null}
      </p>
      {save.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {errorText(save.error)}
        </div>
      ) : null}
    </form>
  );
}

/** Per kind of notification, by email and in the site: Profile's "Notifications". */
export function NotificationSettings() {
  const id = useId();
  const settings = useQuery(notificationSettingsQuery());
  return (
    <section className="card mt-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5 mt-0">
          Notifications
        </h2>
        {settings.isPending ? <PageSpinner label="Loading your notification settings…" /> : null}
        {settings.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorText(settings.error)}
          </div>
        ) : null}
        {settings.data ? <SettingsForm initial={settings.data} /> : null}
      </div>
    </section>
  );
}
