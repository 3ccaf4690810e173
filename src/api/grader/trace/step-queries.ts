/**
 * Questions asked of a recorded run, by the reference programs' tests and the bench: which step comes after a line,
 * what a variable holds there, what the heap holds.
 */
import type { TraceResult } from '../../../contracts/trace.js';
import { type StepState, TraceReplay } from '../../../contracts/trace-replay.js';
import { memoryAtStep, stepMemory, valueText } from '../../../contracts/trace-values.js';

export class SteppedRun {
  readonly replay: TraceReplay;

  constructor(readonly result: TraceResult) {
    if (!result.trace) throw new Error(`no trace: ${result.message ?? result.compile.output}`);
    this.replay = new TraceReplay(result.trace);
  }

  get trace() {
    return this.result.trace!;
  }

  /** Steps at a line, in order. */
  stepsAt(line: number): number[] {
    const steps: number[] = [];
    for (let s = 0; s < this.replay.steps; s++) if (this.replay.at(s).line === line) steps.push(s);
    return steps;
  }

  /** The first step of each time the line was reached (its statements' steps, one after another, are one visit). */
  visits(line: number): number[] {
    return this.stepsAt(line).filter((s) => s === 0 || this.replay.at(s - 1).line !== line);
  }

  /**
   * The step after the `nth` (from 1) time the line ran, all its statements and calls: the state the line left.
   */
  after(line: number, nth = 1): number {
    const at = this.visits(line)[nth - 1];
    if (at === undefined) throw new Error(`line ${line} ran fewer than ${nth} times`);
    const depth = this.replay.at(at).depth;
    let next = at + 1;
    while (next < this.last) {
      const here = this.replay.at(next);
      if (here.depth < depth || (here.depth === depth && here.line !== line)) break;
      next++;
    }
    return next;
  }

  /** The variables in view at a step (innermost frame, then globals), each as text. */
  vars(step: number): Record<string, string> {
    const state = this.replay.state(step);
    const memory = stepMemory(this.trace, state);
    const out: Record<string, string> = {};
    for (const id of [...state.globals, ...(state.frames.at(-1)?.vars ?? [])]) {
      const region = state.regions.get(id);
      if (region) out[memory.name(region)] = valueText(memory.value(region));
    }
    return out;
  }

  /** The innermost frame's variables at a step, in the order they were declared, each `name = value`. */
  frame(step: number): string[] {
    const state = this.replay.state(step);
    const memory = stepMemory(this.trace, state);
    return (state.frames.at(-1)?.vars ?? []).map((id) => {
      const region = state.regions.get(id)!;
      return `${memory.name(region)} = ${valueText(memory.value(region))}`;
    });
  }

  /**
   * The heap's blocks at a step, as the view shows them: `live 16 B line 9 {value: 1, next: → block 2 (line 9)}`;
   * at the end of a run, a block never freed says so (`never freed 6 B line 4 "hello"`).
   */
  heap(step: number): string[] {
    const state = this.replay.state(step);
    const { memory, ended } = memoryAtStep(this.trace, this.replay, step, state);
    return state.heap.map((id) => {
      const region = state.regions.get(id)!;
      const shown = region.status === 'live' ? valueText(memory.value(region)) : 'freed';
      const status = ended && region.status === 'live' ? 'never freed' : region.status;
      return `${status} ${region.size} B line ${region.line} ${shown}`;
    });
  }

  /** The functions on the call stack at a step, outermost first. */
  stack(step: number): string[] {
    return this.replay.state(step).frames.map((f) => this.trace.functions[f.fn]!);
  }

  state(step: number): StepState {
    return this.replay.state(step);
  }

  /** The output written by a step. */
  output(step: number): string {
    return this.trace.stdout.slice(0, this.replay.state(step).out);
  }

  get last(): number {
    return this.replay.steps - 1;
  }
}
