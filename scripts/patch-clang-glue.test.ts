/**
 * The glue between Clang and its files is made cheaper per call at install (scripts/patch-clang-glue.mjs): the
 * installed copy must be the changed one (an upgrade of @yowasp/clang the script does not know fails here), running
 * the script again changes nothing, and a glue of another version is left as published.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tree } from '@yowasp/clang';
import { afterAll, describe, expect, it } from 'vitest';

const glue = fileURLToPath(import.meta.resolve('@yowasp/clang'));
const script = fileURLToPath(new URL('./patch-clang-glue.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'clang-glue-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const patch = (bundle: string) => spawnSync(process.execPath, [script, bundle], { encoding: 'utf8' });

/** A copy of the installed glue, in a package of this version. */
function copyOf(version: string): string {
  const folder = join(work, version, 'gen');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(dirname(folder), 'package.json'), JSON.stringify({ name: '@yowasp/clang', version }));
  cpSync(glue, join(folder, 'bundle.js'));
  return join(folder, 'bundle.js');
}

describe('the Clang glue', () => {
  it('is installed with each write made cheaper', () => {
    const text = readFileSync(glue, 'utf8');
    expect(text.split('\n')[0]).toContain('scripts/patch-clang-glue.mjs');
    expect(text).not.toContain('memory0.buffer.slice(ptr3');
    expect(text).toMatch(/function startCurrentTask\([^)]*\) \{\n\s*return 0;/);
    expect(text).toContain('prepareLLVM');
    expect(text).toContain('wasi_snapshot_preview1: standardOutput.around({');
  });

  it('writes a file a few bytes at a time in linear time, never into an array given in', () => {
    // The installed glue's own WriteStream, run on a file as the glue's File holds one (its bytes in `data`).
    const text = readFileSync(glue, 'utf8');
    const start = text.indexOf('var WriteStream = class extends OutputStream {');
    const source = text.slice(start, text.indexOf('\n};\n', start) + 3);
    const WriteStream = new Function('OutputStream', `${source}\nreturn WriteStream;`)(class {}) as new (
      file: { data: Uint8Array },
      offset: bigint,
    ) => { write(contents: Uint8Array): void };
    const given = Uint8Array.from([1, 2, 3]);
    const file = { data: given };
    const stream = new WriteStream(file, 1n);
    const buffers = new Set<ArrayBufferLike>();
    for (let i = 0; i < 20_000; i++) {
      stream.write(Uint8Array.of(i % 251));
      buffers.add(file.data.buffer);
    }
    expect(Array.from(given)).toEqual([1, 2, 3]);
    expect(file.data.length).toBe(20_001);
    expect(file.data[0]).toBe(1);
    expect(Array.from(file.data.subarray(1, 4))).toEqual([0, 1, 2]);
    expect(file.data[20_000]).toBe(19_999 % 251);
    // Copied each time the room doubles (a few times), not on every write (20,000 times).
    expect(buffers.size).toBeLessThan(20);
    // A write inside the file changes those bytes only.
    new WriteStream(file, 2n).write(Uint8Array.of(7, 7));
    expect(Array.from(file.data.subarray(0, 5))).toEqual([1, 0, 7, 7, 3]);
    expect(file.data.length).toBe(20_001);
    // Cut short as the glue's setSize does (a view of the same bytes), then written past its end: zeros between.
    file.data = file.data.subarray(0, 3);
    new WriteStream(file, 6n).write(Uint8Array.of(9));
    expect(Array.from(file.data)).toEqual([1, 0, 7, 0, 0, 0, 9]);
  });

  it("shares the toolchain's own files between runs, read-only: a write among them fails and leaves nothing", async () => {
    const { runClang, runLLVM } = await import('@yowasp/clang');
    await runClang(null, {}, { fetchProgress: () => undefined });
    const said: string[] = [];
    const options = {
      stdout: () => undefined,
      stderr: (bytes: Uint8Array | null) => void (bytes && said.push(Buffer.from(bytes).toString())),
      synchronously: true as const,
    };
    const cc1 = ['clang', '-cc1', '-triple', 'wasm32-unknown-wasip1'];
    expect(() => runLLVM([...cc1, '-emit-obj', '-o', '/usr/x.o', 'x.c'], { 'x.c': 'int x;' }, options)).toThrow(
      /not extensible/,
    );
    // The next run finds the toolchain's headers as they were, and no file the first one tried to leave.
    const built = runLLVM(
      [...cc1, '-isystem', '/usr/include', '-isystem', '/usr/include/wasm32-wasip1', '-emit-obj', '-o', 'y.o', 'y.c'],
      { 'y.c': '#include <string.h>\nint y;' },
      options,
    ) as Tree;
    expect(built['y.o']).toBeInstanceOf(Uint8Array);
    expect(() =>
      runLLVM([...cc1, '-fsyntax-only', '-include', '/usr/x.o', 'z.c'], { 'z.c': 'int z;' }, options),
    ).toThrow();
    expect(said.join('')).toContain("'/usr/x.o' file not found");
  }, 120_000);

  it('gathers standard output and passes it on in order with every other call the tool makes', () => {
    // The installed glue's own gatherer, given a memory and calls of an adapter that record what reaches them.
    const text = readFileSync(glue, 'utf8');
    const start = text.indexOf('function gatheredStandardOutput(getStdout, memory) {');
    const source = text.slice(start, text.indexOf('\n}\n', start) + 3);
    type Call = (...args: number[]) => number;
    const gathered = new Function(`${source}\nreturn gatheredStandardOutput;`)() as (
      getStdout: () => { blockingWriteAndFlush(bytes: Uint8Array): void },
      memory: () => { buffer: ArrayBuffer },
    ) => { flush(): void; around(calls: Record<string, Call>): Record<string, Call> };
    const memory = { buffer: new ArrayBuffer(1 << 20) };
    const bytes = new Uint8Array(memory.buffer);
    const view = new DataView(memory.buffer);
    const seen: string[] = [];
    const stdout = { blockingWriteAndFlush: (chunk: Uint8Array) => seen.push(`out:${Buffer.from(chunk).toString()}`) };
    const output = gathered(
      () => stdout,
      () => memory,
    );
    const calls = output.around({
      fd_write: (fd) => (seen.push(`adapter write ${fd}`), 0),
      fd_close: (fd) => (seen.push(`adapter close ${fd}`), 0),
      fd_read: (fd) => (seen.push(`adapter read ${fd}`), 0),
    });
    /** A write of these pieces (one iovec each) to `fd`, as LLVM makes it: what it reports written. */
    const write = (fd: number, ...pieces: string[]) => {
      let at = 4096;
      pieces.forEach((piece, i) => {
        const encoded = Buffer.from(piece);
        bytes.set(encoded, at);
        view.setUint32(64 + 8 * i, at, true);
        view.setUint32(68 + 8 * i, encoded.length, true);
        at += encoded.length;
      });
      expect(calls.fd_write!(fd, 64, pieces.length, 32)).toBe(0);
      return view.getUint32(32, true);
    };
    expect(write(1, 'a', '', 'bc')).toBe(3);
    expect(write(1, 'd')).toBe(1);
    expect(seen).toEqual([]);
    // Standard error (or any other call) comes after what was gathered before it.
    write(2, 'warning');
    calls.fd_read!(0);
    write(1, 'e');
    output.flush();
    output.flush();
    expect(seen).toEqual(['out:abcd', 'adapter write 2', 'adapter read 0', 'out:e']);
    // More than the buffer holds at once: passed on whole, in order.
    seen.length = 0;
    write(1, 'x'.repeat(40_000));
    write(1, 'y'.repeat(100_000));
    write(1, 'z');
    output.flush();
    expect(seen).toEqual([`out:${'x'.repeat(40_000)}`, `out:${'y'.repeat(100_000)}`, 'out:z']);
    // Once standard output is closed, its number belongs to the adapter again (a file the tool opens may get it).
    seen.length = 0;
    write(1, 'last');
    calls.fd_close!(1);
    write(1, 'file');
    output.flush();
    expect(seen).toEqual(['out:last', 'adapter close 1', 'adapter write 1']);
  });

  it("passes a tool's standard output on whole, in a few pieces, when it succeeds and when it fails", async () => {
    const { runClang, runLLVM } = await import('@yowasp/clang');
    await runClang(null, {}, { fetchProgress: () => undefined });
    const dump = (code: string) => {
      const pieces: Uint8Array[] = [];
      const said: string[] = [];
      let failed = false;
      try {
        runLLVM(
          ['clang', '-cc1', '-triple', 'wasm32-unknown-wasip1', '-ast-dump=json', 'main.c'],
          { 'main.c': code },
          {
            stdout: (bytes: Uint8Array | null) => void (bytes && pieces.push(bytes.slice())),
            stderr: (bytes: Uint8Array | null) => void (bytes && said.push(Buffer.from(bytes).toString())),
            synchronously: true,
          },
        );
      } catch {
        failed = true;
      }
      return { text: Buffer.concat(pieces).toString(), pieces: pieces.length, said: said.join(''), failed };
    };
    const functions = Array.from({ length: 40 }, (_, i) => `int f${i}(int a) { return a * ${i} + 1; }\n`).join('');
    const fine = dump(functions);
    expect(fine.failed).toBe(false);
    // Written by Clang a byte or a few at a time: a whole JSON document, in pieces of 64 KB.
    expect(fine.text.length).toBeGreaterThan(100_000);
    expect((JSON.parse(fine.text) as { inner: { name?: string }[] }).inner.map((decl) => decl.name)).toContain('f39');
    expect(fine.pieces).toBeLessThanOrEqual(Math.ceil(fine.text.length / 60_000));
    // Clang ends with an error: what it wrote before is still passed on, and its words too.
    const broken = dump(`${functions}int g(void) { return nope; }\n`);
    expect(broken.failed).toBe(true);
    expect(broken.said).toContain("use of undeclared identifier 'nope'");
    expect((JSON.parse(broken.text) as { inner: { name?: string }[] }).inner.map((decl) => decl.name)).toContain('g');
    // A callback that fails as the output is passed on: its own error ends the run, whatever Clang was doing.
    let thrown: unknown;
    try {
      runLLVM(
        ['clang', '-cc1', '-triple', 'wasm32-unknown-wasip1', '-ast-dump=json', 'main.c'],
        { 'main.c': 'int g(void) { return nope; }\n' },
        {
          stdout: () => {
            throw new Error('the callback failed');
          },
          stderr: () => undefined,
          synchronously: true,
        },
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ message: 'the callback failed' });
  }, 120_000);

  it('runs a tool on an instance made ahead, once each, as on one made for the run', async () => {
    const { runClang, runLLVM, prepareLLVM } = await import('@yowasp/clang');
    await runClang(null, {}, { fetchProgress: () => undefined });
    if (!prepareLLVM) throw new Error('the installed glue has no prepareLLVM');
    const run = (name: string, code: string) => {
      const said: string[] = [];
      const tree = runLLVM(
        [
          'clang',
          '-cc1',
          '-triple',
          'wasm32-unknown-wasip1',
          '-Wunused-variable',
          '-emit-obj',
          '-o',
          `${name}.o`,
          `${name}.c`,
        ],
        { [`${name}.c`]: code },
        {
          stdout: () => undefined,
          stderr: (bytes: Uint8Array | null) => void (bytes && said.push(Buffer.from(bytes).toString())),
          synchronously: true,
        },
      ) as Tree;
      return { tree, said: said.join('') };
    };
    const code = 'int f(int a) { int unused; return a * 3; }\n';
    // Made at the run: nothing was made ahead.
    const atRun = run('a', code);
    expect(atRun.said).toContain("unused variable 'unused'");
    expect(prepareLLVM(2)).toBe(true);
    expect(prepareLLVM(2)).toBe(true);
    expect(prepareLLVM(2)).toBe(false);
    const ahead = run('a', code);
    expect(Object.keys(ahead.tree).sort()).toEqual(['a.c', 'a.o']);
    expect(ahead.tree['a.o']).toEqual(atRun.tree['a.o']);
    expect(ahead.said).toBe(atRun.said);
    // The second instance made ahead: a run of its own, with its own files and arguments only.
    const other = run('b', 'int g(void) { return 1; }\n');
    expect(Object.keys(other.tree).sort()).toEqual(['b.c', 'b.o']);
    // Both were taken: one can be made again.
    expect(prepareLLVM(1)).toBe(true);
    run('c', 'int h;\n');
    expect(prepareLLVM(1)).toBe(true);
  }, 120_000);

  it('is changed once: running the script again leaves it as it is', () => {
    const { version } = JSON.parse(readFileSync(join(dirname(glue), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const bundle = copyOf(version);
    const ran = patch(bundle);
    expect(ran.status).toBe(0);
    expect(ran.stderr).toBe('');
    expect(readFileSync(bundle, 'utf8')).toBe(readFileSync(glue, 'utf8'));
  });

  it('leaves a glue changed by an earlier revision of the script as it is, and says to reinstall it', () => {
    const { version } = JSON.parse(readFileSync(join(dirname(glue), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const bundle = copyOf(version);
    const earlier = readFileSync(bundle, 'utf8').replace(
      /^.*\n/,
      '/* made cheaper per call: scripts/patch-clang-glue.mjs */\n',
    );
    writeFileSync(bundle, earlier);
    const ran = patch(bundle);
    expect(ran.status).toBe(0);
    expect(ran.stderr).toContain('changed by an earlier revision of this script: reinstall it (npm ci)');
    expect(readFileSync(bundle, 'utf8')).toBe(earlier);
  });

  it('leaves a glue of a version it does not know as published, and says so', () => {
    const bundle = copyOf('0.0.1');
    const published = readFileSync(bundle, 'utf8').replace(/^.*\n/, '');
    writeFileSync(bundle, published);
    const ran = patch(bundle);
    expect(ran.status).toBe(0);
    expect(ran.stderr).toContain('left as published (@yowasp/clang is 0.0.1');
    expect(readFileSync(bundle, 'utf8')).toBe(published);
  });
});
