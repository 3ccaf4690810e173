/**
 * Replays a recorded run (contracts/trace.ts) to the state at any step: frames and their variables, globals, heap
 * blocks, and each one's bytes. A snapshot is kept every SNAPSHOT_EVERY steps, so going to any step (back or
 * forward) replays at most that many steps. Regions are never changed in place (a write makes a new one), so a
 * snapshot shares what did not change.
 */
import { EVENT, type Trace } from './trace.js';

export interface RegionState {
  id: number;
  addr: number;
  /** The whole size; `bytes` holds the part followed. */
  size: number;
  bytes: Uint8Array;
  /** Not 0 where a byte of `bytes` is not set yet (the program never wrote it); absent when all are set. */
  unset?: Uint8Array;
  kind: 'var' | 'heap';
  /** A variable's index in trace.vars. */
  variable?: number;
  /** A block's line of allocation, and its number in the order blocks were made (from 1). */
  line?: number;
  ordinal?: number;
  status: 'live' | 'freed' | 'ended';
}

export interface FrameState {
  fn: number;
  /** The line this frame is on: the current step's for the innermost, the call's for the others. */
  line: number;
  vars: number[];
  scopes: number[];
}

export interface StepState {
  step: number;
  line: number;
  depth: number;
  out: number;
  in: number;
  frames: FrameState[];
  globals: number[];
  /** Blocks of the heap, live and (the last few) freed, in the order they were made. */
  heap: number[];
  regions: Map<number, RegionState>;
  /** Regions of finished frames and scopes, and freed blocks: a pointer into one of them dangles. */
  gone: RegionState[];
  /** Blocks made so far. */
  blocks: number;
}

const SNAPSHOT_EVERY = 256;
/** Freed blocks still drawn (as freed), and finished variables remembered to tell a dangling pointer. */
const KEEP_GONE = 64;

/** A trace's base64 bytes (a write, a mask, the read-only data), decoded. */
export function decode(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function clone(state: StepState): StepState {
  return {
    ...state,
    frames: state.frames.map((f) => ({ ...f, vars: [...f.vars], scopes: [...f.scopes] })),
    globals: [...state.globals],
    heap: [...state.heap],
    regions: new Map(state.regions),
    gone: [...state.gone],
  };
}

export class TraceReplay {
  readonly steps: number;
  /** The event index of each step. */
  private readonly stepEvent: Int32Array;
  private readonly snapshots: StepState[] = [];

  constructor(readonly trace: Trace) {
    const indexes: number[] = [];
    trace.events.forEach((event, index) => {
      if (event[0] === EVENT.step) indexes.push(index);
    });
    this.stepEvent = Int32Array.from(indexes);
    this.steps = indexes.length;
    let state = TraceReplay.empty();
    let from = 0;
    for (let step = 0; step < this.steps; step++) {
      const to = this.stepEvent[step]!;
      for (let i = from; i <= to; i++) this.apply(state, i);
      from = to + 1;
      state.step = step;
      if (step % SNAPSHOT_EVERY === 0) {
        this.snapshots.push(state);
        state = clone(state);
      }
    }
  }

  private static empty(): StepState {
    return {
      step: -1,
      line: 0,
      depth: 0,
      out: 0,
      in: 0,
      frames: [],
      globals: [],
      heap: [],
      regions: new Map(),
      gone: [],
      blocks: 0,
    };
  }

  /** The state just before step `step` runs (the last step: the end of the run). */
  state(step: number): StepState {
    const target = Math.max(0, Math.min(this.steps - 1, Math.trunc(step)));
    const snapshot = this.snapshots[Math.floor(target / SNAPSHOT_EVERY)];
    if (!snapshot) return TraceReplay.empty();
    const state = clone(snapshot);
    for (let i = this.stepEvent[snapshot.step]! + 1; i <= this.stepEvent[target]!; i++) this.apply(state, i);
    state.step = target;
    return state;
  }

  /** The line and depth of a step, without replaying it. */
  at(step: number): { line: number; depth: number } {
    const event = this.trace.events[this.stepEvent[step]!]!;
    return { line: event[1] as number, depth: event[2] as number };
  }

  /** The next step at this depth or shallower (over a call); the last step if none. */
  over(step: number): number {
    const { depth } = this.at(step);
    return this.find(step, (s) => this.at(s).depth <= depth);
  }

  /** The next step in the caller (out of this function); the last step if none. */
  out(step: number): number {
    const { depth } = this.at(step);
    return this.find(step, (s) => this.at(s).depth < depth);
  }

  /** The next step on a line; the last step if it is never reached again. */
  toLine(step: number, line: number): number {
    return this.find(step, (s) => this.at(s).line === line);
  }

  private find(step: number, found: (s: number) => boolean): number {
    for (let s = step + 1; s < this.steps; s++) if (found(s)) return s;
    return this.steps - 1;
  }

  private apply(state: StepState, index: number) {
    const event = this.trace.events[index]!;
    const top = state.frames.at(-1);
    const end = (ids: number[], status: 'ended' | 'freed') => {
      for (const id of ids) {
        const region = state.regions.get(id);
        if (!region) continue;
        if (status === 'ended') state.regions.delete(id);
        else state.regions.set(id, { ...region, status });
        state.gone.push({ ...region, status });
      }
      if (state.gone.length > KEEP_GONE) state.gone.splice(0, state.gone.length - KEEP_GONE);
    };
    switch (event[0]) {
      case EVENT.step:
        state.line = event[1] as number;
        state.depth = event[2] as number;
        state.out = event[3] as number;
        state.in = event[4] as number;
        if (top) top.line = state.line;
        return;
      case EVENT.enter:
        state.frames.push({ fn: event[1] as number, line: state.line, vars: [], scopes: [] });
        return;
      case EVENT.leave: {
        const frame = state.frames.pop();
        if (frame) end(frame.vars, 'ended');
        return;
      }
      case EVENT.scopeIn:
        top?.scopes.push(top.vars.length);
        return;
      case EVENT.scopeOut:
        if (top) end(top.vars.splice(top.scopes.pop() ?? top.vars.length), 'ended');
        return;
      case EVENT.variable: {
        const [, id, variable, addr, size] = event as number[];
        state.regions.set(id!, {
          id: id!,
          addr: addr!,
          size: size!,
          bytes: new Uint8Array(0),
          kind: 'var',
          variable,
          status: 'live',
        });
        (top ? top.vars : state.globals).push(id!);
        return;
      }
      case EVENT.alloc: {
        const [, id, addr, size, line] = event as number[];
        state.regions.set(id!, {
          id: id!,
          addr: addr!,
          size: size!,
          bytes: new Uint8Array(0),
          kind: 'heap',
          line,
          ordinal: ++state.blocks,
          status: 'live',
        });
        state.heap.push(id!);
        return;
      }
      case EVENT.free: {
        const id = event[1] as number;
        end([id], 'freed');
        // Only the last few freed blocks stay drawn.
        const freed = state.heap.filter((h) => state.regions.get(h)?.status === 'freed');
        for (const old of freed.slice(0, Math.max(0, freed.length - 8))) {
          state.regions.delete(old);
          state.heap.splice(state.heap.indexOf(old), 1);
        }
        return;
      }
      case EVENT.write:
      case EVENT.unset: {
        const region = state.regions.get(event[1] as number);
        if (!region) return;
        const key = event[0] === EVENT.write ? 'bytes' : 'unset';
        const before = region[key] ?? new Uint8Array(0);
        const data = decode(event[3] as string);
        const offset = event[2] as number;
        const after = new Uint8Array(Math.max(before.length, offset + data.length));
        after.set(before);
        after.set(data, offset);
        state.regions.set(region.id, { ...region, [key]: after });
        return;
      }
    }
  }
}
