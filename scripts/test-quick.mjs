// `npm run test:quick`: the edit-test loop. Typecheck, lint and the unit tests (not the grader's, which compile C;
// not the API, oracle or browser tests), side by side, each's output printed whole when it ends. `npm test` runs
// everything.
import { runQuietly as run } from './run-quietly.mjs';

const started = performance.now();
const results = await Promise.all([
  run('typecheck', 'npm', ['run', '-s', 'typecheck']),
  run('lint', 'npm', ['run', '-s', 'lint']),
  run('unit tests', 'npx', ['vitest', 'run', '--project=unit']),
]);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const failed = ['typecheck', 'lint', 'unit tests'].filter((_, i) => !results[i]);
console.log(failed.length === 0 ? `\nAll quick checks passed in ${seconds} s.` : `\nFailed: ${failed.join(', ')}.`);
process.exit(failed.length === 0 ? 0 : 1);
