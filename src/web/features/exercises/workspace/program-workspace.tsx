import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { exerciseMessages } from '../../../../contracts/exercises/limits';
import { codeSchema } from '../../../../contracts/exercises/program-input';
import { type TestResult } from '../../../../contracts/exercises/results';
import { type Workspace } from '../../../../contracts/exercises/workspace';
import { systemClock } from '../../../../contracts/clock';
import { dashboardPaths, paths } from '../../../../contracts/paths';
import { programMessages } from '../../../../contracts/course-content';
import { studentProgramLabel } from '../../../../contracts/timed-work';
import { PageSpinner } from '../../../components/page-spinner';
import { CEditor, type LineNote } from '../c-editor';
import {
  getSubmission,
  useHandInSolution,
  useRunProgram,
  useSubmitProgram,
  workspaceQuery,
  workspaceStreamUrl,
} from './api';
import { useLiveChanges } from '../live-changes';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../../contracts/dates';
import { useTimeZone } from '../../../lib/site-info';
import { draftStateText, useDraft } from './use-draft';
import { Shown, compileNotes, runNotes, TeacherComments, WorkspaceResult, WorkspaceRules } from './workspace-notes';
import { SubmissionHistory, VisibleTests } from './workspace-history';
import { LoadCFile, RunInput, useRunInput } from './run-input';
import { useStepThrough } from '../../../components/step-through/use-step-through';
import { DueLine, TimedBanner, useTimedState } from './timed-banner';
import { WorkspaceGrade } from './workspace-grade';

/** `locked`: a timed program whose time is up: the code is shown, nothing is saved, run or submitted. */
function Editor({ workspace, locked }: { workspace: Workspace; locked: boolean }) {
  const zone = useTimeZone();
  const id = workspace.id;
  const initial = workspace.draft_code ?? workspace.solution ?? workspace.starter_code;
  const { code, saved, save, setSave, onChange } = useDraft(id, initial, workspace.draft_saved_at, locked);
  const runInput = useRunInput(workspace.visible_tests[0]);
  const run = useRunProgram();
  const submit = useSubmitProgram();
  const handIn = useHandInSolution();
  const stepThrough = useStepThrough(
    { studentProgramId: id },
    () => ({ code: code.current, ...runInput.input() }),
    locked || run.isPending || submit.isPending || handIn.isPending,
  );
  // A failed test shown in full carries what it ran with: its input, files and arguments.
  const testRun = (test: TestResult) => ({ stdin: test.stdin ?? '', files: test.input_files, args: test.args });
  const busy = run.isPending || stepThrough.pending ? 'run' : submit.isPending || handIn.isPending ? 'submit' : null;
  const [error, setError] = useState<string | null>(null);
  const [handedIn, setHandedIn] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const replace = useRef<((text: string) => void) | null>(null);

  const notes = useMemo<LineNote[]>(() => {
    const compile = shown?.result.compile;
    // A comment whose line changed since is listed as outdated above the editor, on no line of it.
    const teacher = workspace.comments.flatMap((c) =>
      c.now_line === null
        ? []
        : [{ line: c.now_line, severity: 'info' as const, message: `${c.author}: ${c.body}`, source: 'Teacher' }],
    );
    return [...compileNotes(compile), ...runNotes(shown), ...teacher];
  }, [shown, workspace.comments]);

  /** Run; Submit (graded against the tests); Hand in (a program without tests, for the teacher to read). */
  const act = async (kind: 'run' | 'submit' | 'handIn') => {
    setError(null);
    setHandedIn(null);
    // The same rule (and words) the server applies, checked first so the student isn't kept waiting for them.
    const checked = codeSchema.safeParse(code.current);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? exerciseMessages.emptyCode);
    try {
      if (kind === 'handIn') {
        await handIn.mutateAsync({ id, code: code.current });
        setHandedIn(programMessages.handedIn);
      } else if (kind === 'run') {
        const result = await run.mutateAsync({ id, code: code.current, ...runInput.input() });
        saved.current = code.current;
        setSave({ state: 'saved', at: systemClock().toISOString() });
        setShown({ kind: 'run', result });
      } else {
        const submission = await submit.mutateAsync({ id, code: code.current });
        saved.current = code.current;
        setSave({ state: 'saved', at: submission.created_at });
        setShown({
          kind: 'grade',
          title: `Submission of ${formatDateTime(submission.created_at, zone)}`,
          result: submission.result,
        });
      }
    } catch (failure) {
      setError(errorText(failure));
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

  // As the server decides: an open program with at least one test case is graded; one without is handed in.
  const graded = workspace.visible_tests.length + workspace.hidden_tests > 0;
  const canSubmit = !workspace.closed && graded && !locked;
  const saveText = draftStateText(save, zone);

  return (
    <>
      {workspace.comments.length > 0 ? <TeacherComments comments={workspace.comments} /> : null}

      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null || locked}
          onClick={() => void act('run')}
        >
          {run.isPending ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
          Run
        </button>
        {stepThrough.button()}
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
          <button
            type="button"
            className="btn btn-success"
            disabled={busy !== null || locked}
            onClick={() => void act('handIn')}
          >
            {busy === 'submit' ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
            Hand in
          </button>
        )}
        <LoadCFile disabled={locked} onText={(text) => replace.current?.(text)} onError={setError} />
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
        readOnly={locked}
      />

      <RunInput {...runInput} />
      {stepThrough.panel}

      {error ? (
        <div className="alert alert-danger mt-3" role="alert">
          {error}
        </div>
      ) : null}
      <WorkspaceResult busy={busy} shown={shown} onStepThrough={(test) => void stepThrough.start(testRun(test))} />

      <VisibleTests workspace={workspace} />
      <SubmissionHistory workspace={workspace} onView={(id) => void showSubmission(id)} />
    </>
  );
}

/** /DashPage/myprogs/:id — the program's task, the C editor, Run and Submit, results and history. */
export default function ProgramWorkspace({ id }: { id: string }) {
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
  // The program opens or closes while the page is open: read it again (the task appears; work is refused).
  const { now, state } = useTimedState(workspace.data, workspace.dataUpdatedAt, () => {
    void client.invalidateQueries({ queryKey: workspaceQuery(spId).queryKey });
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
  const waiting = state === 'waiting';
  return (
    <>
      {back}
      <h1 className="h4">{studentProgramLabel(workspace.data)}</h1>
      {workspace.data.due_at ? <DueLine dueAt={workspace.data.due_at} /> : null}
      {workspace.data.timing ? <TimedBanner timing={workspace.data.timing} now={now} /> : null}
      <p className="task-text">{workspace.data.task}</p>
      <WorkspaceRules workspace={workspace.data} />
      <WorkspaceGrade workspace={workspace.data} stillOpen={!workspace.data.closed && state !== 'over' && !waiting} />
      {/* Before a timed program opens there is nothing to work on. */}
      {waiting ? null : <Editor key={state ?? 'untimed'} workspace={workspace.data} locked={state === 'over'} />}
    </>
  );
}
