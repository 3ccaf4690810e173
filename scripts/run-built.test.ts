/**
 * `npm run backup`, `restore`, `migrate` and `admin-password` run the compiled tools in dist/server
 * (scripts/run-built.mjs): no TypeScript runner, so a production install has them. The tools themselves run from a
 * real build in scripts/fresh-install.mjs (part of npm test); here, what the runner hands them and says.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const project = mkdtempSync(join(tmpdir(), 'run-built-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const runBuilt = (...args: string[]) => {
  const result = spawnSync(process.execPath, [resolve('scripts/run-built.mjs'), ...args], {
    cwd: project,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('the tools run from the build', () => {
  it('says to build first when the build has no such tool', () => {
    const { status, stderr } = runBuilt('api/db/backup-cli.js', 'backup');
    expect(status).toBe(1);
    expect(stderr).toContain(
      'No build of api/db/backup-cli.js in dist/server: run `npm run build` (or `npm start`) first.',
    );
  });

  it('runs the compiled tool with its own arguments, as `node <tool> <arguments>` would', () => {
    mkdirSync(join(project, 'dist/server/api/db'), { recursive: true });
    writeFileSync(
      join(project, 'dist/server/api/db/echo-cli.js'),
      "import { writeFileSync } from 'node:fs';\nwriteFileSync('argv.json', JSON.stringify(process.argv.slice(1)));\n",
    );
    writeFileSync(join(project, 'package.json'), '{ "type": "module" }');
    const { status } = runBuilt('api/db/echo-cli.js', 'backup', '--out=copy.db');
    expect(status).toBe(0);
    const argv = JSON.parse(readFileSync(join(project, 'argv.json'), 'utf8')) as string[];
    expect(argv).toEqual([join(project, 'dist/server/api/db/echo-cli.js'), 'backup', '--out=copy.db']);
  });

  it('is what package.json runs for each of them, never a TypeScript runner', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const name of ['backup', 'restore', 'migrate', 'admin-password'])
      expect(scripts[name]).toMatch(/^node scripts\/run-built\.mjs api\/db\/[a-z-]+-cli\.js( backup| restore)?$/);
  });
});
