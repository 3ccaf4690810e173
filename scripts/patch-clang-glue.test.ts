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
  });

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
