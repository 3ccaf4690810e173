import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../contracts/paths';
import type { StudentData } from '../../../contracts/accounts';
import { type MyProgram, programMessages } from '../../../contracts/course-content';
import { STUDENT_STATUS } from '../../../contracts/course';
import { PageSpinner } from '../../components/page-spinner';
import { myProgramsQuery } from './api';
import { NeedsPayment } from '../../components/needs-payment';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../../contracts/dates';
import { formatDeadline } from '../../../contracts/home';
import { useTimeZone } from '../../lib/site-info';

/**
 * A program sent to the student: its task, and the one way to hand it in, the editor. With test cases its Submit
 * grades the program at once; without, Hand in gives it to the teacher to read.
 */
function ProgramCard({ program }: { program: MyProgram }) {
  const zone = useTimeZone();
  return (
    <li className="card mb-3">
      <div className="card-body">
        <h2 className="h6 d-flex flex-wrap gap-2 align-items-center">
          Program {program.program_number}
          {program.late ? <span className="badge text-bg-warning">Late</span> : null}
        </h2>
        {program.due_at ? <p className="mb-2 fw-semibold">Due {formatDeadline(program.due_at, zone)}</p> : null}
        {program.opens_at && program.closes_at ? (
          <p className="mb-2 fw-semibold">
            Timed: open from {formatDateTime(program.opens_at, zone)} to {formatDateTime(program.closes_at, zone)}
          </p>
        ) : null}
        <p className="task-text">{program.task}</p>
        <Link className="btn btn-primary mb-2" to={`${paths.dashboard}/${dashboardPaths.myProgs}/${program.id}`}>
          Open in the editor
        </Link>
        <span className="ms-2 small text-body-secondary">
          {program.graded ? programMessages.gradedHowTo : programMessages.handInHowTo}
        </span>
        {program.solution ? (
          <details>
            <summary>
              Your solution{program.submitted_at ? `, submitted ${formatDateTime(program.submitted_at, zone)}` : ''}
            </summary>
            <pre
              className="solution-code"
              role="region"
              aria-label={`Your solution to program ${program.program_number}`}
              tabIndex={0}
            >
              {program.solution}
            </pre>
          </details>
        ) : (
          <p className="text-body-secondary mb-0">Not submitted yet.</p>
        )}
      </div>
    </li>
  );
}

export function MyProgs({ student }: { student: StudentData }) {
  const paid = student.student_status !== STUDENT_STATUS.unpaid;
  const programs = useQuery({
    ...myProgramsQuery(student.id),
    enabled: paid,
  });
  if (!paid) return <NeedsPayment title="My Progs" what="Program exercises" />;
  return (
    <>
      <h1 className="h4">My Progs</h1>
      {programs.isPending ? <PageSpinner /> : null}
      {programs.isError ? <div className="alert alert-danger">{errorText(programs.error)}</div> : null}
      {programs.data?.length === 0 ? <p>No program yet: your teacher sends them after each topic.</p> : null}
      <ol className="list-unstyled">
        {[...(programs.data ?? [])]
          .sort((a, b) => a.program_number - b.program_number)
          .map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
      </ol>
    </>
  );
}
