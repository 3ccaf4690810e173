/**
 * `npm test` ends its log with what failed, from scripts/vitest-failures-reporter.mjs: tried here on a real vitest
 * run of a file that fails three ways, two of which leave no failed test in vitest's own JSON report.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Inside the project, so the file's `import 'vitest'` finds the project's own.
mkdirSync(resolve('.tmp'), { recursive: true });
const dir = mkdtempSync(resolve('.tmp', 'reporter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAILING = `import { beforeAll, describe, expect, it } from 'vitest';
describe('a group', () => {
  beforeAll(() => {
    throw new Error('the setup broke');
  });
  it('is skipped', () => expect(1).toBe(1));
});
it('fails', () => expect(1).toBe(2));
it('leaves an error behind', () => {
  setTimeout(() => {
    throw new Error('thrown after its test');
  }, 0);
  return new Promise((done) => setTimeout(done, 50));
});
`;

describe('the failures reporter', () => {
  it('names a failed setup, a failed test and an unhandled error', { timeout: 60_000 }, () => {
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {};\n');
    writeFileSync(join(dir, 'three.test.ts'), FAILING);
    const failures = join(dir, 'failures.json');
    const run = spawnSync(
      process.execPath,
      [
        resolve('node_modules/vitest/vitest.mjs'),
        'run',
        '--config=./vitest.config.mjs',
        `--reporter=${resolve('scripts/vitest-failures-reporter.mjs')}`,
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, VITEST_FAILURES_FILE: failures } },
    );
    expect(run.status).toBe(1);
    const lines = JSON.parse(readFileSync(failures, 'utf8')) as string[];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^three\.test\.ts › a group\n\s+Error: the setup broke/);
    expect(lines[1]).toMatch(/^three\.test\.ts › fails\n\s+AssertionError: expected 1 to be 2/);
    expect(lines[2]).toMatch(/^unhandled error\n\s+Error: thrown after its test/);
  });
});
