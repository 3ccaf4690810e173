import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../contracts/paths';
import { usePageTitle } from '../../components/layout/use-page-title';
import { errorText } from '../../lib/error-text';
import { useStartRemindersByToken, useStopRemindersByToken } from './api';

/**
 * The "Stop class reminders" link of a reminder email: turns them off as it opens (no login: the private token in
 * the address stands for the student), and can turn them back on.
 */
export function StopRemindersPage() {
  usePageTitle('Class Reminders');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useStopRemindersByToken();
  const start = useStartRemindersByToken();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    stop.mutate(token);
  }, [token, stop]);

  const on = start.isSuccess && !stop.isPending;
  const off = stop.isSuccess && !on;
  const heading = on ? 'Class reminders are on' : off ? 'Class reminders are off' : 'Class reminders';
  const failure = !token ? 'This link is not complete. Open it again from the reminder email.' : stop.error;

  return (
    <div className="container page-narrow">
      <h1 className="h2 mb-3">{heading}</h1>
      {token && stop.isPending ? <p role="status">Turning class reminders off…</p> : null}
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {typeof failure === 'string' ? failure : errorText(failure)}
        </div>
      ) : null}
      {off ? (
        <>
          <p role="status">You will get no more reminder emails before your classes.</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={start.isPending}
            onClick={() => {
              start.reset();
              start.mutate(token);
            }}
          >
            Turn reminders back on
          </button>
          {start.isError ? (
            <div className="alert alert-danger mt-3" role="alert">
              {errorText(start.error)}
            </div>
          ) : null}
        </>
      ) : null}
      {on ? (
        <>
          <p role="status">You will get an email a day and an hour before each class.</p>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={stop.isPending}
            onClick={() => {
              start.reset();
              stop.mutate(token);
            }}
          >
            Turn reminders off
          </button>
        </>
      ) : null}
      <p className="mt-4 text-body-secondary">
        You can also switch class reminders on or off in your <Link to={paths.profile}>Profile</Link>.
      </p>
    </div>
  );
}
