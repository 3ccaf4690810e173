import { formatDateTime } from '../../../../contracts/dates';
import type { Workspace } from '../../../../contracts/exercises/workspace';
import { gradingMessages, rubricTotal } from '../../../../contracts/grading';
import { useTimeZone } from '../../../lib/site-info';

/**
 * The rubric the teacher grades this program by, and the grade once released: points per criterion and the
 * teacher's feedback (their comments on lines are shown in the editor).
 */
export function WorkspaceGrade({
  workspace,
  stillOpen = false,
}: {
  workspace: Workspace;
  /** The program still takes work (not closed, a timed window not over): a new submission may change the grade. */
  stillOpen?: boolean;
}) {
  const zone = useTimeZone();
  const { rubric, grade } = workspace;
  if (rubric.length === 0 && !grade) return null;
  const rows = grade ? grade.scores : rubric.map((c) => ({ title: c.title, max: c.points, points: null }));
  return (
    <section className="card card-body mb-3" aria-labelledby="rubric-heading">
      <h2 id="rubric-heading" className="h6 mb-2">
        {grade ? `Graded by your teacher: ${grade.score}/${grade.total}` : 'How your teacher grades it'}
      </h2>
      <table className="table table-sm mb-2">
        <thead>
          <tr>
            <th scope="col">Criterion</th>
            <th scope="col" className="text-end">
              {grade ? 'Points' : 'Worth'}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>{row.title}</td>
              <td className="text-end text-nowrap">{row.points === null ? row.max : `${row.points} / ${row.max}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {grade ? (
        <>
          {grade.feedback ? <p className="mb-1 task-text">{grade.feedback}</p> : null}
          <p className="small text-body-secondary mb-0">
            By {grade.graded_by}
            {grade.released_at ? `, released ${formatDateTime(grade.released_at, zone)}` : ''}.
          </p>
          {stillOpen ? (
            <p className="alert alert-warning py-2 mt-2 mb-0" role="note">
              {gradingMessages.mayChange(grade.score, grade.total)}
            </p>
          ) : null}
        </>
      ) : (
        <p className="small text-body-secondary mb-0">
          Worth {rubricTotal(rubric)} points in all, given by hand. You will see your grade here once it is released.
        </p>
      )}
    </section>
  );
}
