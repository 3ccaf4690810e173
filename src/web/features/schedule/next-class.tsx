import { formatClockTime, formatDate } from '../../../contracts/dates';
import { formatSessionTime, JOIN_OPENS_MINUTES_BEFORE, type MySession } from '../../../contracts/schedule';
import { useTimeZone } from '../../lib/site-info';
import { sessionCalendarUrl } from './calendar-api';
import { useJoinSession } from './api';
import { countdownText, joinState } from './timetable';

/** The next class with its countdown and Join, shared by My Classes and the home. */

/** "Add to calendar": the class as a file a calendar app imports, from the student's private feed. */
export function AddToCalendar({ session, feedUrl }: { session: MySession; feedUrl: string | undefined }) {
  if (!feedUrl) return null;
  return (
    <a className="btn btn-outline-secondary btn-sm" href={sessionCalendarUrl(feedUrl, session.id)} download>
      Add to calendar<span className="visually-hidden"> (session {session.session_number})</span>
    </a>
  );
}

/** The next class: a live countdown, and from 10 minutes before it until it ends, the Join link. */
export function NextClass({
  session,
  now,
  meetingLink,
  feedUrl,
}: {
  session: MySession;
  now: number;
  meetingLink: string | null;
  feedUrl: string | undefined;
}) {
  const zone = useTimeZone();
  const join = useJoinSession();
  const { open, opensAt } = joinState(session, now);
  const onJoin = () => {
    // The link opens the meeting itself (no popup blocker stands in the way); this records the attendance.
    join.mutate(session.id);
  };
  return (
    <section id="next-class" className="card border-primary mb-4 next-class" aria-labelledby="next-class-heading">
      <div className="card-body">
        <h2 id="next-class-heading" className="h5 mb-1">
          Next class: Session {session.session_number}
        </h2>
        <p className="mb-1">{formatSessionTime(session.starts_at, session.ends_at, zone)}</p>
        <p className="mb-2">{session.topics}</p>
        <p className="fs-5 fw-semibold mb-2" role="timer">
          {countdownText(session.starts_at, session.ends_at, now)}
        </p>
        {open && session.joined_at ? (
          <p className="mb-2 fw-semibold text-success">
            You joined at {formatClockTime(session.joined_at, zone)}: your attendance is recorded.
          </p>
        ) : null}
        {open && meetingLink ? (
          <a
            className={`btn btn-lg ${session.joined_at ? 'btn-outline-success' : 'btn-success'}`}
            href={meetingLink}
            target="_blank"
            rel="noopener"
            onClick={onJoin}
          >
            {session.joined_at ? 'Open the meeting again' : 'Join'}
            <span className="visually-hidden"> session {session.session_number} (opens the meeting in a new tab)</span>
          </a>
        ) : open ? (
          <p className="mb-0">The meeting link will be sent to you by email.</p>
        ) : (
          <p className="mb-0 text-body-secondary">
            The Join button appears here at {formatClockTime(opensAt, zone)} on {formatDate(opensAt, zone)},{' '}
            {JOIN_OPENS_MINUTES_BEFORE} minutes before the class starts.
          </p>
        )}
        <div className="mt-2">
          <AddToCalendar session={session} feedUrl={feedUrl} />
        </div>
      </div>
    </section>
  );
}
