import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog';
import { calendarQuery, useResetCalendarLink } from './calendar-api';
import { errorText } from '../../lib/error-text';

/**
 * A private calendar feed: an address a calendar app subscribes to, so the classes (and any change the teacher
 * makes to them) show up there by themselves. A student's has their batch's classes; the teacher's has every batch.
 */
export function CalendarCard({ teacher = false }: { teacher?: boolean }) {
  const id = useId();
  const links = useQuery(calendarQuery());
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const reset = useResetCalendarLink();

  const copy = async (url: string) => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied. Paste it into your calendar app.');
    } catch {
      setCopied('Press Ctrl+C (or long-press and Copy) to copy the selected address.');
    }
  };

  const askReset = () =>
    void confirm({
      title: 'Reset the calendar link?',
      message:
        'The current address stops working: calendars subscribed to it no longer update. Add the new address to your calendar app again.',
      confirmLabel: 'Reset link',
      action: () => reset.mutateAsync(undefined, { onSuccess: () => setCopied(null) }),
    });

  return (
    <section className="card mt-4 calendar-card" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h5">
          Class calendar
        </h2>
        {links.isPending ? <p className="text-body-secondary">Loading your calendar link…</p> : null}
        {links.isError ? <p className="mb-0 text-body-secondary">{errorText(links.error)}</p> : null}
        {links.data ? (
          <>
            <p>
              {teacher
                ? 'Every batch’s classes in your own calendar: when you move a class, the calendar updates by itself (within a few hours).'
                : 'Add your classes to your calendar: when a class moves, your calendar updates by itself (within a few hours).'}
            </p>
            <label htmlFor={`${id}-url`} className="form-label fw-semibold">
              Your private calendar address
            </label>
            <div className="input-group">
              <input
                ref={input}
                id={`${id}-url`}
                className="form-control calendar-url"
                readOnly
                value={links.data.feed_url}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button type="button" className="btn btn-outline-primary" onClick={() => void copy(links.data.feed_url)}>
                Copy
              </button>
            </div>
            <p className="small mt-1 mb-0" role="status">
              {copied}
            </p>
            <div className="d-flex flex-wrap gap-2 mt-2">
              <a className="btn btn-primary" href={links.data.webcal_url}>
                Subscribe
              </a>
              <button type="button" className="btn btn-outline-danger" onClick={askReset}>
                Reset link
              </button>
            </div>
            <ul className="small mt-3 mb-2 ps-3">
              <li>
                <strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the address.
              </li>
              <li>
                <strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address.
              </li>
              <li>
                <strong>Apple Calendar</strong> (iPhone, iPad, Mac): press Subscribe.
              </li>
            </ul>
            <p className="small text-body-secondary mb-0">
              Keep this address to yourself: anyone who has it can see your class times. If it got out, reset it.
            </p>
          </>
        ) : null}
      </div>
      {dialog}
    </section>
  );
}
