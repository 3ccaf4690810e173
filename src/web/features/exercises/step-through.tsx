import { useMemo, useRef, useState } from 'react';
import type { TraceResult } from '../../../contracts/trace';
import { TraceReplay } from '../../../contracts/trace-replay';
import { stepMemory } from '../../../contracts/trace-values';
import { MemoryArrows } from './memory-arrows';
import { MemoryView } from './memory-view';

/** The code, with the step's line marked. */
function CodeAtStep({ code, line }: { code: string; line: number }) {
  return (
    <ol className="trace-code" aria-label="Program">
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
 * written and input read by then.
 */
export function StepThrough({ code, result, onClose }: { code: string; result: TraceResult; onClose: () => void }) {
  const trace = result.trace!;
  const replay = useMemo(() => new TraceReplay(trace), [trace]);
  const last = replay.steps - 1;
  const crashed = result.run !== null && result.run.status !== 'ok';
  const [step, setStep] = useState(0);
  const [line, setLine] = useState('');
  const state = useMemo(() => replay.state(step), [replay, step]);
  const memory = useMemo(() => stepMemory(trace, state), [trace, state]);
  const memoryBox = useRef<HTMLDivElement>(null);
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  const atEnd = step === last;
  const read = trace.stdin.slice(0, state.in);

  return (
    <section className="trace-view card mt-3" aria-label="Step through">
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0">Step through</h2>
        <span className="small text-body-secondary" role="status" aria-live="polite">
          Step {step + 1} of {replay.steps}
          {state.line > 0 ? `, line ${state.line}` : ''}
        </span>
        <button type="button" className="btn btn-sm btn-outline-dark ms-auto" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 mb-2" role="toolbar" aria-label="Move through the run">
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={step === 0} onClick={() => go(0)}>
            Start
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={step === 0}
            onClick={() => go(step - 1)}
          >
            Back
          </button>
          <button type="button" className="btn btn-sm btn-primary" disabled={atEnd} onClick={() => go(step + 1)}>
            Next
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={atEnd}
            onClick={() => go(replay.over(step))}
          >
            Step over
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={atEnd || state.depth <= 1}
            onClick={() => go(replay.out(step))}
          >
            Step out
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" disabled={atEnd} onClick={() => go(last)}>
            {crashed ? 'Jump to the crash' : 'Go to the end'}
          </button>
          <form
            className="d-flex gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              if (Number(line) > 0) go(replay.toLine(step, Number(line)));
            }}
          >
            <label className="visually-hidden" htmlFor="trace-line">
              Run to line
            </label>
            <input
              id="trace-line"
              className="form-control form-control-sm trace-line-input"
              inputMode="numeric"
              placeholder="Line"
              value={line}
              onChange={(event) => setLine(event.target.value.replace(/\D/g, ''))}
            />
            <button type="submit" className="btn btn-sm btn-outline-primary" disabled={atEnd || !line}>
              Run to line
            </button>
          </form>
        </div>
        <label className="form-label small mb-0" htmlFor="trace-slider">
          The whole run
        </label>
        <input
          id="trace-slider"
          type="range"
          className="form-range"
          min={0}
          max={last}
          value={step}
          onChange={(event) => go(Number(event.target.value))}
        />
        {trace.truncated && atEnd ? <div className="alert alert-warning small py-2">{result.run?.message}</div> : null}
        {crashed && atEnd && !trace.truncated ? (
          <div className="alert alert-danger small py-2" role="alert">
            {result.run?.line ? `Line ${result.run.line}: ` : ''}
            {result.run?.message}
          </div>
        ) : null}
        <div className="row g-3">
          <div className="col-lg-6">
            <CodeAtStep code={code} line={state.line} />
          </div>
          <div className="col-lg-6">
            <div className="trace-memory" ref={memoryBox}>
              <MemoryView trace={trace} state={state} memory={memory} />
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
      </div>
    </section>
  );
}
