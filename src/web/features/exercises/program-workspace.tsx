import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  type CompileResult,
  codeSchema,
  draftSchema,
  EXERCISE_LIMITS,
  type GradeResult,
  type RunResult,
  type Workspace,
  exerciseMessages,
} from '../../../contracts/exercises';
import { nowMs, systemClock } from '../../../contracts/clock';
import { dashboardPaths, paths } from '../../../contracts/paths';
import { programMessages } from '../../../contracts/course-content';
import { PageSpinner } from '../../components/page-spinner';
import { readToken } from '../../lib/auth-store';
import { CEditor, type LineNote } from './c-editor';
import {
  getSubmission,
  handInSolution,
  workspaceQuery,
  runProgram,
  saveDraft,
  saveDraftOnLeave,
  submitProgram,
  workspaceStreamUrl,
} from '../../lib/exercises-api';
import { useLiveChanges } from '../../lib/live-changes';
import { CompileMessages, GradeTable, RunOutput } from '../../components/grade-results';
import { errorText } from '../../lib/error-text';
import { formatDateTime, formatTime } from '../../../contracts/dates';
import { formatDeadline } from '../../../contracts/home';
import { plural } from '../../../contracts/wording';
import { useTimeZone } from '../../lib/site-info';
import { ScrollRegion } from '../../components/scroll-region';

const AUTOSAVE_MS = 2000;
type SaveState = { state: 'saved' | 'saving' | 'unsaved' | 'failed'; at: string | null };
type Shown = { kind: 'run'; result: RunResult } | { kind: 'grade'; title: string; result: GradeResult } | null;

function compileNotes(compile: CompileResult | undefined): LineNote[] {
  return (compile?.diagnostics ?? []).map((d) => ({
    line: d.line,
    column: d.column,
    severity: d.severity === 'note' ? 'info' : d.severity,
    message: d.message,
    source: 'clang',
  }));
}

/** What stopped a run (or the first failed test) on its line: a memory error, undefined behaviour, a stack overflow. */
function runNotes(shown: Shown): LineNote[] {
  if (!shown) return [];
  const stopped =
    shown.kind === 'run'
      ? shown.result.run
      : shown.result.tests.find((test) => test.line !== null && test.verdict !== 'passed');
  if (!stopped?.line || !stopped.message) return [];
  return [{ line: stopped.line, severity: 'error', message: stopped.message, source: 'run' }];
}

/** The teacher's comments; a notification's link (#comment-<id>) scrolls to its comment and highlights it. */
function TeacherComments({ comments }: { comments: Workspace['comments'] }) {
  const zone = useTimeZone();
  const { hash } = useLocation();
  const target = /^#comment-(\d+)$/.exec(hash)?.[1];
  useEffect(() => {
    if (target) document.getElementById(`comment-${target}`)?.scrollIntoView({ block: 'center' });
  }, [target]);
  return (
    <div className="alert alert-info py-2">
      <strong>Comments from your teacher</strong>
      <ul className="mb-0 mt-1">
        {comments.map((c) => (
          <li
            key={c.id}
            id={`comment-${c.id}`}
            className={String(c.id) === target ? 'comment-highlight' : undefined}
            aria-current={String(c.id) === target ? 'true' : undefined}
          >
            Line {c.line}: {c.body}{' '}
            <span className="text-body-secondary small">
              — {c.author}, {formatDateTime(c.created_at, zone)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Editor({ workspace }: { workspace: Workspace }) {
  const zone = useTimeZone();
  const client = useQueryClient();
  const id = workspace.id;
  const initial = workspace.draft_code ?? workspace.solution ?? workspace.starter_code;
  const code = useRef(initial);
  const saved = useRef(initial);
  const [save, setSave] = useState<SaveState>({ state: 'saved', at: workspace.draft_saved_at });
  const [edits, setEdits] = useState(0);
  const [stdin, setStdin] = useState(workspace.visible_tests[0]?.stdin ?? '');
  const [busy, setBusy] = useState<'run' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [handedIn, setHandedIn] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const replace = useRef<((text: string) => void) | null>(null);

  const persist = useCallback(async () => {
    const text = code.current;
    if (text === saved.current) return;
    // The server's own rule for drafts: a draft over the limit is not sent.
    if (!draftSchema.safeParse({ code: text }).success) return setSave({ state: 'failed', at: null });
    setSave((s) => ({ ...s, state: 'saving' }));
    try {
      const { saved_at } = await saveDraft(id, text);
      saved.current = text;
      setSave({ state: code.current === text ? 'saved' : 'unsaved', at: saved_at });
    } catch {
      setSave((s) => ({ ...s, state: 'failed' }));
    }
  }, [id]);

  // Autosave a couple of seconds after the last keystroke; and on leaving the page.
  useEffect(() => {
    if (edits === 0) return;
    const timer = setTimeout(() => void persist(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edits, persist]);
  useEffect(() => {
    const leave = () => {
      if (code.current !== saved.current) saveDraftOnLeave(id, code.current, readToken());
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [id]);

  const onChange = useCallback((text: string) => {
    code.current = text;
    setSave((s) => ({ ...s, state: 'unsaved' }));
    setEdits((n) => n + 1);
  }, []);

  const notes = useMemo<LineNote[]>(() => {
    const compile = shown?.result.compile;
    const teacher = workspace.comments.map((c) => ({
      line: c.line,
      severity: 'info' as const,
      message: `${c.author}: ${c.body}`,
      source: 'Teacher',
    }));
    return [...compileNotes(compile), ...runNotes(shown), ...teacher];
  }, [shown, workspace.comments]);

  /** Run; Submit (graded against the tests); Hand in (a program without tests, for the teacher to read). */
  const act = async (kind: 'run' | 'submit' | 'handIn') => {
    setError(null);
    setHandedIn(null);
    // The same rule (and words) the server applies, checked first so the student isn't kept waiting for them.
    const checked = codeSchema.safeParse(code.current);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? exerciseMessages.emptyCode);
    setBusy(kind === 'run' ? 'run' : 'submit');
    try {
      if (kind === 'handIn') {
        await handInSolution(id, code.current);
        setHandedIn(programMessages.handedIn);
        await client.invalidateQueries({ queryKey: workspaceQuery(id).queryKey });
      } else if (kind === 'run') {
        const result = await runProgram(id, code.current, stdin);
        saved.current = code.current;
        setSave({ state: 'saved', at: systemClock().toISOString() });
        setShown({ kind: 'run', result });
      } else {
        const submission = await submitProgram(id, code.current);
        saved.current = code.current;
        setSave({ state: 'saved', at: submission.created_at });
        setShown({
          kind: 'grade',
          title: `Submission of ${formatDateTime(submission.created_at, zone)}`,
          result: submission.result,
        });
        await client.invalidateQueries({ queryKey: workspaceQuery(id).queryKey });
      }
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const showSubmission = async (submissionId: number) => {
    setError(null);
    try {
      const submission = await getSubmission(id, submissionId);
      setShown({
        kind: 'grade',
        title: `Submission of ${formatDateTime(submission.created_at, zone)}`,
        result: submission.result,
      });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > EXERCISE_LIMITS.codeMaxBytes) return setError(exerciseMessages.codeTooLarge);
    replace.current?.(await file.text());
  };

  // As the server decides: an open program with at least one test case is graded; one without is handed in.
  const graded = workspace.visible_tests.length + workspace.hidden_tests > 0;
  const canSubmit = !workspace.closed && graded;
  const saveText = {
    saved: save.at ? `Draft saved at ${formatTime(save.at, zone)}` : 'No changes yet',
    saving: 'Saving…',
    unsaved: 'Unsaved changes',
    failed: 'Could not save the draft. It will be tried again as you type.',
  }[save.state];

  return (
    <>
      {workspace.comments.length > 0 ? <TeacherComments comments={workspace.comments} /> : null}

      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void act('run')}>
          {busy === 'run' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
          Run
        </button>
        {graded || workspace.closed ? (
          <button
            type="button"
            className="btn btn-success"
            disabled={busy !== null || !canSubmit}
            onClick={() => void act('submit')}
          >
            {busy === 'submit' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
            Submit
          </button>
        ) : (
          <button type="button" className="btn btn-success" disabled={busy !== null} onClick={() => void act('handIn')}>
            {busy === 'submit' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
            Hand in
          </button>
        )}
        <label className="btn btn-outline-secondary mb-0">
          Load a .c file
          <input
            type="file"
            accept=".c,.h,text/x-c,text/plain"
            className="visually-hidden"
            onChange={(e) => void loadFile(e)}
          />
        </label>
        <span
          className={`small ms-auto ${save.state === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
          role="status"
          aria-live="polite"
        >
          {saveText}
        </span>
      </div>
      {workspace.closed ? (
        <p className="text-body-secondary small">{exerciseMessages.closed} You can still run your program.</p>
      ) : null}
      {!workspace.closed && !graded ? <p className="text-body-secondary small">{programMessages.handInHowTo}</p> : null}
      {handedIn ? (
        <p className="text-success small" role="status">
          {handedIn}
        </p>
      ) : null}

      <CEditor
        initialCode={initial}
        onChange={onChange}
        notes={notes}
        label={`Program ${workspace.program_number} in C`}
        onReady={(fn) => (replace.current = fn)}
      />

      <label className="form-label mt-3" htmlFor="run-stdin">
        Input for Run (what your program reads with scanf)
      </label>
      <textarea
        id="run-stdin"
        className="form-control code-input"
        rows={3}
        value={stdin}
        onChange={(e) => setStdin(e.target.value)}
        spellCheck={false}
      />

      {error ? (
        <div className="alert alert-danger mt-3" role="alert">
          {error}
        </div>
      ) : null}
      <section className="mt-3" aria-live="polite" aria-label="Result">
        {busy ? (
          <p className="text-body-secondary">{busy === 'run' ? 'Compiling and running…' : 'Compiling and grading…'}</p>
        ) : null}
        {!busy && shown?.kind === 'run' ? (
          <>
            <h2 className="h5">Run</h2>
            <CompileMessages compile={shown.result.compile} />
            {shown.result.run ? <RunOutput run={shown.result.run} /> : null}
          </>
        ) : null}
        {!busy && shown?.kind === 'grade' ? (
          <>
            <h2 className="h5">{shown.title}</h2>
            <GradeTable result={shown.result} />
          </>
        ) : null}
      </section>

      {workspace.visible_tests.length > 0 ? (
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
                  {test.stdin || '(none)'}
                </pre>
              </div>
              <div className="col-sm-6">
                <div className="text-body-secondary">Expected output ({plural(test.points, 'point')})</div>
                <pre className="program-output" role="region" aria-label={`Expected output ${index + 1}`} tabIndex={0}>
                  {test.expected_output}
                </pre>
              </div>
            </div>
          ))}
        </details>
      ) : null}

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
                      <button
                        type="button"
                        className="btn btn-sm btn-link p-0"
                        onClick={() => void showSubmission(s.id)}
                      >
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

/** /DashPage/myprogs/:id — the program's task, the C editor, Run and Submit, results and history. */
export default function ProgramWorkspace({ id }: { id: string }) {
  const zone = useTimeZone();
  const spId = Number(id);
  const valid = Number.isInteger(spId) && spId > 0;
  const client = useQueryClient();
  // The teacher's comments show up while the student works: pushed by the stream, polled while it is down.
  const live = useLiveChanges(valid ? workspaceStreamUrl(spId) : null, () => {
    void client.invalidateQueries({ queryKey: workspaceQuery(spId).queryKey });
  });
  const workspace = useQuery({
    ...workspaceQuery(spId),
    enabled: valid,
    refetchInterval: live ? false : 15_000,
  });
  const back = (
    <Link to={`${paths.dashboard}/${dashboardPaths.myProgs}`} className="d-inline-block mb-2">
      ← My Progs
    </Link>
  );
  if (!valid || workspace.isError) {
    return (
      <>
        {back}
        <h1 className="h4">My Progs</h1>
        <div className="alert alert-danger">
          {workspace.error ? errorText(workspace.error) : exerciseMessages.notFound}
        </div>
      </>
    );
  }
  if (!workspace.data) return <PageSpinner />;
  return (
    <>
      {back}
      <h1 className="h4">Program {workspace.data.program_number}</h1>
      {workspace.data.due_at ? (
        <p className="fw-semibold mb-2">
          Due {formatDeadline(workspace.data.due_at, zone)}
          {Date.parse(workspace.data.due_at) < nowMs() ? (
            <span className="fw-normal text-body-secondary"> (passed: a submission now is graded and marked late)</span>
          ) : null}
        </p>
      ) : null}
      <p className="task-text">{workspace.data.task}</p>
      {workspace.data.no_leaks ? <p className="small text-body-secondary">{exerciseMessages.noLeaksRule}</p> : null}
      <Editor workspace={workspace.data} />
    </>
  );
}
