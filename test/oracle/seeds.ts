/**
 * The correct programs the oracle mutates: its own seeds (test/oracle/seeds/NAME.c, with the input in NAME.in when
 * the program reads any) and the corpus's correct programs (test/c-corpus/clean-*.c). Each must run clean under
 * both native referees and through the site, printing the same as gcc's build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCorpus } from '../c-corpus.js';

export interface Seed {
  /** The file's name: `linked-list.c`, or `c-corpus/clean-2d-array.c`. */
  name: string;
  code: string;
  stdin: string;
}

const DIR = new URL('./seeds/', import.meta.url).pathname;

export function readSeeds(): Seed[] {
  const own = readdirSync(DIR)
    .filter((file) => file.endsWith('.c'))
    .sort()
    .map((file) => {
      const input = join(DIR, file.replace(/\.c$/, '.in'));
      return {
        name: file,
        code: readFileSync(join(DIR, file), 'utf8'),
        stdin: existsSync(input) ? readFileSync(input, 'utf8') : '',
      };
    });
  const corpus = readCorpus()
    .filter((program) => program.expect === 'clean')
    .map((program) => ({ name: `c-corpus/${program.file}`, code: program.code, stdin: program.stdin }));
  return [...own, ...corpus];
}
