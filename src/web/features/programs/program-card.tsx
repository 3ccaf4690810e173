import { Link } from 'react-router';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { type MyProgram, programMessages } from '../../../contracts/course-content';
import { formatDateTime } from '../../../contracts/dates';
import { formatDeadline } from '../../../contracts/home';
import { studentProgramLabel } from '../../../contracts/timed-work';
import { useTimeZone } from '../../lib/site-info';

/** Where a program stands for the student: a mark (✓ done, ✗ not yet right, none: nothing to judge yet) and words. */
export interface Standing {
  mark: '✓' | '✗' | null;
  /** Short, in the card's badge: "10/10", "Handed in", "To do". */
  badge: string;
  /** The sentence under the title. */
  text: string;
  done: boolean;
}

export function programStanding(program: MyProgram): Standing {
  if (program.graded) {
    if (program.best_score === null || program.best_total === null)
      return { mark: null, badge: 'To do', text: 'Not submitted yet.', done: false };
    const score = `${program.best_score}/${program.best_total}`;
    return program.best_score >= program.best_total
      ? { mark: '✓', badge: score, text: `Best score ${score}: every test passes.`, done: true }
      : {
          mark: '✗',
          badge: score,
          text: `Best score ${score}: some tests still fail. Open it to see which, and submit again.`,
          done: false,
        };
  }
  return program.solution
    ? { mark: '✓', badge: 'Handed in', text: 'Handed in: your teacher reads and reviews it.', done: true }
    : { mark: null, badge: 'To do', text: 'Not handed in yet.', done: false };
}

const markNames = { '✓': 'done', '✗': 'not yet right' } as const;

/**
 * A program sent to the student: where it stands (its best score with ✓ or ✗, or handed in), its task, and the one
 * way to hand it in, the editor.
 */
export function ProgramCard({ program }: { program: MyProgram }) {
  const zone = useTimeZone();
  const standing = programStanding(program);
  const tone = standing.mark === '✓' ? 'success' : standing.mark === '✗' ? 'danger' : 'secondary';
  return (
    <li className={`card mb-3 program-card border-start border-4 border-${tone}`}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
          <h2 className="h6 mb-1">{studentProgramLabel(program)}</h2>
          <span className={`badge text-bg-${tone} program-standing`}>
            {standing.mark ? (
              <>
                <span aria-hidden="true">{standing.mark} </span>
                <span className="visually-hidden">{markNames[standing.mark]}: </span>
              </>
            ) : null}
            {standing.badge}
          </span>
        </div>
        <p className="mb-2">
          {standing.text}
          {program.best_late ? <span className="badge text-bg-warning ms-2">Late</span> : null}
          {program.grade ? (
            <span className="d-block fw-semibold">
              Your teacher’s grade: {program.grade.score}/{program.grade.total}
            </span>
          ) : null}
        </p>
        {program.due_at ? <p className="mb-2 fw-semibold">Due {formatDeadline(program.due_at, zone)}</p> : null}
        {program.opens_at && program.closes_at ? (
          <p className="mb-2 fw-semibold">
            Timed: open from {formatDateTime(program.opens_at, zone)} to {formatDateTime(program.closes_at, zone)}
          </p>
        ) : null}
        <p className="task-text">{program.task}</p>
        <Link className="btn btn-primary mb-2" to={`${paths.dashboard}/${dashboardPaths.myProgs}/${program.id}`}>
          Open in the editor
          <span className="visually-hidden"> (program {program.program_number})</span>
        </Link>
        <span className="ms-2 small text-body-secondary">
          {program.graded ? programMessages.gradedHowTo : programMessages.handInHowTo}
        </span>
        {program.solution ? (
          <details>
            <summary>
              Your solution{program.submitted_at ? `, submitted ${formatDateTime(program.submitted_at, zone)}` : ''}
              {program.late ? <span className="badge text-bg-warning ms-2">Late</span> : null}
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
        ) : null}
      </div>
    </li>
  );
}
