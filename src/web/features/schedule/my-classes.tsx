import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { PageSpinner } from '../../components/page-spinner';
import { courseBookQuery, sessionsQuery } from '../../lib/course-api';
import { myBatchQuery } from '../../lib/course-api';
import { myScheduleQuery } from './api';
import { NeedsPayment } from '../../components/needs-payment';
import { errorText } from '../../lib/error-text';
import type { CourseSession } from '../../../contracts/course-content';
import { courseWallClock, formatDate } from '../../../contracts/dates';
import { formatSessionTime, type MySession } from '../../../contracts/schedule';
import { useTimeZone } from '../../lib/site-info';
import { groupTimetable } from './timetable';
import { AddToCalendar, NextClass } from './next-class';
import { useServerNow } from '../../lib/server-now';
import { CalendarCard } from './calendar-card';
import { calendarQuery } from './calendar-api';

/** YouTube's privacy-enhanced player, loaded only when the student asks for it. */
function LessonVideo({ id, title }: { id: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="ratio ratio-16x9">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="video-poster"
      onClick={() => setPlaying(true)}
      aria-label={`Play the lesson video: ${title}`}
    >
      <img src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`} alt="" loading="lazy" width={480} height={360} />
      <span className="video-play" aria-hidden="true">
        ▶
      </span>
    </button>
  );
}

/** The course plan, dated but without times, until the batch's own sessions are scheduled. */
function PlanOnly({ sessions }: { sessions: UseQueryResult<CourseSession[]> }) {
  const zone = useTimeZone();
  return (
    <>
      {sessions.isPending ? <PageSpinner /> : null}
      {sessions.isError ? <div className="alert alert-danger">{errorText(sessions.error)}</div> : null}
      {sessions.data?.length === 0 ? <p>No session is planned yet.</p> : null}
      {sessions.data && sessions.data.length > 0 ? (
        <p className="text-body-secondary">The class times of your batch will be announced here.</p>
      ) : null}
      <ol className="session-list">
        {sessions.data?.map((session) => (
          <li key={session.id} className="card mb-3">
            <div className="card-body">
              <h2 className="h6 mb-1">
                {/* The plan's date: the batch's own class times come with its timetable. */}
                Session {session.session_number} · planned for {formatDate(session.session_date, zone)}
              </h2>
              <p className="mb-2">{session.topics}</p>
              {session.lesson_video ? (
                <LessonVideo id={session.lesson_video} title={`Session ${session.session_number}: ${session.topics}`} />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

const statusBadges: Record<MySession['status'], { text: string; className: string }> = {
  present: { text: 'Present', className: 'text-bg-success' },
  late: { text: 'Late', className: 'text-bg-warning' },
  absent: { text: 'Absent', className: 'text-bg-danger' },
  upcoming: { text: 'Upcoming', className: 'text-bg-secondary' },
  'in progress': { text: 'In progress', className: 'text-bg-primary' },
  // Held before the student was placed in the batch: not counted in their attendance.
  'before joining': { text: 'Before you joined', className: 'text-bg-light border' },
};

function SessionCard({
  session,
  when,
  feedUrl,
}: {
  session: MySession;
  when: 'past' | 'today' | 'upcoming';
  feedUrl: string | undefined;
}) {
  const zone = useTimeZone();
  const badge = when === 'upcoming' ? statusBadges.upcoming : statusBadges[session.status];
  return (
    <li className="card mb-3" data-session={session.session_number}>
      <div className="card-body">
        <h3 className="h6 mb-1 d-flex flex-wrap gap-2 align-items-center">
          Session {session.session_number}
          {when === 'today' ? <span className="badge text-bg-info">Today</span> : null}
          {session.status !== 'upcoming' || when === 'upcoming' ? (
            <span className={`badge ${badge.className}`}>{badge.text}</span>
          ) : null}
        </h3>
        <p className="mb-1 text-body-secondary">{formatSessionTime(session.starts_at, session.ends_at, zone)}</p>
        <p className="mb-2">{session.topics}</p>
        {when !== 'past' ? <AddToCalendar session={session} feedUrl={feedUrl} /> : null}
        {session.lesson_video ? (
          <LessonVideo id={session.lesson_video} title={`Session ${session.session_number}: ${session.topics}`} />
        ) : null}
      </div>
    </li>
  );
}

function TimetableList({
  title,
  sessions,
  when,
  feedUrl,
}: {
  title: string;
  sessions: MySession[];
  when: 'past' | 'today' | 'upcoming';
  feedUrl: string | undefined;
}) {
  if (sessions.length === 0) return null;
  const id = `classes-${when}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="h5 mt-3">
        {title}
      </h2>
      <ol className="session-list">
        {sessions.map((session) => (
          <SessionCard key={session.id} session={session} when={when} feedUrl={feedUrl} />
        ))}
      </ol>
    </section>
  );
}

export function MyClasses({ student }: { student: StudentData }) {
  const zone = useTimeZone();
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const batch = useQuery({ ...myBatchQuery(), enabled: paid });
  // Read again each minute, so a class that has just ended shows the status the server gives it.
  const schedule = useQuery({ ...myScheduleQuery(), enabled: paid, refetchInterval: 60_000 });
  const dated = (schedule.data?.sessions.length ?? 0) > 0;
  const sessions = useQuery({ ...sessionsQuery(), enabled: paid && schedule.isSuccess && !dated });
  const book = useQuery({ ...courseBookQuery(), enabled: paid });
  const calendar = useQuery({ ...calendarQuery(), enabled: paid && dated });
  const feedUrl = calendar.data?.feed_url;
  const now = useServerNow(schedule.data?.now, schedule.dataUpdatedAt);
  if (!paid) return <NeedsPayment title="My Classes" what="The classes" />;
  const timetable = dated && schedule.data ? groupTimetable(schedule.data.sessions, now, zone) : null;
  return (
    <>
      <h1 className="h4">My Classes</h1>
      {batch.data?.batch_number ? (
        <div className="alert alert-info">
          Batch {batch.data.batch_number}
          {batch.data.start_date
            ? ` ${batch.data.start_date <= (courseWallClock(new Date(now), zone)?.date ?? '') ? 'started' : 'starts'} on ${formatDate(batch.data.start_date, zone)}`
            : ''}
          .{' '}
          {batch.data.meeting_link ? (
            <a href={batch.data.meeting_link} target="_blank" rel="noopener noreferrer">
              Join the class (video meeting)
            </a>
          ) : (
            'The meeting link will be sent to you by email.'
          )}
        </div>
      ) : batch.data ? (
        <p>You will be added to the next batch; its start date and meeting link come by email.</p>
      ) : null}
      {schedule.isPending ? <PageSpinner /> : null}
      {schedule.isError ? <div className="alert alert-danger">{errorText(schedule.error)}</div> : null}
      {timetable && schedule.data ? (
        <>
          {timetable.next ? (
            <NextClass session={timetable.next} now={now} meetingLink={schedule.data.meeting_link} feedUrl={feedUrl} />
          ) : null}
          <TimetableList title="Today" sessions={timetable.today} when="today" feedUrl={feedUrl} />
          <TimetableList title="Upcoming classes" sessions={timetable.upcoming} when="upcoming" feedUrl={feedUrl} />
          <TimetableList title="Past classes" sessions={timetable.past} when="past" feedUrl={feedUrl} />
        </>
      ) : null}
      {schedule.isSuccess && !dated ? <PlanOnly sessions={sessions} /> : null}
      {book.data?.preview_url ? (
        <section aria-labelledby="course-book-heading" className="mt-4">
          <h2 id="course-book-heading" className="h5">
            Course book
          </h2>
          <div className="ratio course-book">
            <iframe
              src={book.data.preview_url}
              title="Course book"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </section>
      ) : null}
      {batch.data?.batch_number ? <CalendarCard /> : null}
    </>
  );
}
