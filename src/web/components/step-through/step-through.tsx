import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ProgramFile } from '../../../contracts/exercises/program-input';
import { atItsLine } from '../../../contracts/run-problems';
import type { TraceResult } from '../../../contracts/trace';
import { TraceReplay } from '../../../contracts/trace-replay';
import { memoryAtStep } from '../../../contracts/trace-values';
import { InlineCode } from '../inline-code';
import { AskAboutStep } from './ask-about-step';
import { MemoryArrows } from './memory-arrows';
import { MemoryView } from './memory-view';
import { StepControls } from './step-controls';

/**
 * The code, with the step's line marked and kept in view: when a step moves it out of the pane, the pane scrolls
 * (itself only, never the page) to show it a third of the way down.
 */
function CodeAtStep({ code, line }: { code: string; line: number }) {
  const pane = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const list = pane.current;
    const current = list?.children[line - 1];
    if (!list || !current) return;
    const shown = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top >= shown.top && at.bottom <= shown.bottom) return;
    list.scrollTop += at.top - shown.top - list.clientHeight / 3;
  }, [line]);
  return (
    <ol className="trace-code" aria-label="Program" tabIndex={0} ref={pane}>
      {code.split('\n').map((text, index) => (
        <li
          key={index}
          className={index + 1 === line ? 'trace-line-current' : undefined}
          aria-current={index + 1 === line ? 'step' : undefined}
        >
          <code>{text || ' '}</code>
        </li>
      ))}
    </ol>
  );
}

/**
 * Step through a recorded run: move line by line, over or out of calls, to a line, anywhere with the slider, or to
 * the last step before a crash; see the stack, the heap and the globals, with pointers as arrows, and the output
 * written and input read by then. Full screen puts it on the class's shared screen; a student may ask their teacher
 * about the step they are on (`ask`: the run, sent with the doubt).
 */
export function StepThrough({
  code,
  result,
  initialStep = 0,
  ask,
  onClose,
}: {
  code: string;
  result: TraceResult;
  initialStep?: number;
  ask?: { code: string; stdin: string; files: ProgramFile[]; args?: string[] };
  onClose: () => void;
}) {
  const trace = result.trace!;
  const replay = useMemo(() => new TraceReplay(trace), [trace]);
  const last = replay.steps - 1;
  const crashed = result.run !== null && result.run.status !== 'ok';
  const [step, setStep] = useState(Math.min(initialStep, last));
  const state = useMemo(() => replay.state(step), [replay, step]);
  const { memory, ended } = useMemo(() => memoryAtStep(trace, replay, step, state), [trace, replay, step, state]);
  const view = useRef<HTMLElement>(null);
  const memoryBox = useRef<HTMLDivElement>(null);
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  // Opened from further down the page (a test's result, a doubt): brought into view.
  useEffect(() => {
    view.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const atEnd = step === last;
  const read = trace.stdin.slice(0, state.in);

  return (
    <section className="trace-view card mt-3" aria-label="Step through" ref={view}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0">Step through</h2>
        <span className="small text-body-secondary" role="status" aria-live="polite">
          Step {step + 1} of {replay.steps}
          {state.line > 0 ? `, line ${state.line}` : ''}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark ms-auto"
          onClick={() =>
            document.fullscreenElement ? void document.exitFullscreen() : void view.current?.requestFullscreen()
          }
        >
          Full screen
        </button>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="card-body">
        <StepControls replay={replay} step={step} depth={state.depth} crashed={crashed} go={go} />
        {trace.truncated && atEnd ? (
          <div className="alert alert-warning small py-2">
            <InlineCode text={result.run?.message ?? ''} />
          </div>
        ) : null}
        {crashed && atEnd && !trace.truncated ? (
          <div className="alert alert-danger small py-2" role="alert">
            <InlineCode text={atItsLine(result.run?.line ?? null, result.run?.message ?? '')} />
          </div>
        ) : null}
        <div className="row g-3">
          <div className="col-lg-6">
            <CodeAtStep code={code} line={state.line} />
          </div>
          <div className="col-lg-6">
            <div className="trace-memory" ref={memoryBox}>
              <MemoryView trace={trace} state={state} memory={memory} ended={ended} />
              <MemoryArrows container={memoryBox} step={step} />
            </div>
          </div>
        </div>
        <div className="row g-3 mt-1">
          <div className="col-md-6">
            <h3 className="h6">Output so far</h3>
            <pre className="program-output small" data-testid="trace-output">
              {trace.stdout.slice(0, state.out) || ' '}
            </pre>
          </div>
          <div className="col-md-6">
            <h3 className="h6">Input read so far</h3>
            <pre className="program-output small" data-testid="trace-input">
              <mark>{read}</mark>
              {trace.stdin.slice(read.length)}
            </pre>
          </div>
        </div>
        {ask ? <AskAboutStep key={step} run={ask} step={step} line={state.line} /> : null}
      </div>
    </section>
  );
}
