import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorText } from '../../lib/error-text';
import { reminderSettingQuery, useSaveReminderSetting } from './api';

/** "Class reminders by email": saved as soon as it is switched, apart from the profile's Edit form. */
export function RemindersSwitch() {
  const id = useId();
  const setting = useQuery(reminderSettingQuery());
  const save = useSaveReminderSetting();

  const on = save.isPending ? save.variables : setting.data?.reminders;

  return (
    <section className="card mt-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5 mt-0">
          Class reminders by email
        </h2>
        <div className="form-check form-switch">
          <input
            id={`${id}-switch`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={on ?? false}
            disabled={setting.isPending || save.isPending}
            aria-describedby={`${id}-help`}
            onChange={(event) => save.mutate(event.currentTarget.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-switch`}>
            Email me a day and an hour before each class
          </label>
        </div>
        <p id={`${id}-help`} className="small text-body-secondary mt-2 mb-0" role="status">
          {save.isSuccess ? (save.data.reminders ? 'Saved: reminders are on.' : 'Saved: reminders are off.') : null}
        </p>
        {setting.isError || save.isError ? (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            {errorText(setting.error ?? save.error)}
          </div>
        ) : null}
      </div>
    </section>
  );
}
