import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StudentData } from '../../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../../contracts/course';
import { PageSpinner } from '../../../components/page-spinner';
import { courseBookQuery, sessionsQuery } from '../../../lib/course-api';
import { myBatchQuery } from '../dashboard-api';
import { NeedsPayment } from './needs-payment';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../../contracts/dates';
import { CalendarCard } from './calendar-card';

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

export function MyClasses({ student }: { student: StudentData }) {
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const batch = useQuery({ ...myBatchQuery(), enabled: paid });
  const sessions = useQuery({ ...sessionsQuery(), enabled: paid });
  const book = useQuery({ ...courseBookQuery(), enabled: paid });
  if (!paid) return <NeedsPayment title="My Classes" what="The classes" />;
  return (
    <>
      <h1 className="h4">My Classes</h1>
      {batch.data?.batch_number ? (
        <div className="alert alert-info">
          Batch {batch.data.batch_number}
          {batch.data.start_date ? ` starts on ${formatDate(batch.data.start_date)}` : ''}.{' '}
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
      {sessions.isPending ? <PageSpinner /> : null}
      {sessions.isError ? <div className="alert alert-danger">{errorText(sessions.error)}</div> : null}
      {sessions.data?.length === 0 ? <p>No session is planned yet.</p> : null}
      <ol className="session-list">
        {sessions.data?.map((session) => (
          <li key={session.id} className="card mb-3">
            <div className="card-body">
              <h2 className="h6 mb-1">
                Session {session.session_number} · {formatDate(session.session_date)}
              </h2>
              <p className="mb-2">{session.topics}</p>
              {session.lesson_video ? (
                <LessonVideo id={session.lesson_video} title={`Session ${session.session_number}: ${session.topics}`} />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
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
      <CalendarCard />
    </>
  );
}
