/**
 * `node scripts/fresh-install.mjs` (part of `npm test`): installs a fresh clone of this repository as a newcomer's
 * machine would, and fails if the install needs more than the npm registry. In a temporary folder:
 *
 * 1. `git clone` of this repository (its committed state), an empty npm cache, a new HOME (no headers or builds
 *    kept from before), no npm settings of this machine's but how to reach the registry (no `nodedir`), and a PATH
 *    holding only node, npm, git and sh: no compiler, make or python, so a package that compiles at install fails.
 * 2. `npm ci`, timed; the clone must stay clean (`git status`: the lockfile unchanged) and no package may have been
 *    compiled (no node-gyp `build/` folder under node_modules).
 * 3. The development packages are removed (`npm prune --omit=dev`, what `npm ci --omit=dev` leaves), then the built
 *    site starts on a temporary SQLite database and must answer `GET /healthz`, and `npm run migrate`, `backup`,
 *    `restore` and `admin-password` must work from the build.
 *
 * The build: this checkout's dist/ when its stamp says it was built from exactly the clone's sources (npm test builds
 * first), else the clone builds its own before step 3 (minutes more).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readStamp, sourcesHash } from './build-stamp.mjs';

const project = resolve('.');
const work = mkdtempSync(join(tmpdir(), 'fresh-install-'));
const site = join(work, 'site');
const problems = [];

function which(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

// A PATH with node, npm, git and sh only (npm runs packages' install scripts with sh).
const bin = join(work, 'bin');
mkdirSync(bin);
symlinkSync(process.execPath, join(bin, 'node'));
for (const tool of ['npm', 'npx', 'git', 'sh']) {
  const path = which(tool);
  if (!path) throw new Error(`fresh install: ${tool} is not on the PATH`);
  symlinkSync(path, join(bin, tool));
}

// This machine's npm settings less `nodedir` (where to find Node's headers for compiling): the registry and its
// certificates stay, so the install reaches what a newcomer's would.
const globalConfig = spawnSync('npm', ['config', 'get', 'globalconfig'], { encoding: 'utf8' }).stdout.trim();
const npmrc = join(work, 'npmrc');
const kept = existsSync(globalConfig)
  ? readFileSync(globalConfig, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*nodedir\s*=/.test(line))
  : [];
writeFileSync(npmrc, `${kept.join('\n')}\n`);
const home = join(work, 'home');
mkdirSync(home);

const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && !/^(NODE_OPTIONS|INIT_CWD)$/.test(name)),
);
Object.assign(env, {
  PATH: bin,
  HOME: home,
  npm_config_globalconfig: npmrc,
  npm_config_userconfig: join(home, '.npmrc'),
  npm_config_cache: join(work, 'npm-cache'),
  npm_config_update_notifier: 'false',
});
for (const tool of ['gcc', 'g++', 'cc', 'c++', 'make', 'python3', 'python']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`], { env }).status === 0)
    throw new Error(`fresh install: ${tool} is reachable on the PATH meant to hold none`);
}

function step(label, command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: site,
    encoding: 'utf8',
    ...options,
    env: { ...env, ...options.env },
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = result.status === 0;
  console.log(`  ${ok ? 'ok' : 'FAILED'}  ${label} (${seconds.toFixed(1)} s)`);
  if (!ok) {
    problems.push(label);
    process.stdout.write(`${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-40).join('\n'));
    if (result.error) console.log(String(result.error));
  }
  return { ok, seconds, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** node-gyp's output folders under node_modules: a package compiled at install. */
function compiledPackages(root) {
  const found = [];
  const visit = (dir, depth) => {
    if (depth > 6 || !existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name === 'build' && existsSync(join(path, 'Release'))) found.push(path);
      else if (entry.name !== '.bin') visit(path, depth + 1);
    }
  };
  visit(join(root, 'node_modules'), 0);
  return found;
}

async function freePort() {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Starts the built site on a temporary SQLite database, waits for /healthz, stops it with SIGTERM. */
async function startSite(databaseUrl) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/api/server.js'], {
    cwd: site,
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      GRADER_WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  let healthy = false;
  while (!healthy && child.exitCode === null && performance.now() - started < 90_000) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      healthy = answer.status === 200;
    } catch {
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  child.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise((wait) => setTimeout(() => wait('timeout'), 30_000))]);
  if (code === 'timeout') child.kill('SIGKILL');
  const ok = healthy && code === 0;
  console.log(`  ${ok ? 'ok' : 'FAILED'}  the built site answers GET /healthz (${seconds} s) and stops on SIGTERM`);
  if (!ok) {
    problems.push('start the site');
    console.log(output.split('\n').slice(-30).join('\n'));
  }
}

console.log(`Fresh install of a clone in ${work} (PATH: node, npm, git and sh only; empty npm cache)`);
try {
  const clone = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', project, site], { encoding: 'utf8' });
  if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);

  const install = step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund']);
  console.log(`Install time: ${install.seconds.toFixed(0)} s (npm ci, empty cache, Node ${process.versions.node})`);
  if (install.ok) {
    const status = step('git status is clean after npm ci', 'git', ['status', '--porcelain']);
    if (status.ok && status.output.trim() !== '') {
      problems.push('git status');
      console.log(`  FAILED  the install changed the clone:\n${status.output}`);
    }
    const compiled = compiledPackages(site);
    if (compiled.length > 0) {
      problems.push('compiled at install');
      console.log(`  FAILED  packages compiled at install:\n    ${compiled.join('\n    ')}`);
    } else console.log('  ok  nothing was compiled at install');

    const stamp = readStamp(project);
    const current = stamp !== undefined && stamp.hash === sourcesHash(site).hash;
    if (current) {
      cpSync(join(project, 'dist'), join(site, 'dist'), { recursive: true });
      console.log('  ok  this checkout’s build is of the same sources: using it');
    } else step('npm run build (this checkout has no build of the same sources)', 'npm', ['run', 'build']);

    step('npm prune --omit=dev (a production install)', 'npm', ['prune', '--omit=dev', '--no-audit', '--no-fund']);
    const database = join(work, 'data', 'app.db');
    const databaseUrl = `sqlite:${database}`;
    await startSite(databaseUrl);
    const tools = { env: { DATABASE_URL: databaseUrl } };
    const migrate = step('npm run migrate (from the build)', 'npm', ['run', '-s', 'migrate'], tools);
    if (migrate.ok && !migrate.output.includes('Database is up to date.')) problems.push('migrate output');
    const backupFile = join(work, 'backup.db');
    step('npm run backup (from the build)', 'npm', ['run', '-s', 'backup', '--', `--out=${backupFile}`], tools);
    step('npm run restore (from the build)', 'npm', ['run', '-s', 'restore', '--', backupFile], tools);
    step('npm run admin-password (from the build)', 'npm', ['run', '-s', 'admin-password'], {
      env: { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: 'Fresh#Install1' },
    });
  }
} catch (error) {
  problems.push(String(error instanceof Error ? error.message : error));
  console.log(`  FAILED  ${problems.at(-1)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(problems.length === 0 ? 'Fresh install: ok' : `Fresh install FAILED: ${problems.join(', ')}`);
process.exit(problems.length === 0 ? 0 : 1);
