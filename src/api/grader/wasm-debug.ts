/**
 * What a compiled program's debug information says, for naming where a run went wrong: the source line of a code
 * address (DWARF's line table, which Clang writes with -g into the module's `.debug_line` section) and each
 * function's name (the module's `name` section). A module's addresses are counted from the start of its code
 * section's contents; V8's stack traces give offsets from the start of the module, which `lineAt` takes.
 */

class Reader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.at = start;
  }
  u8() {
    return this.bytes[this.at++] ?? 0;
  }
  u16() {
    return this.u8() | (this.u8() << 8);
  }
  u32() {
    return (this.u8() | (this.u8() << 8) | (this.u8() << 16) | (this.u8() << 24)) >>> 0;
  }
  uleb() {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.u8();
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (!(byte & 0x80) || shift > 63) return result;
    }
  }
  sleb() {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.u8();
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && shift < 63);
    if (byte & 0x40) result -= 2 ** shift;
    return result;
  }
  cstring() {
    const end = this.bytes.indexOf(0, this.at);
    const text = new TextDecoder().decode(this.bytes.subarray(this.at, end < 0 ? this.bytes.length : end));
    this.at = end < 0 ? this.bytes.length : end + 1;
    return text;
  }
  /** Moves past `length` bytes (a name, a function's body). */
  skip(length: number) {
    this.at += length;
  }
  string(length: number) {
    const text = new TextDecoder().decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return text;
  }
}

/** A NUL-terminated string at `offset` of a string section. */
function stringAt(section: Uint8Array | undefined, offset: number): string {
  return section ? new Reader(section, offset).cstring() : '';
}

interface Row {
  address: number;
  line: number;
  file: string;
  /** The address where this row's sequence ends: addresses from it on belong to no row of it. */
  end: number;
}

const FORM = {
  block: 0x09,
  data1: 0x0b,
  data2: 0x05,
  data4: 0x06,
  data8: 0x07,
  data16: 0x1e,
  string: 0x08,
  strp: 0x0e,
  udata: 0x0f,
  lineStrp: 0x1f,
} as const;

function readForm(r: Reader, form: number, strings: { str?: Uint8Array; lineStr?: Uint8Array }): string | number {
  switch (form) {
    case FORM.string:
      return r.cstring();
    case FORM.lineStrp:
      return stringAt(strings.lineStr, r.u32());
    case FORM.strp:
      return stringAt(strings.str, r.u32());
    case FORM.udata:
      return r.uleb();
    case FORM.data1:
      return r.u8();
    case FORM.data2:
      return r.u16();
    case FORM.data4:
      return r.u32();
    case FORM.data8:
      r.skip(8);
      return 0;
    case FORM.data16:
      r.skip(16);
      return 0;
    case FORM.block:
      // Its length, then its bytes (`r.at += r.uleb()` would lose the length's own bytes: `r.at` is read first).
      r.skip(r.uleb());
      return 0;
    default:
      throw new Error(`DWARF form ${form} not read`);
  }
}

/** The rows of every line table in `.debug_line` (DWARF 4 and 5, 32-bit units). */
function lineRows(line: Uint8Array, strings: { str?: Uint8Array; lineStr?: Uint8Array }): Row[] {
  const rows: Row[] = [];
  const r = new Reader(line);
  while (r.at + 4 < line.length) {
    const unitLength = r.u32();
    const unitEnd = r.at + unitLength;
    const version = r.u16();
    if (version >= 5) r.at += 2; // address size, segment selector size
    const headerLength = r.u32();
    const programStart = r.at + headerLength;
    const minInstruction = r.u8();
    if (version >= 4) r.u8(); // maximum operations per instruction
    r.u8(); // default is_stmt
    const lineBase = (r.u8() << 24) >> 24;
    const lineRange = r.u8();
    const opcodeBase = r.u8();
    const standardLengths: number[] = [];
    for (let i = 1; i < opcodeBase; i++) standardLengths.push(r.u8());
    const files: string[] = [];
    if (version >= 5) {
      const entries = () => {
        const formats: [number, number][] = [];
        const count = r.u8();
        for (let i = 0; i < count; i++) formats.push([r.uleb(), r.uleb()]);
        const names: string[] = [];
        const n = r.uleb();
        for (let i = 0; i < n; i++) {
          let name = '';
          for (const [content, form] of formats) {
            const value = readForm(r, form, strings);
            if (content === 1) name = String(value);
          }
          names.push(name);
        }
        return names;
      };
      entries(); // directories
      files.push(...entries());
    } else {
      while (r.cstring()) {
        // include directories
      }
      files.push(''); // DWARF 4 numbers files from 1
      for (let name = r.cstring(); name; name = r.cstring()) {
        files.push(name);
        // Its directory, modification time and length.
        for (let skip = 0; skip < 3; skip++) r.uleb();
      }
    }
    r.at = programStart;
    let address = 0;
    let file = 1;
    let lineNumber = 1;
    let sequence: Row[] = [];
    const emit = () => sequence.push({ address, line: lineNumber, file: files[file] ?? '', end: 0 });
    while (r.at < unitEnd) {
      const opcode = r.u8();
      if (opcode >= opcodeBase) {
        const adjusted = opcode - opcodeBase;
        address += Math.floor(adjusted / lineRange) * minInstruction;
        lineNumber += lineBase + (adjusted % lineRange);
        emit();
        continue;
      }
      switch (opcode) {
        case 0: {
          const length = r.uleb();
          const next = r.at + length;
          const sub = r.u8();
          if (sub === 1) {
            for (const row of sequence) row.end = address;
            rows.push(...sequence);
            sequence = [];
            address = 0;
            file = 1;
            lineNumber = 1;
          } else if (sub === 2) {
            address =
              length - 1 >= 8
                ? Number(new DataView(line.buffer, line.byteOffset + r.at).getBigUint64(0, true))
                : r.u32();
          }
          r.at = next;
          break;
        }
        case 1:
          emit();
          break;
        case 2:
          address += r.uleb() * minInstruction;
          break;
        case 3:
          lineNumber += r.sleb();
          break;
        case 4:
          file = r.uleb();
          break;
        case 5:
          r.uleb();
          break;
        case 8:
          address += Math.floor((255 - opcodeBase) / lineRange) * minInstruction;
          break;
        case 9:
          address += r.u16();
          break;
        default:
          for (let i = 0; i < (standardLengths[opcode - 1] ?? 0); i++) r.uleb();
      }
    }
    r.at = unitEnd;
  }
  return rows.sort((a, b) => a.address - b.address);
}

/** A function's name as the student wrote it: the C library's wrapper of `main` is their `main`. */
export const studentFunctionName = (name: string) => (name === '__original_main' ? 'main' : name);

export interface WasmDebug {
  /** The line of `source` a code position (an offset from the module's start, as V8 reports it) belongs to. */
  lineAt(moduleOffset: number, source?: string): number | undefined;
  /** A function's name by its index in the module. */
  functionName(index: number): string | undefined;
  /** The module's first data segment (the linker puts read-only data, string literals first, there). */
  readOnlyData: { addr: number; bytes: Uint8Array } | null;
}

/**
 * The module's first data segment and the address it is copied to. Active (a plain build), the address is in the
 * segment: `i32.const addr; end`. Passive (a checked build, whose memory is shared: build-flags.ts), the linker's
 * start function copies it: `i32.const addr; i32.const 0; i32.const size; memory.init 0`, read from `initCode`.
 */
function firstDataSegment(
  section: Uint8Array,
  initCode: Uint8Array | null,
): { addr: number; bytes: Uint8Array } | null {
  const r = new Reader(section);
  if (r.uleb() === 0) return null;
  const mode = r.uleb();
  let addr: number | null;
  if (mode === 0) {
    if (r.u8() !== 0x41) return null;
    addr = r.sleb() >>> 0;
    if (r.u8() !== 0x0b) return null;
  } else if (mode === 1) addr = initCode ? firstSegmentAddress(initCode) : null;
  else return null;
  if (addr === null) return null;
  const length = r.uleb();
  return { addr, bytes: section.subarray(r.at, r.at + length) };
}

/**
 * The address the linker's memory initialiser (wasm-ld's `__wasm_init_memory`, its body given) copies segment 0 to.
 * Only the instructions the linker writes there are known; any other ends the reading with no answer.
 */
function firstSegmentAddress(body: Uint8Array): number | null {
  const r = new Reader(body);
  for (let groups = r.uleb(); groups > 0; groups--) {
    r.uleb();
    r.u8();
  }
  const constants: number[] = [];
  while (r.at < body.length) {
    const op = r.u8();
    if (op === 0x41) constants.push(r.sleb());
    else if (op === 0x42) r.sleb();
    else if (op === 0x02 || op === 0x03)
      r.u8(); // block, loop: an empty block type
    else if (op === 0x0c || op === 0x0d)
      r.uleb(); // br, br_if
    else if (op === 0x0e)
      for (let labels = r.uleb() + 1; labels > 0; labels--) r.uleb(); // br_table
    else if (op === 0x0b || op === 0x1a)
      continue; // end, drop
    else if (op === 0xfe) {
      // An atomic access: its opcode and where (alignment, offset); a fence has one byte, no place.
      if (r.uleb() === 0x03) r.u8();
      else {
        r.uleb();
        r.uleb();
      }
    } else if (op === 0xfc) {
      const sub = r.uleb();
      if (sub === 8) {
        const segment = r.uleb();
        r.u8();
        if (segment === 0) return constants.length >= 3 ? constants[constants.length - 3]! >>> 0 : null;
      } else if (sub === 9)
        r.uleb(); // data.drop
      else if (sub === 11)
        r.u8(); // memory.fill
      else return null;
    } else return null;
  }
  return null;
}

/** The body of the module's start function in its code section, or null (none, or imported). */
function startFunctionBody(imports: Uint8Array | null, start: Uint8Array | null, code: Uint8Array | null) {
  if (!start || !code) return null;
  let index = new Reader(start).uleb();
  if (imports) {
    const r = new Reader(imports);
    // Each import: its module's name and its own (each a length and its bytes), then what it is.
    for (let count = r.uleb(); count > 0; count--) {
      r.skip(r.uleb());
      r.skip(r.uleb());
      const kind = r.u8();
      if (kind === 0) {
        r.uleb();
        index--;
      } else if (kind === 1 || kind === 2) {
        if (kind === 1) r.u8();
        const flags = r.u8();
        r.uleb();
        if (flags & 1) r.uleb();
      } else if (kind === 3) r.skip(2);
      else return null;
    }
  }
  if (index < 0) return null;
  const r = new Reader(code);
  const count = r.uleb();
  if (index >= count) return null;
  for (let i = 0; i < index; i++) r.skip(r.uleb());
  const size = r.uleb();
  return code.subarray(r.at, r.at + size);
}

/** Reads a module's line table and function names; an absent or unreadable section gives no answers, not an error. */
export function readWasmDebug(wasm: Uint8Array): WasmDebug {
  const custom = new Map<string, Uint8Array>();
  let codeStart = 0;
  const sections = new Map<number, Uint8Array>();
  const r = new Reader(wasm, 8);
  while (r.at < wasm.length) {
    const id = r.u8();
    const size = r.uleb();
    const start = r.at;
    if (id === 10) codeStart = start;
    if (id === 2 || id === 8 || id === 10 || id === 11) sections.set(id, wasm.subarray(start, start + size));
    if (id === 0) {
      const name = r.string(r.uleb());
      custom.set(name, wasm.subarray(r.at, start + size));
    }
    r.at = start + size;
  }
  let rows: Row[] = [];
  try {
    const line = custom.get('.debug_line');
    if (line) rows = lineRows(line, { str: custom.get('.debug_str'), lineStr: custom.get('.debug_line_str') });
  } catch {
    rows = [];
  }
  const names = new Map<number, string>();
  try {
    const section = custom.get('name');
    if (section) {
      const n = new Reader(section);
      while (n.at < section.length) {
        const sub = n.u8();
        const size = n.uleb();
        const end = n.at + size;
        if (sub === 1) {
          const count = n.uleb();
          for (let i = 0; i < count; i++) names.set(n.uleb(), n.string(n.uleb()));
        }
        n.at = end;
      }
    }
  } catch {
    // Names are a courtesy: without them a function is named by its index.
  }
  return {
    lineAt(moduleOffset, source = 'main.c') {
      const address = moduleOffset - codeStart;
      let lo = 0;
      let hi = rows.length - 1;
      let found: Row | undefined;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (rows[mid]!.address <= address) {
          found = rows[mid];
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (!found || address >= found.end || !found.file.endsWith(source) || found.line === 0) return undefined;
      return found.line;
    },
    functionName: (index) => names.get(index),
    readOnlyData: (() => {
      try {
        const data = sections.get(11);
        if (!data) return null;
        return firstDataSegment(
          data,
          startFunctionBody(sections.get(2) ?? null, sections.get(8) ?? null, sections.get(10) ?? null),
        );
      } catch {
        return null;
      }
    })(),
  };
}
