import {
  argumentsText,
  type CompileResult,
  emptyInputText,
  type GradeResult,
  type RunOutcome,
  type TestResult,
  verdictLabels,
} from '../../contracts/exercises/results';
import { InlineCode } from './inline-code';
import { penaltyNote } from '../../contracts/penalty-regime';

/** The compiler's errors and warnings, each with its line. */
export function CompileMessages({ compile }: { compile: CompileResult }) {
  if (compile.ok && compile.diagnostics.length === 0) return null;
  return (
    <div className={`alert ${compile.ok ? 'alert-warning' : 'alert-danger'} py-2`}>
      <strong>{compile.ok ? 'Compiled with warnings' : 'The program did not compile'}</strong>
      {compile.diagnostics.length > 0 ? (
        <ul className="mb-0 mt-1 diagnostics">
          {compile.diagnostics.map((d, i) => (
            <li key={i}>
              Line {d.line}: {d.severity} — {d.message}
            </li>
          ))}
        </ul>
      ) : (
        <pre className="mb-0 mt-1 small program-output" role="region" aria-label="Compiler output" tabIndex={0}>
          {compile.output}
        </pre>
      )}
    </div>
  );
}

/** What the run told without stopping the program: a memory leak. Its `code` shows as code, as every run message's. */
function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="alert alert-warning py-1 px-2 mb-1 small">
      {warnings.map((warning) => (
        <p key={warning} className="mb-0">
          <InlineCode text={warning} />
        </p>
      ))}
    </div>
  );
}

/** A file's name and its text, in a scrollable block. */
function FileBlock({ label, name, content }: { label: string; name: string; content: string }) {
  return (
    <div>
      <div className="text-body-secondary small">
        {label} <code>{name}</code>
      </div>
      <pre className="program-output" role="region" aria-label={`${label} ${name}`} tabIndex={0}>
        {content || '(empty)'}
      </pre>
    </div>
  );
}

/** A test's text under its label (Input, Expected output, Your output), scrollable and named for screen readers. */
function TestText({ label, region, text }: { label: string; region: string; text: string }) {
  return (
    <>
      <div className="text-body-secondary">{label}</div>
      <pre className="program-output" role="region" aria-label={region} tabIndex={0}>
        {text}
      </pre>
    </>
  );
}

const runTitles: Record<RunOutcome['status'], string> = {
  ok: 'Finished',
  time_limit: 'Time limit',
  runtime_error: 'Runtime error',
  output_limit: 'Output limit',
  memory_limit: 'Memory limit',
};

export function RunOutput({ run }: { run: RunOutcome }) {
  return (
    <div className="run-output">
      <p className={`mb-1 fw-semibold ${run.status === 'ok' ? 'text-success' : 'text-danger'}`}>
        {runTitles[run.status]}
        {run.exit_code !== null ? ` · exit code ${run.exit_code}` : ''} · {run.time_ms} ms
      </p>
      {run.message ? (
        <p className={`mb-1${run.problem ? ' run-problem' : ''}`} role={run.problem ? 'alert' : undefined}>
          <InlineCode text={run.message} />
        </p>
      ) : null}
      <Warnings warnings={run.warnings} />
      <h3 className="h6 mb-1">Output</h3>
      <pre className="program-output" role="region" aria-label="Output" tabIndex={0}>
        {run.stdout || '(nothing printed)'}
      </pre>
      {run.stderr ? (
        <>
          <h3 className="h6 mb-1">Error output</h3>
          <pre className="program-output text-danger" role="region" aria-label="Error output" tabIndex={0}>
            {run.stderr}
          </pre>
        </>
      ) : null}
      {run.files.length > 0 ? (
        <>
          <h3 className="h6 mb-1">Files the program wrote</h3>
          {run.files.map((file) => (
            <FileBlock key={file.name} label="File" name={file.name} content={file.content} />
          ))}
        </>
      ) : null}
    </div>
  );
}

/** Score and one row per test case; a visible test that failed shows expected and actual output side by side. */
export function GradeTable({
  result,
  onStepThrough,
}: {
  result: GradeResult;
  /** Step through a failed visible test's run, with its input, files and arguments. */
  onStepThrough?: (test: TestResult) => void;
}) {
  return (
    <div>
      <p className="fs-5 mb-2">
        Score: <strong>{result.score}</strong> / {result.total}
      </p>
      {result.penalty ? (
        <p className="small text-body-secondary mb-2" data-testid="penalty">
          {penaltyNote(result.penalty)}
        </p>
      ) : null}
      <CompileMessages compile={result.compile} />
      <TestResultList tests={result.tests} noun="Test" onStepThrough={onStepThrough} />
    </div>
  );
}

/**
 * One row per test: its verdict, and for a visible one that failed, expected and actual output side by side. Tests
 * of a submission show their points; a function exercise's examples, run by Run, are named "Example" and show none.
 */
export function TestResultList({
  tests,
  noun,
  onStepThrough,
}: {
  tests: TestResult[];
  noun: 'Test' | 'Example';
  onStepThrough?: (test: TestResult) => void;
}) {
  const lower = noun.toLowerCase();
  return (
    <ol className="list-unstyled test-results">
      {tests.map((test) => (
        <li key={test.index} className={`test-result verdict-${test.verdict}`}>
          <div className="d-flex flex-wrap gap-2 align-items-baseline">
            <span className="fw-semibold">
              {noun} {test.index + 1}
            </span>
            <span
              className={`badge ${test.verdict === 'passed' ? 'text-bg-success' : test.verdict === 'not_run' ? 'text-bg-secondary' : 'text-bg-danger'}`}
            >
              {verdictLabels[test.verdict]}
            </span>
            <span className="text-body-secondary small">
              {noun === 'Test'
                ? `${test.verdict === 'passed' ? test.points : (test.awarded ?? 0)}/${test.points} ${test.points === 1 ? 'point' : 'points'}`
                : ''}
              {test.visible ? '' : ' · hidden test'}
              {test.verdict !== 'not_run' ? `${noun === 'Test' ? ' · ' : ''}${test.time_ms} ms` : ''}
            </span>
          </div>
          {test.message ? (
            <p className="mb-1 small">
              <InlineCode text={test.message} />
            </p>
          ) : null}
          <Warnings warnings={test.warnings} />
          {onStepThrough && test.visible && test.verdict !== 'passed' && test.verdict !== 'not_run' ? (
            <button type="button" className="btn btn-sm btn-outline-primary mb-1" onClick={() => onStepThrough(test)}>
              Step through this test
            </button>
          ) : null}
          {test.visible && test.verdict !== 'passed' && test.verdict !== 'not_run' ? (
            <div className="row g-2 small">
              <div className="col-md-4">
                <TestText
                  label="Input"
                  region={`Input of ${lower} ${test.index + 1}`}
                  text={test.stdin || emptyInputText({ files: test.input_files, args: test.args })}
                />
                {test.args.length > 0 ? (
                  <div className="text-body-secondary">
                    Arguments: <code>{argumentsText(test.args)}</code>
                  </div>
                ) : null}
                {test.input_files.map((file) => (
                  <FileBlock key={file.name} label="Input file" name={file.name} content={file.content} />
                ))}
              </div>
              <div className="col-md-4">
                <TestText
                  label="Expected output"
                  region={`Expected output of ${lower} ${test.index + 1}`}
                  text={test.expected_output ?? ''}
                />
              </div>
              <div className="col-md-4">
                <TestText
                  label="Your output"
                  region={`Your output of ${lower} ${test.index + 1}`}
                  text={test.actual_output || '(nothing printed)'}
                />
              </div>
              {test.files.map((file) => (
                <div key={file.name} className="row g-2 mx-0 px-0">
                  <div className="col-md-6 ps-0">
                    <FileBlock label="Expected file" name={file.name} content={file.expected} />
                  </div>
                  <div className="col-md-6 pe-0">
                    <FileBlock
                      label="Your file"
                      name={file.name}
                      content={file.actual ?? '(not created, or not text)'}
                    />
                  </div>
                </div>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
