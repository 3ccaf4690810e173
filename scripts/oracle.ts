/**
 * `npm run oracle`: the differential oracle (test/oracle/README.md) over every seed and every mutant and 50 csmith
 * programs, printed as figures per mutation kind and every disagreement side by side.
 * Options: --seed=N (the sample's seed, default 1), --limit=N (N mutants spread over the kinds, not all),
 * --csmith=N (csmith programs, default 50), --csmith-seed=N (the first csmith seed, default 1),
 * --write-gaps (run the test's sample instead, TEST_SAMPLE in test/oracle/harness.ts, and write
 * test/oracle/known-gaps.json from it: each disagreement with its reason).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { disagreementLines, gapsOf, runOracle, summaryLines, TEST_SAMPLE } from '../test/oracle/harness.js';
import { refereesAvailable } from '../test/oracle/native.js';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const number = (name: string, fallback?: number) => (option(name) === undefined ? fallback : Number(option(name)));

const tools = refereesAvailable();
if (!tools.ok) {
  console.error(`The oracle's referees are missing: ${tools.missing.join(', ')}.`);
  console.error('Install them: apt-get install -y gcc-multilib valgrind csmith libcsmith-dev');
  process.exit(1);
}

// The grader's workers don't hold the event loop open (the server does): this does, meanwhile.
const alive = setInterval(() => undefined, 1000);
const writeGaps = process.argv.includes('--write-gaps');
const report = await runOracle({
  ...(writeGaps
    ? TEST_SAMPLE
    : {
        seed: number('seed', 1)!,
        limit: number('limit'),
        csmith: number('csmith', 50)!,
        csmithFirstSeed: number('csmith-seed', 1),
      }),
  valgrindOnSeeds: true,
  progress: (line) => console.log(line),
});
clearInterval(alive);
for (const line of disagreementLines(report)) console.log(line);
console.log('');
for (const line of summaryLines(report)) console.log(line);
if (writeGaps) {
  const path = new URL('../test/oracle/known-gaps.json', import.meta.url);
  // A reason written by hand stays while the gap does; a gap that closed goes.
  const before = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, { verdict: string; reason: string }>)
    : {};
  const gaps = gapsOf(report);
  for (const [id, gap] of Object.entries(gaps)) if (before[id]?.verdict === gap.verdict) gap.reason = before[id].reason;
  writeFileSync(path, `${JSON.stringify(gaps, null, 2)}\n`);
  console.log(`wrote ${path.pathname}`);
}
