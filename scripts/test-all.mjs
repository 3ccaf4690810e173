// `npm test`: typecheck, lint, build, a fresh install, unit tests, the differential oracle's sample (test/oracle),
// the CodeRunner harness (test/coderunner), API tests (SQLite and PostgreSQL), browser tests. Installs what a fresh
// machine lacks (Chromium, PostgreSQL, the oracle's gcc-multilib, valgrind and csmith) when it can, and ends with
// "N passed, N failed".
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { runQuietly } from './run-quietly.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : `FAILED (exit ${result.status})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function hasPostgres() {
  if (
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
  )
    return true;
  return spawnSync('sh', ['-c', 'command -v initdb']).status === 0;
}

function aptInstall(packages) {
  if (!isRoot || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) return false;
  console.log(`\n=== installing ${packages.join(', ')} with apt-get`);
  try {
    execSync('apt-get update -qq', { stdio: 'inherit' });
    execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message ?? '';
        const firstLine = error.split('\n').find((line) => line.trim()) ?? '';
        failedTests.push(
          `[${test.projectName}] ${[...path, spec.title].join(' › ')} (${test.status})\n      ${firstLine}`,
        );
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

/** The differential oracle's referees (test/oracle), as Debian packages: what of them this machine lacks. */
function missingOracleTools() {
  const lacks = [];
  const m32 = spawnSync('gcc', ['-m32', '-fsanitize=address,undefined', '-x', 'c', '-', '-o', '/dev/null'], {
    input: 'int main(void) { return 0; }\n',
  });
  if (m32.status !== 0) lacks.push('gcc-multilib');
  if (spawnSync('sh', ['-c', 'command -v valgrind']).status !== 0) lacks.push('valgrind');
  if (spawnSync('sh', ['-c', 'command -v csmith']).status !== 0) lacks.push('csmith');
  if (!existsSync('/usr/include/csmith/csmith.h')) lacks.push('libcsmith-dev');
  return lacks;
}

const missing = [];
if (!existsSync(CHROMIUM)) missing.push('chromium');
if (!hasPostgres()) missing.push('postgresql');
if (spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']).status !== 0) missing.push('nginx');
missing.push(...missingOracleTools());
if (missing.length > 0 && !aptInstall(missing)) {
  console.error(
    `Missing ${missing.join(' and ')}: install them (apt-get install -y ${missing.join(' ')}) and run npm test again.`,
  );
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

rmSync('.tmp/reports', { recursive: true, force: true });
mkdirSync('.tmp/reports', { recursive: true });

function check(label, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

// The build writes only dist/, which lint ignores; the cluster and browser tests need it. The build's first step
// compiles the server (tsconfig.server.json) and fails on any type error in it, so the typecheck here checks the
// other two configurations (the web app; tests, tools and the server with them) rather than that one twice.
const [typecheckOk, lintOk, built] = await Promise.all([
  runQuietly('typecheck', 'npm', ['run', '-s', 'typecheck:web-and-tests']),
  runQuietly('lint', 'npm', ['run', '-s', 'lint']),
  runQuietly('build', 'npm', ['run', '-s', 'build']),
]);
check('typecheck', typecheckOk);
check('lint', lintOk);
check('build', built);

// A fresh clone installed with no compiler and an empty npm cache, then the built site started from it.
if (built)
  check('fresh install', run('fresh install (npm ci of a clone, no compiler)', 'node', ['scripts/fresh-install.mjs']));

/** One run of vitest over these projects, its figures added to the totals; `name` says what failed. */
function vitestRun(label, name, projects) {
  const report = `.tmp/reports/${name.replaceAll(' ', '-')}.json`;
  const failuresFile = `.tmp/reports/${name.replaceAll(' ', '-')}-failures.json`;
  rmSync(report, { force: true });
  rmSync(failuresFile, { force: true });
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.map((project) => `--project=${project}`),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./scripts/vitest-failures-reporter.mjs',
    ],
    { VITEST_FAILURES_FILE: failuresFile },
  );
  if (existsSync(failuresFile)) failedTests.push(...JSON.parse(readFileSync(failuresFile, 'utf8')));
  if (!existsSync(report)) return check(name, false);
  const figures = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += figures.numPassedTests;
  totals.failed += figures.numFailedTests;
  totals.skipped += figures.numPendingTests + figures.numTodoTests;
  if (figures.numFailedTests > 0 || !ok) failures.push(name);
  if (!ok && figures.numFailedTests === 0) totals.failed += 1;
}

vitestRun('unit, grader, oracle, CodeRunner and API tests (SQLite, PostgreSQL)', 'vitest', [
  'unit',
  'grader',
  'oracle',
  'coderunner',
  'api-sqlite',
  'api-pg',
]);
// Alone: its own busy processes are the load it proves the verdicts against, not whatever other tests run meanwhile.
vitestRun("the grader's verdicts under load", 'load', ['load']);

if (built) {
  // Three site processes on one PostgreSQL behind nginx, one of them killed mid-burst.
  vitestRun('cluster tests (3 processes, PostgreSQL, nginx)', 'cluster tests', ['cluster']);

  rmSync('.tmp/e2e-report.json', { force: true });
  const e2eOk = run('browser tests (Chromium)', 'npx', ['playwright', 'test']);
  if (existsSync('.tmp/e2e-report.json')) {
    const e2eReport = JSON.parse(readFileSync('.tmp/e2e-report.json', 'utf8'));
    const { stats } = e2eReport;
    collectPlaywrightFailures(e2eReport.suites ?? [], []);
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
    if (stats.unexpected + stats.flaky > 0 || !e2eOk) failures.push('browser tests');
    if (!e2eOk && stats.unexpected + stats.flaky === 0) totals.failed += 1;
  } else check('browser tests', false);
}

console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nEverything passed.');
for (const test of failedTests) console.log(`  ✗ ${test}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
