/**
 * Every program of the C corpus (test/c-corpus) through the real grader, compiled and run with the checks: each bug
 * is named with its kind at its line, each correct program stays clean. Slow (about a second a program on a busy
 * machine), so one grader serves the whole file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeCorpus, readCorpus } from '../../../test/c-corpus.js';
import { createGrader, type Grader } from './grader.js';

let grader: Grader;
beforeAll(async () => {
  grader = createGrader({ concurrency: 1, log: { error: () => undefined, warn: () => undefined } });
  await grader.warmUp();
}, 120_000);
afterAll(() => grader.close());

const corpus = readCorpus();

describe('the C corpus', () => {
  it('has at least 40 buggy programs across the kinds and 15 correct ones', () => {
    expect(corpus.filter((p) => p.expect !== 'clean').length).toBeGreaterThanOrEqual(40);
    expect(corpus.filter((p) => p.expect === 'clean').length).toBeGreaterThanOrEqual(15);
  });

  for (const program of corpus)
    it(`${program.file}: ${program.expect}${program.line ? ` on line ${program.line}` : ''}`, async () => {
      const result = await grader.run('corpus', program.code, program.stdin);
      const verdict = judgeCorpus(program, result);
      expect(verdict.why).toBe('');
      expect(verdict.ok).toBe(true);
    }, 60_000);
});
