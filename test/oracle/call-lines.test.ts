/**
 * The lines of calls written over several lines, judged by gcc's sanitizers and valgrind rather than by us: the
 * checks' headers pass a call's line as `__LINE__`, which is where the call ends, and the checked build sets it to
 * where the call starts (src/api/grader/call-lines.ts). Each program's bug must be named by the site at a line a
 * native tool names: the block a leak allocated, a second free, a file used after fclose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrader, type Grader } from '../../src/api/grader/grader.js';
import { judgeMutant, siteSaid, siteView } from './harness.js';
import { judgeNative, refereesAvailable, runNative } from './native.js';

const PROGRAMS: Record<string, string> = {
  'a leaked block allocated over two lines': `#include <stdlib.h>
int main(void) {
  int *marks = malloc(
      4 * sizeof *marks);
  marks[0] = 1;
  return marks[0] - 1;
}
`,
  'a second free written over two lines': `#include <stdlib.h>
int main(void) {
  char *name = malloc(8);
  free(name);
  free(
      name);
  return 0;
}
`,
  'fprintf over three lines on a file already closed': `#include <stdio.h>
int main(void) {
  FILE *out = fopen("out.txt", "w");
  if (out == NULL) return 1;
  fclose(out);
  fprintf(out,
          "%d\\n",
          42);
  return 0;
}
`,
};

const referees = refereesAvailable();

describe.skipIf(!referees.ok && process.env.CI !== 'true')('calls over several lines, judged by the natives', () => {
  let grader: Grader;
  beforeAll(async () => {
    grader = createGrader({ concurrency: 1, log: { error: () => undefined, warn: () => undefined } });
    await grader.warmUp();
  }, 120_000);
  afterAll(() => grader.close());

  it.each(Object.entries(PROGRAMS))(
    '%s: named at a line gcc or valgrind names',
    { timeout: 120_000 },
    async (_, code) => {
      const [asan, valgrind, result] = await Promise.all([
        runNative('asan', code, ''),
        runNative('valgrind', code, ''),
        grader.run('oracle', code, ''),
      ]);
      const site = siteView(result);
      const judged = judgeMutant(judgeNative('asan', asan), judgeNative('valgrind', valgrind), site);
      expect({ ...judged, site: siteSaid(site) }).toMatchObject({ verdict: 'same-line' });
    },
  );
});
