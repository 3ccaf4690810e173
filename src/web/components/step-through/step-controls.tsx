import { useState } from 'react';
import type { TraceReplay } from '../../../contracts/trace-replay';

/** Start, Back, Next (into calls), Step over, Step out, to the end or the crash, Run to line, and the slider. */
export function StepControls({
  replay,
  step,
  depth,
  crashed,
  go,
}: {
  replay: TraceReplay;
  step: number;
  depth: number;
  crashed: boolean;
  go: (step: number) => void;
}) {
  const [line, setLine] = useState('');
  const last = replay.steps - 1;
  const atEnd = step === last;
  const button = (label: string, to: number, disabled: boolean, kind = 'btn-outline-primary') => (
    <button type="button" className={`btn btn-sm ${kind}`} disabled={disabled} onClick={() => go(to)}>
      {label}
    </button>
  );
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-2" role="toolbar" aria-label="Move through the run">
        {button('Start', 0, step === 0)}
        {button('Back', step - 1, step === 0)}
        {button('Next', step + 1, atEnd, 'btn-primary')}
        {atEnd ? null : button('Step over', replay.over(step), false)}
        {depth > 1 && !atEnd ? button('Step out', replay.out(step), false) : null}
        {/* The crash is red, as the error it shows; the end of a run that finished is a place like any other. */}
        {crashed
          ? button('Jump to the crash', last, atEnd, 'btn-outline-danger')
          : button('Go to the end', last, atEnd)}
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
    </>
  );
}
