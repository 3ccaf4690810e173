/**
 * The C corpus (test/c-corpus) says at which line the checks must name each bug; the corpus test holds the site to
 * it. Here gcc's sanitizers and valgrind hold the corpus to the truth: every bug either native tool names must be
 * expected at a line one of them names (for a leak, a line that allocated a block it lost; for a stack overflow,
 * any line of the recursion). A bug neither names (a file never closed, a returned local gcc turned into NULL) is
 * the site's own find and judged by nobody here; a compiler warning is about the build, not a run.
 */
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../c-corpus.js';
import { linesOf, said } from './harness.js';
import { judgeNative, refereesAvailable, runNative } from './native.js';

const referees = refereesAvailable();
const bugs = readCorpus().filter((program) => program.expect !== 'clean' && program.expect !== 'warning');

describe.skipIf(!referees.ok && process.env.CI !== 'true')('the C corpus, judged by the natives', () => {
  it(
    'has its bugs expected at a line gcc or valgrind names, wherever either names one',
    { timeout: 600_000 },
    async () => {
      const disagreements: string[] = [];
      let judged = 0;
      for (const program of bugs) {
        const [asanRun, valgrindRun] = await Promise.all([
          runNative('asan', program.code, program.stdin),
          runNative('valgrind', program.code, program.stdin),
        ]);
        const { finding: asan } = judgeNative('asan', asanRun);
        const { finding: valgrind } = judgeNative('valgrind', valgrindRun);
        const native = linesOf([asan, valgrind]);
        if (native.errors.size + native.leaks.size === 0) continue;
        judged += 1;
        const lines = program.expect === 'leak' ? native.leaks : native.errors;
        if (program.line === null || !lines.has(program.line))
          disagreements.push(
            `${program.file}: expected ${program.expect} at line ${program.line}; ASan ${said(asan)}, valgrind ${said(valgrind)}`,
          );
      }
      expect(disagreements).toEqual([]);
      // Most of the corpus's bugs are named by a native tool; a referee that stopped working would judge none.
      expect(judged).toBeGreaterThanOrEqual(60);
    },
  );
});
