/**
 * The differential oracle in `npm run bench` (also runnable on its own: `npx tsx bench/oracle.ts`): every mutant of
 * every seed and 50 csmith programs, judged by gcc's sanitizers and valgrind against the site (test/oracle). Prints
 * the figures per mutation kind, the share of bugs the site names at their line and the false alarms; the
 * disagreements themselves are `npm run oracle`'s to list. Native results are cached on disk, so a second bench
 * spends its time on the site's runs.
 */
import { pathToFileURL } from 'node:url';
import { runOracle, summaryLines } from '../test/oracle/harness.js';
import { refereesAvailable } from '../test/oracle/native.js';

export async function benchOracle(): Promise<string[]> {
  const referees = refereesAvailable();
  if (!referees.ok) return [`not run: missing ${referees.missing.join(', ')}`];
  const report = await runOracle({ seed: 1, csmith: 50, valgrindOnSeeds: true });
  return summaryLines(report);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The grader's workers and processes don't hold the event loop open (the server does): this does, meanwhile.
  const alive = setInterval(() => undefined, 1000);
  for (const line of await benchOracle()) console.log(line);
  clearInterval(alive);
}
