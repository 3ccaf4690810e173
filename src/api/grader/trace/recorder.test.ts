import { describe, expect, it } from 'vitest';
import { EVENT } from '../../../contracts/trace.js';
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

describe('what the recorder sends of a variable', () => {
  it('sends the bytes that changed since the last step, from the first changed to the last, and nothing else', () => {
    const bytes = new Uint8Array(256);
    const recorder = createRecorder(() => bytes.buffer, progress);
    // The events, as a live list (finishing adds a step, and no write when nothing changed).
    const { events } = recorder.finish(false, null);
    const writes = () => events.filter((event) => event[0] === EVENT.write);
    const b64 = (...values: number[]) => Buffer.from(values).toString('base64');
    // A scalar (compared in place) and a 100-byte array (compared whole first), both globals.
    recorder.imports.var(8, 4, 0, 0);
    recorder.imports.var(64, 100, 1, 0);
    recorder.imports.step(1);
    const announced = writes().length;
    recorder.imports.step(2);
    expect(writes()).toHaveLength(announced);
    bytes[9] = 7;
    bytes[11] = 9;
    bytes[70] = 1;
    bytes[163] = 2;
    recorder.imports.step(3);
    expect(writes().slice(announced)).toEqual([
      [EVENT.write, 0, 1, b64(7, 0, 9)],
      [EVENT.write, 1, 6, b64(1, ...new Array<number>(92).fill(0), 2)],
    ]);
    const sent = writes().length;
    bytes[8] = 5;
    recorder.imports.step(4);
    expect(writes().slice(sent)).toEqual([[EVENT.write, 0, 0, b64(5)]]);
  });
});
