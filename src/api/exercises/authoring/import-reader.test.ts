import { afterEach, describe, expect, it } from 'vitest';
import { importMessages, type ImportInput } from '../../../contracts/exercises/authoring.js';
import { codeRunnerExport } from '../../../../test/large-exports.js';
import { AppError } from '../../http/app-error.js';
import { createImportReader, type ImportReader } from './import-reader.js';

const readers: ImportReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

function reader(options: Parameters<typeof createImportReader>[0] = {}) {
  const logged: string[] = [];
  const made = createImportReader({
    log: {
      warn: (_: unknown, message: string) => logged.push(message),
      error: (_: unknown, m: string) => logged.push(m),
    },
    ...options,
  });
  readers.push(made);
  return { read: made.read, close: made.close, logged };
}

/** The error a read ended with, as status and message. */
const failure = (read: Promise<unknown>) =>
  read.then(
    () => 'read',
    (error: unknown) => (error instanceof AppError ? `${error.status} ${error.message}` : String(error)),
  );

const small: ImportInput = { content: codeRunnerExport(1, 2) };

/** A Dodona suite of a million tests: its YAML document needs far more heap than a real import's. */
const hugeSuite: ImportInput = {
  files: [
    { path: 'e/config.json', content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
    { path: 'e/description/description.en.md', content: 'Task' },
    { path: 'e/evaluation/suite.yaml', content: '- stdin: 1\n'.repeat(400_000) },
  ],
};

describe('the import reader: files read in a worker thread of their own', { timeout: 60_000 }, () => {
  it('reads a file in its worker: the programs, and what was left out with why', async () => {
    const { read } = reader();
    const { programs, skipped } = await read('t', { content: codeRunnerExport(3, 50) });
    expect(programs.map((p) => [p.task.split('\n')[0], p.tests.length])).toEqual([
      ['Sum 1', 50],
      ['Sum 2', 50],
      ['Sum 3', 50],
    ]);
    expect(skipped).toEqual([]);
  });

  it('stops a read past its time limit (413, said why)', async () => {
    const { read, logged } = reader({ timeoutMs: 50 });
    // The limit counts from the worker's start: a small file first, so the large one is what runs out of time.
    await read('t', small).catch(() => undefined);
    expect(await failure(read('t', { content: codeRunnerExport(200, 50) }))).toBe(`413 ${importMessages.tooSlow}`);
    expect(logged).toContain('import: reading a file ran past its time limit and was stopped');
  });

  it('stops a read past its heap cap (413, said why) and goes on', async () => {
    const { read, logged } = reader({ heapMb: 96 });
    expect((await read('t', small)).programs).toHaveLength(1);
    expect(await failure(read('t', hugeSuite))).toBe(`413 ${importMessages.tooLarge}`);
    expect(logged).toContain('import: reading a file reached its heap cap and was stopped');
    expect((await read('t', small)).programs).toHaveLength(1);
  });

  it('turns a reader that fails into a 400 with a reason, and logs it', async () => {
    const { read, logged } = reader();
    expect(await failure(read('t', { content: 42 } as unknown as ImportInput))).toBe(`400 ${importMessages.failed}`);
    expect(logged).toEqual(['import: the reader failed']);
  });

  it('refuses a read when too many wait (429), and any once closed (503)', async () => {
    const { read, close } = reader();
    // One reading and eight waiting: the tenth is refused.
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => failure(read('t', small))));
    expect(outcomes.filter((outcome) => outcome === 'read')).toHaveLength(9);
    expect(outcomes.filter((outcome) => outcome === `429 ${importMessages.busy}`)).toHaveLength(1);
    await close();
    expect(await failure(read('t', small))).toBe(`503 ${importMessages.stopping}`);
  });
});
