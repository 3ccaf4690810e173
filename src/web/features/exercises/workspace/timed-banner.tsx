import { useEffect, useRef } from 'react';
import { nowMs } from '../../../../contracts/clock';
import { formatDateTime } from '../../../../contracts/dates';
import type { Workspace } from '../../../../contracts/exercises/workspace';
import { formatDeadline } from '../../../../contracts/home';
import { formatCountdown, type Timing, timedState } from '../../../../contracts/timed-work';
import { useServerNow } from '../../../lib/server-now';
import { useTimeZone } from '../../../lib/site-info';

/**
 * The server's time, ticking, and where the workspace's timed window stands (null when not timed); `onChange` runs
 * when the window opens or closes while the page is open.
 */
export function useTimedState(workspace: Workspace | undefined, receivedAt: number, onChange: () => void) {
  const now = useServerNow(workspace?.now, receivedAt);
  const timing = workspace?.timing ?? null;
  const state = timing ? timedState(timing, now) : null;
  const seen = useRef(state);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    if (seen.current !== null && seen.current !== state) changed.current();
    seen.current = state;
  }, [state]);
  return { now, state };
}

const DAY_MS = 24 * 3_600_000;

/** The program's deadline, and whether it has passed. */
export function DueLine({ dueAt }: { dueAt: string }) {
  const zone = useTimeZone();
  return (
    <p className="fw-semibold mb-2">
      Due {formatDeadline(dueAt, zone)}
      {Date.parse(dueAt) < nowMs() ? (
        <span className="fw-normal text-body-secondary"> (passed: a submission now is graded and marked late)</span>
      ) : null}
    </p>
  );
}

/**
 * A timed program's window at `now` (the server's clock, ticking): the time to its opening, the time left (a
 * countdown), or that time is up.
 */
export function TimedBanner({ timing, now }: { timing: Timing; now: number }) {
  const zone = useTimeZone();
  const state = timedState(timing, now);
  const extra = timing.extra_minutes > 0 ? ` (with ${timing.extra_minutes} extra minutes)` : '';

  if (state === 'waiting')
    return (
      <div className="alert alert-info" role="status">
        <strong>Timed program.</strong> It opens at {formatDateTime(timing.opens_at, zone)}
        {/* A count of hours past a day reads badly ("43:29:28"): the date says it then. */}
        {Date.parse(timing.opens_at) - now < DAY_MS ? (
          <>
            , in <span data-testid="opens-in">{formatCountdown(Date.parse(timing.opens_at) - now)}</span>
          </>
        ) : null}
        ; you will then have {timing.minutes + timing.extra_minutes} minutes{extra}.
      </div>
    );
  if (state === 'open')
    return (
      <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-baseline">
        <strong>
          Time left:{' '}
          <span role="timer" aria-label="Time left">
            {formatCountdown(Date.parse(timing.closes_at) - now)}
          </span>
        </strong>
        <span className="small">
          It closes at {formatDateTime(timing.closes_at, zone)}
          {extra}; work after that is not accepted.
        </span>
      </div>
    );
  return (
    <div className="alert alert-secondary" role="status">
      <strong>Time is up.</strong> The program closed at {formatDateTime(timing.closes_at, zone)}
      {extra}. Late work is not accepted.
    </div>
  );
}
