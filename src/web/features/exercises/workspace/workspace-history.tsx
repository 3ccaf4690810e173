import { argumentsText, emptyInputText } from '../../../../contracts/exercises/results';
import { type Workspace } from '../../../../contracts/exercises/workspace';
import { checkerLabels, DEFAULT_CHECKER } from '../../../../contracts/checkers';
import { formatDateTime } from '../../../../contracts/dates';
import { plural } from '../../../../contracts/wording';
import { useTimeZone } from '../../../lib/site-info';
import { ScrollRegion } from '../../../components/scroll-region';

/** The program's visible tests, as examples of input and expected output. */
export function VisibleTests({ workspace }: { workspace: Workspace }) {
  if (workspace.visible_tests.length === 0) return null;
  return (
    <details className="mt-3">
      <summary>
        Examples ({plural(workspace.visible_tests.length, 'visible test')}
        {workspace.hidden_tests ? `, ${workspace.hidden_tests} hidden` : ''})
      </summary>
      {workspace.visible_tests.map((test, index) => (
        <div key={index} className="row g-2 small mt-1">
          <div className="col-sm-6">
            <div className="text-body-secondary">Input {index + 1}</div>
            <pre className="program-output" role="region" aria-label={`Input ${index + 1}`} tabIndex={0}>
              {test.stdin || emptyInputText(test)}
            </pre>
          </div>
          <div className="col-sm-6">
            <div className="text-body-secondary">Expected output ({plural(test.points, 'point')})</div>
            <pre className="program-output" role="region" aria-label={`Expected output ${index + 1}`} tabIndex={0}>
              {test.expected_output}
            </pre>
          </div>
          <TestRules test={test} index={index} />
        </div>
      ))}
    </details>
  );
}

/** How a visible test runs and is checked, when that is not simply "the same text", and its files. */
function TestRules({ test, index }: { test: Workspace['visible_tests'][number]; index: number }) {
  const files = [
    ...test.files.map((file) => ({ ...file, label: 'Input file' })),
    ...test.expected_files.map((file) => ({ ...file, label: 'Expected file' })),
  ];
  if (test.checker === DEFAULT_CHECKER && test.args.length === 0 && files.length === 0 && !test.test_code) return null;
  return (
    <div className="col-12 text-body-secondary">
      {test.test_code ? (
        <div>
          <div>The test calls your functions:</div>
          <pre className="program-output" role="region" aria-label={`Test code of example ${index + 1}`} tabIndex={0}>
            {test.test_code}
          </pre>
        </div>
      ) : null}
      {files.map((file) => (
        <div key={`${file.label}-${file.name}`}>
          <div>
            {file.label} <code>{file.name}</code>
          </div>
          <pre
            className="program-output"
            role="region"
            aria-label={`${file.label} ${file.name} of example ${index + 1}`}
            tabIndex={0}
          >
            {file.content || '(empty)'}
          </pre>
        </div>
      ))}
      {test.args.length > 0 ? (
        <div>
          Run with arguments: <code>{argumentsText(test.args)}</code>
        </div>
      ) : null}
      {test.checker !== DEFAULT_CHECKER ? (
        <div>
          Checked as: {checkerLabels[test.checker]}
          {test.checker === 'numbers' ? ` (± ${test.tolerance})` : ''}
        </div>
      ) : null}
    </div>
  );
}

/** The student's submissions and best score, each submission viewable again. */
export function SubmissionHistory({ workspace, onView }: { workspace: Workspace; onView: (id: number) => void }) {
  const zone = useTimeZone();
  return (
    <>
      <h2 className="h5 mt-4">Your submissions</h2>
      {workspace.submissions.length === 0 ? (
        <p className="text-body-secondary">None yet. Submit to have your program graded against every test case.</p>
      ) : (
        <>
          <p>
            Best score: <strong>{workspace.best_score ?? 0}</strong> / {workspace.total_points}
            {workspace.best_late ? <span className="badge text-bg-warning ms-2">Late</span> : null}
          </p>
          <ScrollRegion label="Your submissions">
            <table className="table table-sm w-auto">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Score</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {workspace.submissions.map((s) => (
                  <tr key={s.id}>
                    <td className="text-nowrap">{formatDateTime(s.created_at, zone)}</td>
                    <td className="text-nowrap">
                      {s.status === 'compile_error' ? 'Did not compile' : `${s.score} / ${s.total}`}
                      {s.late ? <span className="badge text-bg-warning ms-2">Late</span> : null}
                    </td>
                    <td>
                      <button type="button" className="btn btn-sm btn-link p-0" onClick={() => onView(s.id)}>
                        View
                        <span className="visually-hidden"> the submission of {formatDateTime(s.created_at, zone)}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </>
  );
}
