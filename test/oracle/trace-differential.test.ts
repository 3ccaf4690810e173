/**
 * Step through never changes what a program does (issue 44): for every program of the Step through corpus, the
 * grader's corpus, the oracle's correct seeds, the reference programs of trace-programs.test.ts and a fixed csmith
 * sample, the traced run prints exactly what Run prints, and what gcc's build prints where gcc's run is clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrader, type Grader } from '../../src/api/grader/grader.js';
import { refereesAvailable } from './native.js';
import {
  type Comparison,
  compareOutputs,
  CSMITH_SAMPLE,
  csmithSample,
  type DifferentialProgram,
  differentialPrograms,
} from './trace-differential.js';

const referees = refereesAvailable();

/** Runs `work` over `items`, `width` at a time, in order of the results. */
async function eachLimited<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

const disagreements = (list: Comparison[]) => list.flatMap((c) => c.problems.map((p) => `${c.name}: ${p}`));

if (!referees.ok) {
  const message = `the referees are missing: ${referees.missing.join(', ')} (apt-get install -y gcc-multilib valgrind csmith libcsmith-dev)`;
  if (process.env.CI === 'true')
    it('has its referees', () => {
      throw new Error(message);
    });
  else it.skip(`traced = Run = gcc: skipped, ${message}`, () => undefined);
} else
  describe('Step through prints what Run and gcc print', () => {
    let grader: Grader;
    let programs: DifferentialProgram[];
    let results: Comparison[];
    const of = (prefix: string) => results.filter((r) => r.name.startsWith(prefix));

    beforeAll(async () => {
      // The site's CPU caps hold; the compile's wall-clock backstop is widened as the oracle's is (harness.ts).
      grader = createGrader({
        concurrency: 2,
        log: { error: () => undefined, warn: () => undefined },
        compileLimits: { wallMs: 180_000 },
      });
      await grader.warmUp();
      programs = [...differentialPrograms(), ...(await csmithSample())];
      const started = performance.now();
      // A program whose comparison throws is a disagreement named with its error, not a failed setup that hides
      // which program it was and skips every test below.
      results = await eachLimited(programs, 2, (program) =>
        compareOutputs(grader, program).catch((error: unknown) => ({
          name: program.name,
          traced: null,
          notTraced: null,
          truncated: false,
          run: '',
          native: null,
          problems: [
            `the comparison threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          ],
        })),
      );
      const agreeing = results.filter((r) => r.problems.length === 0);
      const withNative = agreeing.filter((r) => r.native !== null);
      console.log(
        [
          `${results.length} programs in ${((performance.now() - started) / 1000).toFixed(0)} s: ${agreeing.length} traced = Run, ${withNative.length} of them = gcc too`,
          ...disagreements(results),
        ].join('\n'),
      );
    }, 900_000);
    afterAll(() => grader?.close());

    it('runs every program of the Step through corpus as Run and gcc do', () => {
      const corpus = of('trace-corpus/');
      expect(corpus.length).toBeGreaterThanOrEqual(8);
      expect(disagreements(corpus)).toEqual([]);
      // Each is correct: gcc is a referee for every one, and the trace ran to the end.
      expect(corpus.filter((r) => r.native === null || r.truncated).map((r) => r.name)).toEqual([]);
    });

    it("runs every program of the grader's corpus and the oracle's seeds as Run does, and as gcc does when clean", () => {
      expect(of('c-corpus/').length).toBeGreaterThanOrEqual(90);
      expect(of('seed/').length).toBeGreaterThanOrEqual(30);
      expect(disagreements([...of('c-corpus/'), ...of('seed/')])).toEqual([]);
      expect(
        of('seed/')
          .filter((r) => r.native === null)
          .map((r) => r.name),
      ).toEqual([]);
    });

    it('runs every reference program of Step through as Run does', () => {
      expect(of('reference ').length).toBeGreaterThanOrEqual(20);
      expect(disagreements(of('reference '))).toEqual([]);
    });

    it("runs a fixed sample of csmith's programs with gcc's checksum", () => {
      const csmith = of('csmith ');
      expect(csmith).toHaveLength(CSMITH_SAMPLE.count);
      expect(disagreements(csmith)).toEqual([]);
      expect(csmith.filter((r) => r.native === null || r.truncated).map((r) => r.name)).toEqual([]);
    });
  });
