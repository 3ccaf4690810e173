import { describe, expect, it } from 'vitest';
import { parseTraceResult, type TraceResult, traceResultSchema } from './trace.js';

const answer = (events: unknown[]): TraceResult =>
  ({
    compile: { ok: true, diagnostics: [], output: '' },
    run: null,
    trace: {
      functions: ['main'],
      vars: [{ name: 'a', type: 0, kind: 'local' }],
      types: [{ kind: 'int', name: 'int', size: 4, signed: true }],
      records: [],
      events,
      steps: 2,
      stdout: '8\n',
      stdin: '',
      truncated: false,
    },
    message: null,
  }) as TraceResult;

describe('a trace answer checked before it is sent', () => {
  it('keeps what the schema keeps, events as they are', () => {
    const events = [
      [0, 3, 1, 0, 0],
      [1, 0],
      [6, 'AgAAAA=='],
      [0, 4, 1, 2, 0],
    ];
    const result = answer(events);
    const parsed = parseTraceResult(result);
    expect(parsed).toEqual(traceResultSchema.parse(result));
    expect(parsed.trace!.events).toEqual(events);
  });

  it('refuses an event that is not numbers and strings, as the schema does', () => {
    const holed = [0, 1];
    holed[3] = 2;
    for (const event of [[0, null], [0, Number.NaN], [1, Infinity], [{ at: 1 }], 'step', 7, holed]) {
      expect(() => traceResultSchema.parse(answer([[0, 1], event]))).toThrow();
      expect(() => parseTraceResult(answer([[0, 1], event]))).toThrow(/trace event 1 is not numbers and strings/);
    }
  });

  it('checks the rest of the answer by the schema', () => {
    const wrong = answer([[0, 1]]);
    (wrong.trace as { steps: unknown }).steps = 'two';
    expect(() => parseTraceResult(wrong)).toThrow();
    const untraced = { ...answer([]), trace: null, message: 'It does not compile.' };
    expect(parseTraceResult(untraced)).toEqual(traceResultSchema.parse(untraced));
  });
});
