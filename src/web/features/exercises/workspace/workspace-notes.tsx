import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CompileMessages, GradeTable, RunOutput, TestResultList } from '../../../components/grade-results';
import { exerciseMessages } from '../../../../contracts/exercises/limits';
import {
  type CompileResult,
  type GradeResult,
  type RunResult,
  type TestResult,
} from '../../../../contracts/exercises/results';
import { type Workspace } from '../../../../contracts/exercises/workspace';
import { penaltyRegimeText } from '../../../../contracts/penalty-regime';
import type { LineNote } from '../c-editor';
import { formatDateTime } from '../../../../contracts/dates';
import { useTimeZone } from '../../../lib/site-info';
import { CommentPlace } from '../../../components/comment-place';

export type Shown = { kind: 'run'; result: RunResult } | { kind: 'grade'; title: string; result: GradeResult } | null;

export function compileNotes(compile: CompileResult | undefined): LineNote[] {
  return (compile?.diagnostics ?? []).map((d) => ({
    line: d.line,
    column: d.column,
    severity: d.severity === 'note' ? 'info' : d.severity,
    message: d.message,
    source: 'clang',
  }));
}

/** What stopped a run (or the first failed test) on its line: a memory error, undefined behaviour, a stack overflow. */
export function runNotes(shown: Shown): LineNote[] {
  if (!shown) return [];
  const stopped =
    shown.kind === 'run'
      ? shown.result.run
      : shown.result.tests.find((test) => test.line !== null && test.verdict !== 'passed');
  if (!stopped?.line || !stopped.message) return [];
  return [{ line: stopped.line, severity: 'error', message: stopped.message, source: 'run' }];
}

/** The teacher's comments; a notification's link (#comment-<id>) scrolls to its comment and highlights it. */
/** The program's rules a student works under: no leaks, and a penalty regime (from CodeRunner). */
export function WorkspaceRules({ workspace }: { workspace: Workspace }) {
  return (
    <>
      {workspace.no_leaks ? <p className="small text-body-secondary">{exerciseMessages.noLeaksRule}</p> : null}
      {workspace.penalty_regime ? (
        <p className="small text-body-secondary" data-testid="penalty-regime">
          {penaltyRegimeText(workspace.penalty_regime)}
        </p>
      ) : null}
    </>
  );
}

export function TeacherComments({ comments }: { comments: Workspace['comments'] }) {
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
            <CommentPlace comment={c} />
            {c.body}{' '}
            <span className="text-body-secondary small">
              — {c.author}, {formatDateTime(c.created_at, zone)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the last Run or Submit gave, or that it is under way. */
export function WorkspaceResult({
  busy,
  shown,
  onStepThrough,
}: {
  busy: 'run' | 'submit' | null;
  shown: Shown;
  onStepThrough?: (test: TestResult) => void;
}) {
  return (
    <section className="mt-3" aria-live="polite" aria-label="Result">
      {busy ? (
        <p className="text-body-secondary">{busy === 'run' ? 'Compiling and running…' : 'Compiling and grading…'}</p>
      ) : null}
      {!busy && shown?.kind === 'run' ? (
        <>
          <h2 className="h5">Run</h2>
          <CompileMessages compile={shown.result.compile} />
          {shown.result.run ? <RunOutput run={shown.result.run} /> : null}
          {shown.result.examples?.length ? (
            <>
              <h3 className="h6 mt-3">The examples, checked as Submit checks them</h3>
              <TestResultList tests={shown.result.examples} noun="Example" />
            </>
          ) : null}
        </>
      ) : null}
      {!busy && shown?.kind === 'grade' ? (
        <>
          <h2 className="h5">{shown.title}</h2>
          <GradeTable result={shown.result} onStepThrough={onStepThrough} />
        </>
      ) : null}
    </section>
  );
}
