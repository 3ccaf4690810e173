/**
 * `npm start` builds only when the sources changed since the last build. Run on a miniature project whose build
 * writes a marker and whose server prints a line, with the real scripts/start.mjs and scripts/build-stamp.mjs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = mkdtempSync(join(tmpdir(), 'start-'));
const builds = join(project, 'builds.txt');

function start() {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: project,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const buildCount = () => readFileSync(builds, 'utf8').split('\n').filter(Boolean).length;

beforeAll(() => {
  mkdirSync(join(project, 'scripts'));
  for (const script of ['start.mjs', 'build-stamp.mjs'])
    cpSync(resolve('scripts', script), join(project, 'scripts', script));
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src/page.ts'), 'export const words = 1;\n');
  writeFileSync(join(project, 'src/page.test.ts'), '// a test: not part of the build\n');
  writeFileSync(builds, '');
  const server = "console.log('server started');";
  const build = [
    'node scripts/build-stamp.mjs begin',
    `mkdir -p dist/server/api && echo "${server}" > dist/server/api/server.js && echo built >> builds.txt`,
    'node scripts/build-stamp.mjs end',
  ].join(' && ');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module', scripts: { build } }));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds when there is no build, then starts it', () => {
    const { status, output } = start();
    expect(status).toBe(0);
    expect(output).toContain('No build yet: building.');
    expect(output).toContain('server started');
    expect(buildCount()).toBe(1);
  });

  it('starts the existing build without building when no source changed, and says so', () => {
    const { status, output } = start();
    expect(status).toBe(0);
    expect(output).toMatch(/The build is up to date with the sources \(built .+\): starting it without building\./);
    expect(output).toContain('server started');
    expect(buildCount()).toBe(1);
  });

  it('does not build for a changed test file, and builds again for a changed source', () => {
    writeFileSync(join(project, 'src/page.test.ts'), '// a test, changed\n');
    expect(start().output).toContain('starting it without building');
    writeFileSync(join(project, 'src/page.ts'), 'export const words = 2;\n');
    const { output } = start();
    expect(output).toContain('The sources changed since the last build: building.');
    expect(buildCount()).toBe(2);
  });

  it('builds again after a build that failed halfway, which left no stamp', () => {
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: { build: string } };
    const working = pkg.scripts.build;
    pkg.scripts.build = 'node scripts/build-stamp.mjs begin && exit 3';
    writeFileSync(join(project, 'package.json'), JSON.stringify(pkg));
    expect(start().status).toBe(3);
    pkg.scripts.build = working;
    writeFileSync(join(project, 'package.json'), JSON.stringify(pkg));
    const { output } = start();
    expect(output).toContain('building');
    expect(output).not.toContain('without building');
  });
});
