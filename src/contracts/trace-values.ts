/**
 * What a step's memory means: each variable and heap block read as C values of its type (a block takes the type of
 * the first pointer found pointing at its start), pointers resolved to the cell they point at, and marked when
 * NULL, dangling (into a freed block or a finished variable) or not set yet. The step-through view draws these;
 * the reference programs' tests read them as text (`describe`).
 */
import { decode, type RegionState, type StepState, type TraceReplay } from './trace-replay.js';
import type { Trace, TraceType } from './trace.js';

/** `function`: a function pointer, shown as the function's name (no arrow: a function is not in memory). */
export type PointerStatus = 'null' | 'live' | 'dangling' | 'unset' | 'unknown' | 'function';

export type ValueView =
  | { kind: 'scalar'; offset: number; text: string; unset: boolean }
  | {
      kind: 'pointer';
      offset: number;
      text: string;
      status: PointerStatus;
      target: { region: number; offset: number } | null;
      /** A pointer at a string literal: the literal's text, as drawn. */
      literal?: string;
    }
  | { kind: 'array'; offset: number; items: ValueView[]; more: number; text: string | null }
  | { kind: 'struct'; offset: number; fields: { name: string; value: ValueView }[] }
  | { kind: 'bytes'; offset: number; text: string };

const POINTER_SIZE = 4;
const MAX_ITEMS = 64;

export function sizeOf(trace: Trace, type: number): number | null {
  const t = trace.types[type];
  if (!t) return null;
  switch (t.kind) {
    case 'int':
    case 'float':
      return t.size;
    case 'pointer':
      return POINTER_SIZE;
    case 'array': {
      const of = sizeOf(trace, t.of);
      return of === null || t.length === null ? null : of * t.length;
    }
    case 'struct':
      return trace.records[t.record]?.size ?? null;
    default:
      return null;
  }
}

/** Whether every byte of [at, at + size) is not set yet, by a region's `unset` (none: all are set). */
const isUnset = (unset: Uint8Array | undefined, at: number, size: number) => {
  if (!unset || at + size > unset.length || size === 0) return false;
  for (let i = at; i < at + size; i++) if (unset[i] === 0) return false;
  return true;
};

function readNumber(t: TraceType & { kind: 'int' | 'float' }, view: DataView, at: number): number | bigint {
  if (t.kind === 'float') return t.size === 4 ? view.getFloat32(at, true) : view.getFloat64(at, true);
  switch (t.size) {
    case 1:
      return t.signed ? view.getInt8(at) : view.getUint8(at);
    case 2:
      return t.signed ? view.getInt16(at, true) : view.getUint16(at, true);
    case 4:
      return t.signed ? view.getInt32(at, true) : view.getUint32(at, true);
    default:
      return t.signed ? view.getBigInt64(at, true) : view.getBigUint64(at, true);
  }
}

function charText(code: number): string {
  if (code === 0) return "'\\0'";
  if (code === 10) return "'\\n'";
  if (code === 9) return "'\\t'";
  if (code >= 32 && code < 127) return `'${String.fromCharCode(code)}'`;
  return String(code);
}

export interface StepMemory {
  /** Where an address is: the region and the offset in it, and whether that region is gone. */
  locate(addr: number): { region: RegionState; offset: number; gone: boolean } | null;
  /** The type a region is read as: a variable's own, a block's from the pointers at it. */
  typeOf(region: RegionState): { type: number; count: number } | null;
  value(region: RegionState): ValueView;
  /** The name of a region (`list`, `block from line 13`). */
  name(region: RegionState): string;
}

/**
 * `earlier`: an earlier step's memory, whose block types stand for blocks no pointer reaches at this step: at the
 * end of a run, its frames are gone, and a block never freed is still read as what it held (a `char` block as its
 * string, a node as its fields).
 */
const BYTES_SHOWN = 16;

/** A block of no known type, as what it holds: text ending in '\\0' as a string, anything else as its bytes. */
export function bytesText(bytes: Uint8Array, size: number, unset?: Uint8Array): string {
  const end = bytes.indexOf(0);
  const text = end > 0 ? bytes.subarray(0, end) : null;
  if (text && text.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x09))
    return JSON.stringify(new TextDecoder().decode(text));
  const shown = bytes.subarray(0, Math.min(BYTES_SHOWN, bytes.length));
  const hex = Array.from(shown, (b, i) => (unset?.[i] ? '?' : b.toString(16).padStart(2, '0'))).join(' ');
  return size > shown.length ? `${hex} … (${size} bytes)` : hex;
}

const MAX_LITERAL = 256;
const literalData = new WeakMap<Trace, Uint8Array | null>();
/** The read-only data of a trace as bytes, decoded once per trace. */
function literalsOf(trace: Trace): Uint8Array | null {
  let bytes = literalData.get(trace);
  if (bytes === undefined) {
    bytes = trace.literals ? decode(trace.literals.data) : null;
    literalData.set(trace, bytes);
  }
  return bytes;
}

/** The region a string literal is drawn as: below zero (its address negated), apart from the run's own regions. */
export const literalRegion = (addr: number) => -addr;

/** The string literals a step's values point at, each once, in the order first met: drawn with their text. */
export function pointedLiterals(values: ValueView[]): { region: number; text: string }[] {
  const found = new Map<number, string>();
  const visit = (value: ValueView) => {
    if (value.kind === 'pointer' && value.literal !== undefined && value.target && !found.has(value.target.region))
      found.set(value.target.region, value.literal);
    else if (value.kind === 'array') value.items.forEach(visit);
    else if (value.kind === 'struct') value.fields.forEach((field) => visit(field.value));
  };
  values.forEach(visit);
  return [...found].map(([region, text]) => ({ region, text }));
}

export function stepMemory(trace: Trace, state: StepState, earlier?: StepMemory): StepMemory {
  const live = [...state.regions.values()].filter((r) => r.status === 'live');
  const literalBytes = literalsOf(trace);
  const blockTypes = new Map<number, { type: number; count: number }>();

  function locate(addr: number) {
    for (const region of live)
      if (addr >= region.addr && addr < region.addr + Math.max(1, region.size))
        return { region, offset: addr - region.addr, gone: false };
    for (const region of [...state.gone].reverse())
      if (addr >= region.addr && addr < region.addr + Math.max(1, region.size))
        return { region, offset: addr - region.addr, gone: true };
    return null;
  }

  const typeOf = (region: RegionState) =>
    region.kind === 'var'
      ? { type: trace.vars[region.variable!]!.type, count: 1 }
      : (blockTypes.get(region.id) ?? null);

  /** Each pointer in a typed region types the block it points at, first come first served. */
  function typePointees(type: number, bytes: Uint8Array, at: number, queue: RegionState[]) {
    const t = trace.types[type];
    if (!t || at >= bytes.length) return;
    if (t.kind === 'array') {
      const size = sizeOf(trace, t.of);
      if (!size) return;
      for (let i = 0; i * size + at < bytes.length && i < (t.length ?? 0); i++)
        typePointees(t.of, bytes, at + i * size, queue);
    } else if (t.kind === 'struct') {
      for (const field of trace.records[t.record]?.fields ?? [])
        if (field.offset !== null) typePointees(field.type, bytes, at + field.offset, queue);
    } else if (t.kind === 'pointer' && at + POINTER_SIZE <= bytes.length) {
      const addr = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
      const where = locate(addr);
      const pointee = sizeOf(trace, t.to);
      if (!where || where.region.kind !== 'heap' || blockTypes.has(where.region.id) || !pointee) return;
      if (where.offset !== 0) return;
      blockTypes.set(where.region.id, { type: t.to, count: Math.max(1, Math.floor(where.region.size / pointee)) });
      queue.push(where.region);
    }
  }
  const queue = live.filter((r) => r.kind === 'var');
  const typeFromQueue = (from: number) => {
    for (let i = from; i < queue.length; i++) {
      const region = queue[i]!;
      const known = typeOf(region);
      if (!known) continue;
      const size = sizeOf(trace, known.type) ?? 0;
      for (let k = 0; k < known.count && k * size < region.bytes.length; k++)
        typePointees(known.type, region.bytes, k * size, queue);
    }
  };
  typeFromQueue(0);
  if (earlier) {
    // What this step's pointers do not reach keeps the type it had before (and types what it points at).
    const from = queue.length;
    for (const block of live) {
      const before = block.kind === 'heap' && !blockTypes.has(block.id) ? earlier.typeOf(block) : null;
      if (before) {
        blockTypes.set(block.id, before);
        queue.push(block);
      }
    }
    typeFromQueue(from);
  }

  function read(type: number, bytes: Uint8Array, at: number): ValueView {
    const t = trace.types[type];
    const size = sizeOf(trace, type);
    if (!t || size === null || (t.kind !== 'array' && t.kind !== 'struct' && at + size > bytes.length))
      return { kind: 'bytes', offset: at, text: '…' };
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    switch (t.kind) {
      case 'int':
      case 'float': {
        if (isUnset(unsetNow, at, size)) return { kind: 'scalar', offset: at, text: '?', unset: true };
        const value = readNumber(t, view, at);
        const text =
          t.kind === 'float'
            ? String(Number((value as number).toPrecision(7)))
            : t.char
              ? charText(Number(value))
              : String(value);
        return { kind: 'scalar', offset: at, text, unset: false };
      }
      case 'pointer': {
        if (isUnset(unsetNow, at, POINTER_SIZE))
          return { kind: 'pointer', offset: at, text: 'not set', status: 'unset', target: null };
        const addr = view.getUint32(at, true);
        if (addr === 0) return { kind: 'pointer', offset: at, text: 'NULL', status: 'null', target: null };
        if (trace.types[t.to]?.kind === 'function') {
          const called = trace.functionTable?.[addr];
          return called
            ? { kind: 'pointer', offset: at, text: called, status: 'function', target: null }
            : { kind: 'pointer', offset: at, text: `function ${addr}`, status: 'unknown', target: null };
        }
        const where = locate(addr);
        const pointee = trace.types[t.to];
        const literal = where || pointee?.kind !== 'int' || !pointee.char ? null : literalAt(addr);
        if (literal)
          return {
            kind: 'pointer',
            offset: at,
            text: `→ ${literal.text}${literal.offset ? ` + ${literal.offset}` : ''}`,
            status: 'live',
            target: { region: literalRegion(literal.start), offset: literal.offset },
            literal: literal.text,
          };
        if (!where)
          return { kind: 'pointer', offset: at, text: `0x${addr.toString(16)}`, status: 'unknown', target: null };
        const target = { region: where.region.id, offset: where.offset };
        if (where.gone || where.region.status !== 'live')
          return {
            kind: 'pointer',
            offset: at,
            text: `dangling (${name(where.region)} is gone)`,
            status: 'dangling',
            target,
          };
        return {
          kind: 'pointer',
          offset: at,
          text: `→ ${name(where.region)}${path(where.region, where.offset, t.to)}`,
          status: 'live',
          target,
        };
      }
      case 'array':
        return sequence(t.of, t.length ?? 0, bytes, at);
      case 'struct':
        return {
          kind: 'struct',
          offset: at,
          fields: (trace.records[t.record]?.fields ?? []).map((field) => ({
            name: field.name,
            value:
              field.offset === null
                ? { kind: 'bytes', offset: at, text: '…' }
                : read(field.type, bytes, at + field.offset),
          })),
        };
      default:
        return { kind: 'bytes', offset: at, text: '…' };
    }
  }

  /** The string literal an address is in: its first byte's address, its text, and the offset in it. */
  function literalAt(addr: number): { start: number; text: string; offset: number } | null {
    const from = addr - (trace.literals?.addr ?? 0);
    if (!literalBytes || from < 0 || from >= literalBytes.length) return null;
    let start = from;
    while (start > 0 && literalBytes[start - 1] !== 0 && from - start < MAX_LITERAL) start--;
    const end = literalBytes.indexOf(0, from);
    if (end < 0 || end - start > MAX_LITERAL) return null;
    const bytes = literalBytes.subarray(start, end);
    if (!bytes.every((b) => b >= 0x20 || b === 0x0a || b === 0x09)) return null;
    return {
      start: trace.literals!.addr + start,
      text: JSON.stringify(new TextDecoder().decode(bytes)),
      offset: from - start,
    };
  }

  const values = new Map<number, ValueView>();
  function value(region: RegionState): ValueView {
    let known = values.get(region.id);
    if (!known) values.set(region.id, (known = valueNow(region)));
    return known;
  }

  /** What of the region being read is not set yet (read() and sequence() read within one region at a time). */
  let unsetNow: Uint8Array | undefined;
  function valueNow(region: RegionState): ValueView {
    unsetNow = region.unset;
    const known = typeOf(region);
    const t = known ? trace.types[known.type] : undefined;
    // A variable-length array (`int a[n]`): as many items as its size holds.
    if (region.kind === 'var' && t?.kind === 'array' && t.length === null) {
      const item = sizeOf(trace, t.of);
      if (item) return sequence(t.of, Math.floor(region.size / item), region.bytes, 0);
    }
    if (!known) {
      if (isUnset(region.unset, 0, region.bytes.length)) return { kind: 'bytes', offset: 0, text: 'not set' };
      return { kind: 'bytes', offset: 0, text: bytesText(region.bytes, region.size, region.unset) };
    }
    return known.count === 1 ? read(known.type, region.bytes, 0) : sequence(known.type, known.count, region.bytes, 0);
  }

  /** `count` values of a type one after another (an array, or a block of them); chars also as the string they hold. */
  function sequence(of: number, count: number, bytes: Uint8Array, at: number): ValueView {
    const size = sizeOf(trace, of) ?? 1;
    const shown = Math.min(count, MAX_ITEMS, Math.floor((bytes.length - at) / size));
    const items = Array.from({ length: shown }, (_, i) => read(of, bytes, at + i * size));
    const t = trace.types[of];
    const end = bytes.subarray(at, at + count).indexOf(0);
    const text =
      t?.kind === 'int' && t.char && end >= 0 && !isUnset(unsetNow, at, 1)
        ? `"${new TextDecoder().decode(bytes.subarray(at, at + end))}"`
        : null;
    return { kind: 'array', offset: at, items, more: count - shown, text };
  }

  function sameType(a: number, b: number): boolean {
    const [x, y] = [trace.types[a], trace.types[b]];
    if (a === b || !x || !y) return a === b;
    if (x.kind === 'struct' && y.kind === 'struct') return x.record === y.record;
    if (x.kind === 'array' && y.kind === 'array') return sameType(x.of, y.of) && x.length === y.length;
    if (x.kind === 'pointer' && y.kind === 'pointer') return sameType(x.to, y.to);
    return x.kind === y.kind && sizeOf(trace, a) === sizeOf(trace, b);
  }

  function name(region: RegionState): string {
    if (region.kind === 'var') return trace.vars[region.variable!]!.name;
    return `block ${region.ordinal} (line ${region.line})`;
  }

  /** Where in a region an offset is, in C: `[2]`, `.next`, `[1].name`. */
  function path(region: RegionState, offset: number, pointee: number): string {
    if (offset === 0 && region.kind === 'heap') return '';
    const known = typeOf(region);
    if (!known) return offset === 0 ? '' : ` + ${offset}`;
    let type = known.type;
    let rest = offset;
    let text = '';
    if (region.kind === 'heap' || known.count > 1) {
      const size = sizeOf(trace, type) ?? 1;
      text += `[${Math.floor(rest / size)}]`;
      rest %= size;
    }
    for (let depth = 0; depth < 8 && rest >= 0; depth++) {
      // A pointer to the whole struct (or array) points at it, not at its first member.
      if (rest === 0 && sameType(type, pointee)) break;
      const t = trace.types[type];
      if (t?.kind === 'array') {
        const size = sizeOf(trace, t.of) ?? 1;
        text += `[${Math.floor(rest / size)}]`;
        rest %= size;
        type = t.of;
      } else if (t?.kind === 'struct') {
        const fields = trace.records[t.record]?.fields ?? [];
        const field = [...fields].reverse().find((f) => f.offset !== null && f.offset <= rest);
        if (!field) break;
        text += `.${field.name}`;
        rest -= field.offset!;
        type = field.type;
      } else break;
    }
    if (text === '[0]' && region.kind === 'heap') return '';
    return text;
  }

  return { locate, typeOf, value, name };
}

/** A value as one line of text: `3`, `[1, 2, 3]`, `{value: 1, next: NULL}`, `→ list`. */
export function valueText(value: ValueView): string {
  switch (value.kind) {
    case 'scalar':
    case 'pointer':
    case 'bytes':
      return value.text;
    case 'array':
      return value.text ?? `[${value.items.map(valueText).join(', ')}${value.more > 0 ? ', …' : ''}]`;
    case 'struct':
      return `{${value.fields.map((f) => `${f.name}: ${valueText(f.value)}`).join(', ')}}`;
  }
}

/**
 * A step's memory as Step through shows it. At the last step of a run that ended (every frame gone), what the heap
 * still holds was never freed (`ended`), and each block is read as the type it had at the step before.
 */
export function memoryAtStep(
  trace: Trace,
  replay: TraceReplay,
  step: number,
  state: StepState = replay.state(step),
): { memory: StepMemory; ended: boolean } {
  const ended = step > 0 && step === replay.steps - 1 && state.frames.length === 0;
  const earlier = ended ? stepMemory(trace, replay.state(step - 1)) : undefined;
  return { memory: stepMemory(trace, state, earlier), ended };
}
