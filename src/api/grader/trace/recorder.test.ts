import { describe, expect, it } from 'vitest';
import { createRecorder, TraceLimit } from './recorder.js';

const memory = new ArrayBuffer(64);
const progress = () => ({ out: 0, in: 0 });

describe('the recorder’s limits', () => {
  it('stops a run whose recording has used its time, saying so, with the steps so far', () => {
    let asked = 0;
    const recorder = createRecorder(
      () => memory,
      progress,
      100_000,
      () => ++asked >= 2,
    );
    let line = 0;
    expect(() => {
      for (;;) recorder.imports.step(++line);
    }).toThrow(TraceLimit);
    // Asked every 256 steps: out of time the second time.
    const recorded = recorder.finish(false, null);
    expect(recorded).toMatchObject({ truncated: true, stoppedBy: 'time', steps: 512 + 1 });
  });

  it('stops a run at the step limit, whatever its time', () => {
    const recorder = createRecorder(
      () => memory,
      progress,
      300,
      () => false,
    );
    let line = 0;
    expect(() => {
      for (;;) recorder.imports.step(++line);
    }).toThrow(TraceLimit);
    expect(recorder.finish(false, null)).toMatchObject({ truncated: true, stoppedBy: 'steps', steps: 301 });
  });
});
