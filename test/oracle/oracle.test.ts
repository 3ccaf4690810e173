/**
 * The differential oracle on a fixed sample (TEST_SAMPLE: 40 mutants spread over the mutation kinds, 10 csmith
 * programs, every correct seed): correct programs and csmith's run clean through the site and print what gcc's
 * build prints, and each sampled mutant gets the verdict it got when known-gaps.json was written. A new miss fails,
 * and so does a listed gap the site now catches: take it out of the list (`npm run oracle -- --write-gaps`), so the
 * list only ever shrinks for a reason. About 1–2 minutes with the native runs cached on disk or not.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  disagreementLines,
  gapsOf,
  type OracleReport,
  runOracle,
  summaryLines,
  TEST_SAMPLE,
  type Verdict,
} from './harness.js';
import { refereesAvailable } from './native.js';

const referees = refereesAvailable();
const knownGaps = JSON.parse(readFileSync(new URL('./known-gaps.json', import.meta.url), 'utf8')) as Record<
  string,
  { verdict: Verdict; reason: string }
>;

if (!referees.ok) {
  const message = `the oracle's referees are missing: ${referees.missing.join(', ')} (apt-get install -y gcc-multilib valgrind csmith libcsmith-dev)`;
  // In CI a missing referee is a failure, never a silent skip; on a developer's machine it is said, and skipped.
  if (process.env.CI === 'true')
    it('has its referees', () => {
      throw new Error(message);
    });
  else it.skip(`differential oracle: skipped, ${message}`, () => undefined);
} else
  describe('the differential oracle, on a fixed sample', () => {
    let report: OracleReport;
    beforeAll(async () => {
      report = await runOracle({ ...TEST_SAMPLE });
      console.log([...summaryLines(report), ...disagreementLines(report)].join('\n'));
    }, 600_000);

    it('runs every correct seed clean through the site, printing what gcc prints', () => {
      const seeds = report.correct.filter((c) => c.kind === 'seed');
      expect(seeds.length).toBeGreaterThanOrEqual(45);
      expect(seeds.filter((c) => c.nativeProblem).map((c) => `${c.name}: ${c.nativeProblem}`)).toEqual([]);
      expect(seeds.filter((c) => c.falseAlarm).map((c) => `${c.name}: ${c.falseAlarm}`)).toEqual([]);
      expect(seeds.filter((c) => c.mismatch).map((c) => `${c.name}: ${JSON.stringify(c.mismatch)}`)).toEqual([]);
    });

    it("runs csmith's programs with no false alarm and the same checksum as gcc", () => {
      const csmith = report.correct.filter((c) => c.kind === 'csmith');
      expect(csmith).toHaveLength(TEST_SAMPLE.csmith);
      expect(csmith.filter((c) => c.falseAlarm).map((c) => `${c.name}: ${c.falseAlarm}`)).toEqual([]);
      expect(csmith.filter((c) => c.mismatch).map((c) => `${c.name}: ${JSON.stringify(c.mismatch)}`)).toEqual([]);
    });

    it('gives each sampled mutant the verdict known-gaps.json expects', () => {
      expect(report.mutants).toHaveLength(TEST_SAMPLE.limit);
      const gaps = gapsOf(report);
      const sampled = new Set(report.mutants.map((m) => m.id));
      const problems: string[] = [];
      for (const [id, gap] of Object.entries(gaps)) {
        const known = knownGaps[id];
        if (!known) problems.push(`new disagreement, ${gap.verdict}: ${id}: ${gap.reason}`);
        else if (known.verdict !== gap.verdict)
          problems.push(`${id} was ${known.verdict}, is now ${gap.verdict}: ${gap.reason}`);
      }
      for (const [id, known] of Object.entries(knownGaps)) {
        if (!sampled.has(id)) problems.push(`${id} is listed but not in the sample: remove it from known-gaps.json`);
        else if (!gaps[id]) {
          const now = report.mutants.find((m) => m.id === id)!.verdict;
          problems.push(`${id} (${known.verdict}) is now ${now}: remove it from known-gaps.json`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
