import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import type { StudentData } from '../../../contracts/accounts';
import { STUDENT_STATUS } from '../../../contracts/course';
import { formatDateTime } from '../../../contracts/dates';
import { formatDeadline, type Home, type HomeProgram, type NextStep } from '../../../contracts/home';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { useTimeZone } from '../../lib/site-info';
import { PageSpinner } from '../../components/page-spinner';
import { StatusBadge } from '../../components/status-badge';
import { errorText } from '../../lib/error-text';
import { homeQuery } from './api';
import type { MySession } from '../../../contracts/schedule';
import { useServerNow } from '../../lib/server-now';
import { Card, Progress } from './home-progress';

const section = (name: keyof typeof dashboardPaths) => `${paths.dashboard}/${dashboardPaths[name]}`;

function StepLink({ step, children }: { step: NextStep; children: ReactNode }) {
  // The class's card is on this page: a plain anchor scrolls to it.
  if (step.link.startsWith(`${paths.dashboard}#`))
    return <a href={step.link.slice(paths.dashboard.length)}>{children}</a>;
  return <Link to={step.link}>{children}</Link>;
}

function WhatNext({ steps }: { steps: NextStep[] }) {
  return (
    <section className="card mb-4 home-next-steps" aria-labelledby="what-next-heading">
      <div className="card-body">
        <h2 id="what-next-heading" className="h5">
          What to do next
        </h2>
        <ol className="mb-0 ps-3">
          {steps.map((step, index) => (
            <li key={`${step.kind}-${step.link}`} className={index === 0 ? 'fw-semibold mb-2' : 'mb-1'}>
              {index === 0 ? (
                <span className="fs-5">
                  <StepLink step={step}>{step.text}</StepLink>
                </span>
              ) : (
                <StepLink step={step}>{step.text}</StepLink>
              )}
              {step.detail ? <div className="small fw-normal text-body-secondary">{step.detail}</div> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function ProgramItem({ program }: { program: HomeProgram }) {
  const zone = useTimeZone();
  return (
    <li>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link to={`${section('myProgs')}/${program.id}`} className="fw-semibold">
          Program {program.program_number}
        </Link>
        {program.late ? <span className="badge text-bg-warning">Late</span> : null}
        {program.overdue && !program.late ? <span className="badge text-bg-danger">Overdue</span> : null}
      </div>
      {program.due_at ? <div className="small">Due {formatDeadline(program.due_at, zone)}</div> : null}
      {/* Not open yet, the line says when it opens: shown whole. */}
      <div className={`small text-body-secondary${program.opens_at ? '' : ' text-truncate'}`}>{program.task}</div>
      {program.submitted && program.best_total ? (
        <div className="small">
          Best score {program.best_score ?? 0} / {program.best_total}
        </div>
      ) : null}
    </li>
  );
}

function PaidHome({ home }: { home: Home }) {
  const zone = useTimeZone();
  return (
    <>
      <div className="row g-4 mb-4">
        <div className="col-lg-6">
          <Card id="to-solve-heading" title="Programs to solve">
            {home.programs_to_solve.length === 0 ? (
              <p className="mb-0">No programs to solve right now.</p>
            ) : (
              <ol className="list-unstyled home-list mb-0">
                {home.programs_to_solve.map((program) => (
                  <ProgramItem key={program.id} program={program} />
                ))}
              </ol>
            )}
          </Card>
        </div>
        <div className="col-lg-6">
          <Progress progress={home.progress} />
        </div>
        <div className="col-lg-6">
          <Card id="answered-heading" title="Doubts answered">
            <p className="small text-body-secondary">
              {home.since ? `Since your last visit (${formatDateTime(home.since, zone)}).` : 'Your teacher’s answers.'}
            </p>
            {home.doubts_answered.length === 0 ? (
              <p>{home.since ? 'No new answers since your last visit.' : 'No answers yet.'}</p>
            ) : (
              <ul className="list-unstyled home-list mb-2">
                {home.doubts_answered.map((doubt) => (
                  <li key={doubt.id}>
                    <div className="fw-semibold">
                      {doubt.session_number ? `Session ${doubt.session_number}: ` : ''}
                      {doubt.question}
                    </div>
                    <div className="home-text">{doubt.answer}</div>
                    <div className="small text-body-secondary">Answered {formatDateTime(doubt.answered_at, zone)}</div>
                  </li>
                ))}
              </ul>
            )}
            <Link to={section('myDoubts')} className="small">
              All your doubts
            </Link>
          </Card>
        </div>
        <div className="col-lg-6">
          <Card id="comments-heading" title="Latest comments on your code">
            {home.comments.length === 0 ? (
              <p className="mb-0">No comments from your teacher yet.</p>
            ) : (
              <ul className="list-unstyled home-list mb-0">
                {home.comments.map((comment) => (
                  <li key={comment.id}>
                    <Link to={comment.link} className="fw-semibold">
                      Program {comment.program_number}, line {comment.line}
                    </Link>
                    <div className="home-text">{comment.body}</div>
                    <div className="small text-body-secondary">
                      {comment.author}, {formatDateTime(comment.created_at, zone)}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

/** The dashboard's index: the student's home. */
interface NextClassProps {
  session: MySession;
  now: number;
  meetingLink: string | null;
  feedUrl: string | undefined;
}

/** What the home shows from other areas, handed in by the dashboard (features don't import each other). */
export interface HomeSlots {
  /** The next class with its countdown and Join (the schedule's). */
  NextClass: ComponentType<NextClassProps>;
  /** The student's certificate, when the course is completed (the certificates'). */
  certificate: ReactNode;
}

export function HomeSection({ student, NextClass, certificate }: { student: StudentData } & HomeSlots) {
  const home = useQuery(homeQuery());
  const now = useServerNow(home.data?.now, home.dataUpdatedAt);
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  return (
    <>
      <h1 className="h4">Welcome, {student.first_name}</h1>
      <p>
        Course status: <StatusBadge status={student.student_status} />
      </p>
      {home.isPending ? <PageSpinner /> : null}
      {home.isError ? <div className="alert alert-danger">{errorText(home.error)}</div> : null}
      {certificate}
      {home.data ? (
        <>
          {home.data.next_class ? (
            <NextClass
              session={home.data.next_class.session}
              now={now}
              meetingLink={home.data.next_class.meeting_link}
              feedUrl={undefined}
            />
          ) : paid ? (
            <p className="text-body-secondary">
              {home.data.batch_number === null
                ? 'You will be placed in a batch; its class times appear here and under My Classes.'
                : student.student_status === STUDENT_STATUS.completed
                  ? 'Your batch has no more classes scheduled: your classes and their videos are under My Classes.'
                  : 'No class is coming up yet: the timetable is under My Classes.'}
            </p>
          ) : null}
          <WhatNext steps={home.data.next_steps} />
          {paid ? (
            <PaidHome home={home.data} />
          ) : (
            <p>
              The next batch start date is announced by email. Join the batch by paying the course fee from My Payment.
            </p>
          )}
        </>
      ) : null}
    </>
  );
}
