/**
 * The runner's side of Step through: the `trace` calls a rewritten program makes (instrument.ts, checks/trace.h)
 * and the checks runtime's heap calls, turned into the events of contracts/trace.ts. At each step the bytes of every
 * live variable and block are compared with what was last sent, and only what changed is sent. What a variable
 * declared without a value, or a block from malloc, has not been given yet is read from the checks' own record of
 * it (the definedness shadow of the values-never-set checks) and sent the same way, so the view tells "not set"
 * from what the program wrote, and the program's memory is never touched: it prints what Run prints.
 * The run is stopped at the step limit, or when the recording has used its own CPU time (TRACE_LIMITS), so a long
 * run ends with the steps recorded so far, never with the pool's time limit.
 */
import { EVENT, TRACE_LIMITS, type TraceEvent } from '../../../contracts/trace.js';

interface Region {
  id: number;
  addr: number;
  /** The bytes followed: at most TRACE_LIMITS.regionBytes of it. */
  size: number;
  shadow: Uint8Array;
  /** The definedness last sent (a byte not 0 is not set), while any of it is not set; then null. */
  unset: Uint8Array | null;
}

export class TraceLimit extends Error {}

/** A region this small is compared byte by byte where it is (see diffRegion). */
const SMALL_REGION_BYTES = 32;

/** How often (in steps) the recording's time is read: a read of /proc costs about as much as a few steps. */
const RECORDING_CHECK_EVERY = 256;

export interface Recorded {
  events: TraceEvent[];
  steps: number;
  truncated: boolean;
  /** Why the run was stopped early: at the step limit, or past the recording's CPU time. */
  stoppedBy: 'steps' | 'time' | null;
  sizes: [number, number][];
  layouts: [number, number, number][];
}

export function createRecorder(
  memoryBuffer: () => ArrayBuffer,
  progress: () => { out: number; in: number },
  maxSteps: number = TRACE_LIMITS.steps,
  /** Whether the recording has used up its time: asked every RECORDING_CHECK_EVERY steps. */
  outOfTime: () => boolean = () => false,
  /** Where the definedness of the byte at address a is: a + this (null: every byte counts as set). */
  definednessOffset: number | null = null,
) {
  const events: TraceEvent[] = [];
  const live = new Map<number, Region>();
  /** The regions looked at whatever function runs (see diff). */
  const watched = new Set<number>();
  const frames: number[][][] = [];
  const globals: number[] = [];
  const heap = new Map<number, number>();
  /** Which variable each region of a variable is. */
  const ownerOf = new Map<number, number>();
  const recorded: Recorded = { events, steps: 0, truncated: false, stoppedBy: null, sizes: [], layouts: [] };
  let nextId = 0;
  let lastStep = { line: -1, depth: -1, events: -1 };
  let view = new Uint8Array(0);
  const bytes = () => {
    const buffer = memoryBuffer();
    if (view.buffer !== buffer) view = new Uint8Array(buffer);
    return view;
  };
  const base64 = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

  /** The definedness of [addr, addr + size), as the checks keep it; null where there is none. */
  const definedness = (addr: number, size: number) => {
    if (definednessOffset === null || addr + definednessOffset + size > bytes().length) return null;
    return bytes().subarray(addr + definednessOffset, addr + definednessOffset + size);
  };
  const anyUnset = (mask: Uint8Array) => mask.some((b) => b !== 0);

  function track(addr: number, fullSize: number, unset: boolean): Region | null {
    if (live.size >= TRACE_LIMITS.regions || addr + fullSize > bytes().length) return null;
    const size = Math.min(fullSize, TRACE_LIMITS.regionBytes);
    const mask = unset ? definedness(addr, size) : null;
    const region: Region = {
      id: nextId++,
      addr,
      size,
      shadow: bytes().slice(addr, addr + size),
      unset: mask && anyUnset(mask) ? mask.slice() : null,
    };
    live.set(region.id, region);
    return region;
  }

  /** A region's first bytes and what of them is not set yet, as a new region's events. */
  function announce(region: Region) {
    events.push([EVENT.write, region.id, 0, base64(region.shadow)]);
    if (region.unset) events.push([EVENT.unset, region.id, 0, base64(region.unset)]);
  }

  /** What of a region became set (or unset) since last sent. */
  function diffUnset(region: Region) {
    const sent = region.unset!;
    const now = definedness(region.addr, region.size);
    if (!now || Buffer.compare(now, sent) === 0) return;
    let first = 0;
    while (now[first] === sent[first]) first++;
    let last = region.size - 1;
    while (now[last] === sent[last]) last--;
    sent.set(now.subarray(first, last + 1), first);
    events.push([EVENT.unset, region.id, first, base64(now.subarray(first, last + 1))]);
    if (!anyUnset(sent)) region.unset = null;
  }

  function diffRegion(region: Region, memory: Uint8Array) {
    const { addr, size, shadow } = region;
    if (region.unset) diffUnset(region);
    // Most regions are a scalar variable, looked at every step: compared in place, without a view made for each
    // (hundreds of thousands in a 100,000-step run); a larger one through Buffer.compare.
    if (size > SMALL_REGION_BYTES && Buffer.compare(memory.subarray(addr, addr + size), shadow) === 0) return;
    let first = 0;
    while (first < size && memory[addr + first] === shadow[first]) first++;
    if (first === size) return;
    let last = size - 1;
    while (memory[addr + last] === shadow[last]) last--;
    const changed = memory.subarray(addr + first, addr + last + 1);
    shadow.set(changed, first);
    events.push([EVENT.write, region.id, first, base64(changed)]);
  }

  /**
   * What changed since the last look: every region any code may write (globals, heap blocks, variables whose address
   * was taken), and the running function's own variables (those only its code can change are not looked at while
   * another function runs: they cannot have changed).
   */
  function diff() {
    const memory = bytes();
    for (const id of watched) diffRegion(live.get(id)!, memory);
    for (const scope of frames.at(-1) ?? [])
      for (const id of scope) if (!watched.has(id)) diffRegion(live.get(id)!, memory);
  }

  const stop = (why: 'steps' | 'time'): never => {
    recorded.truncated = true;
    recorded.stoppedBy = why;
    throw new TraceLimit();
  };

  /** Standard input's FILE (the runtime tells where); 0 until then. */
  let stdinFile = 0;
  /**
   * What the C library has taken from standard input but the program has not read yet: the FILE's buffer from
   * `rpos` to `rend` (the C library's FILE starts with its flags, then those two pointers; 32-bit each).
   */
  const unread = () => {
    if (stdinFile === 0) return 0;
    const memory = bytes();
    if (stdinFile + 12 > memory.length) return 0;
    const words = new DataView(memory.buffer, memory.byteOffset + stdinFile, 12);
    const rpos = words.getUint32(4, true);
    const rend = words.getUint32(8, true);
    return rend > rpos ? rend - rpos : 0;
  };

  const forget = (ids: number[]) => {
    for (const id of ids) {
      live.delete(id);
      watched.delete(id);
    }
  };

  const imports = {
    step(line: number) {
      diff();
      const depth = frames.length;
      // Two statements on one line that changed nothing between them are one step.
      if (line === lastStep.line && depth === lastStep.depth && events.length === lastStep.events) return;
      if (recorded.steps >= maxSteps) stop('steps');
      if (recorded.steps % RECORDING_CHECK_EVERY === 0 && recorded.steps > 0 && outOfTime()) stop('time');
      const { out, in: given } = progress();
      events.push([EVENT.step, line, depth, out, given - unread()]);
      recorded.steps++;
      lastStep = { line, depth, events: events.length };
    },
    enter(fn: number) {
      diff();
      frames.push([[]]);
      events.push([EVENT.enter, fn]);
      return 0;
    },
    leave() {
      diff();
      for (const scope of frames.pop() ?? []) forget(scope);
      events.push([EVENT.leave]);
    },
    scope_enter() {
      frames.at(-1)?.push([]);
      events.push([EVENT.scopeIn]);
      return 0;
    },
    scope_leave() {
      diff();
      forget(frames.at(-1)?.pop() ?? []);
      events.push([EVENT.scopeOut]);
    },
    /** `flags`: 1, the variable is not set yet; 2, only its own function's code can change it (instrument.ts). */
    var(addr: number, size: number, variable: number, flags: number) {
      const scope = frames.at(-1)?.at(-1) ?? globals;
      // A loop's own variable is registered each time its condition is tested: once is enough.
      for (const id of scope) if (live.get(id)?.addr === addr && ownerOf.get(id) === variable) return;
      const region = track(addr, size, (flags & 1) !== 0);
      if (!region) return;
      scope.push(region.id);
      if ((flags & 2) === 0 || frames.length === 0) watched.add(region.id);
      ownerOf.set(region.id, variable);
      events.push([EVENT.variable, region.id, variable, addr, size]);
      announce(region);
    },
    stdin(file: number) {
      stdinFile = file;
    },
    alloc(addr: number, size: number, line: number) {
      diff();
      const region = track(addr, size, true);
      if (!region) return;
      heap.set(addr, region.id);
      watched.add(region.id);
      events.push([EVENT.alloc, region.id, addr, size, line]);
      announce(region);
    },
    free(addr: number) {
      diff();
      const id = heap.get(addr);
      if (id === undefined) return;
      heap.delete(addr);
      live.delete(id);
      watched.delete(id);
      events.push([EVENT.free, id]);
    },
    size(record: number, size: number) {
      recorded.sizes.push([record, size]);
    },
    layout(record: number, field: number, offset: number) {
      recorded.layouts.push([record, field, offset]);
    },
  };

  return {
    imports,
    /**
     * The run is over: what changed since the last step, then a last step that shows the end, at the line it
     * stopped on when it crashed (the crash's own, or the last step's) and on no line when it ended.
     */
    finish(crashed: boolean, line: number | null): Recorded {
      diff();
      const { out, in: given } = progress();
      const read = given - unread();
      const at = crashed ? (line ?? Math.max(0, lastStep.line)) : 0;
      events.push([EVENT.step, at, frames.length, out, read]);
      recorded.steps++;
      return recorded;
    },
  };
}
