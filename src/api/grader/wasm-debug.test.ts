/**
 * Where a module's first data segment (its string literals) goes in memory: written in the segment (a plain build's
 * active segment) or in the linker's memory initialiser (a checked build's memory is shared, its segments passive).
 * The modules here are written byte by byte, as wasm-ld writes them.
 */
import { runClang } from '@yowasp/clang';
import { describe, expect, it } from 'vitest';
import { COMPILE_FLAGS, PLAIN_COMPILE_FLAGS, RUNTIME_FLAGS } from './build-flags.js';
import { buildProgram, buildRuntime, CHECKS_INCLUDES, readChecksFiles } from './build-program.js';
import { readWasmDebug } from './wasm-debug.js';

const uleb = (value: number): number[] => {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
};
const sleb = (value: number): number[] => {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(byte & 0x40)) || (value === -1 && byte & 0x40)) return [...bytes, byte];
    bytes.push(byte | 0x80);
  }
};
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const name = (text: string) => [...uleb(text.length), ...Buffer.from(text)];
const module = (...sections: number[][]) =>
  Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...sections.flat()]);
const LITERALS = [...Buffer.from('Ann\0Asha\0')];

/** wasm-ld's `__wasm_init_memory` for a shared memory: a flag taken atomically, then each segment copied in. */
const initMemory = (flag: number, at: number, size: number) => [
  0x00, // no locals
  ...[0x02, 0x40, 0x02, 0x40, 0x02, 0x40],
  ...[0x41, ...sleb(flag), 0x41, 0x00, 0x41, 0x01, 0xfe, 0x48, 0x02, 0x00], // i32.atomic.rmw.cmpxchg
  ...[0x0e, 0x02, 0x00, 0x01, 0x02, 0x0b], // br_table 0 1 2; end
  ...[0xfe, 0x03, 0x00], // atomic.fence
  ...[0x41, ...sleb(at), 0x41, 0x00, 0x41, ...sleb(size), 0xfc, 0x08, 0x00, 0x00], // memory.init 0
  ...[0x41, ...sleb(at + 4096), 0x41, 0x00, 0x41, 0x10, 0xfc, 0x0b, 0x00], // memory.fill (the zeroed data)
  ...[0x41, ...sleb(flag), 0x41, 0x02, 0xfe, 0x17, 0x02, 0x00, 0x0c, 0x01, 0x0b], // i32.atomic.store; br 1; end
  ...[0xfc, 0x09, 0x00, 0x0b], // data.drop 0; end
];

describe("a module's read-only data", () => {
  it('is where an active segment says', () => {
    const wasm = module(
      section(11, [0x01, 0x00, 0x41, ...sleb(0x2a00000), 0x0b, ...uleb(LITERALS.length), ...LITERALS]),
    );
    const data = readWasmDebug(wasm).readOnlyData;
    expect(data?.addr).toBe(0x2a00000);
    expect(Buffer.from(data!.bytes).toString('latin1')).toBe('Ann\0Asha\0');
  });

  it("is where the linker's memory initialiser copies a passive segment, past the functions the module imports", () => {
    const body = initMemory(0x2a0a000, 0x2a00000, LITERALS.length);
    const imports = [
      0x03,
      ...[...name('wasi_snapshot_preview1'), ...name('fd_write'), 0x00, 0x00], // a function: index 0
      ...[...name('env'), ...name('__stack_pointer'), 0x03, 0x7f, 0x01], // a global
      ...[...name('grader'), ...name('report'), 0x00, 0x01], // a function: index 1
    ];
    const other = [0x00, 0x41, 0x07, 0x1a, 0x0b]; // another function, before it in the code section
    const wasm = module(
      section(2, imports),
      section(8, uleb(3)), // the start function: the second one defined
      section(10, [0x02, ...uleb(other.length), ...other, ...uleb(body.length), ...body]),
      section(11, [0x01, 0x01, ...uleb(LITERALS.length), ...LITERALS]),
    );
    const data = readWasmDebug(wasm).readOnlyData;
    expect(data?.addr).toBe(0x2a00000);
    expect(Buffer.from(data!.bytes).toString('latin1')).toBe('Ann\0Asha\0');
  });

  it('is not known when the initialiser holds an instruction the linker does not write there', () => {
    const body = [0x00, 0x41, 0x05, 0x28, 0x02, 0x00, ...initMemory(0x2a0a000, 0x2a00000, 4).slice(1)]; // i32.load
    const wasm = module(
      section(8, [0x00]),
      section(10, [0x01, ...uleb(body.length), ...body]),
      section(11, [0x01, 0x01, 0x04, 0x41, 0x6e, 0x6e, 0x00]),
    );
    expect(readWasmDebug(wasm).readOnlyData).toBeNull();
  });
});

// The referee: a real build, plain (active segments) and checked (passive, copied in by wasm-ld's initialiser), made
// and instantiated as the grader would, its start function run by V8. What the reading says is at that address is.
describe("a built program's read-only data, against its memory once instantiated", { timeout: 180_000 }, () => {
  const code = '#include <stdio.h>\nconst char *who = "Ann";\nint main(void) { printf("%s, %s\\n", who, "Meena"); }\n';

  it.each([
    ['plain', PLAIN_COMPILE_FLAGS],
    ['checked', COMPILE_FLAGS],
  ] as const)('a %s build', async (_kind, flags) => {
    await runClang(null, {}, { fetchProgress: () => undefined });
    const files = readChecksFiles();
    const checked = flags === COMPILE_FLAGS;
    const quiet = { stdout: () => undefined, stderr: () => undefined };
    const runtime = checked ? buildRuntime(RUNTIME_FLAGS, files) : null;
    const wasm = buildProgram(code, flags, runtime, checked ? CHECKS_INCLUDES : [], files, quiet)[
      'main.wasm'
    ] as Uint8Array;
    const data = readWasmDebug(wasm).readOnlyData;
    expect(data).not.toBeNull();
    expect(Buffer.from(data!.bytes).includes('Meena')).toBe(true);
    // Every import a function that does nothing: only the start function runs, which copies the data in.
    const module = await WebAssembly.compile(wasm);
    const imports: Record<string, Record<string, () => number>> = {};
    for (const { module: from, name } of WebAssembly.Module.imports(module)) (imports[from] ??= {})[name] = () => 0;
    const instance = await WebAssembly.instantiate(module, imports);
    const memory = (instance.exports.memory as WebAssembly.Memory).buffer;
    expect(Buffer.from(new Uint8Array(memory, data!.addr, data!.bytes.length))).toEqual(Buffer.from(data!.bytes));
  });
});
