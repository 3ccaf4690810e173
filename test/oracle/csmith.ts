/**
 * Well-defined programs for the oracle's false-alarm check, made by csmith from fixed seeds. The site compiles one
 * file with no headers of its own, so csmith's runtime (csmith.h and what it includes, from /usr/include/csmith) is
 * written into the program: the branches for other platforms dropped, comments dropped, and of the safe-math
 * wrappers only those the program calls kept, so a program stays under the site's 64 KB. Each prints a checksum of
 * its globals, which the site's build must print exactly as gcc's does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXERCISE_LIMITS } from '../../src/contracts/exercises/limits.js';

const HEADERS = '/usr/include/csmith';

/** Small programs, quick to run: few functions, shallow blocks, short expressions and arrays. */
export const CSMITH_OPTIONS = [
  '--max-funcs',
  '3',
  '--max-block-depth',
  '3',
  '--max-expr-complexity',
  '5',
  '--max-array-dim',
  '2',
  '--max-array-len-per-dim',
  '5',
  '--no-packed-struct',
];

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * Resolves the conditionals of csmith's headers that test only which platform this is (`#ifdef STANDALONE`,
 * `#if defined(AVR_ARCH)`): no such name is defined for the site or for gcc here. Include guards (`…_H`) and
 * conditions on values (`#if (INT8_MAX>=INT_MAX)`) are left to the compiler.
 */
export function resolvePlatformConditionals(text: string): string {
  const out: string[] = [];
  // Per open #if: whether it is resolved here, whether a branch was taken, whether the current branch is kept.
  const stack: { resolved: boolean; taken: boolean; keep: boolean }[] = [];
  const keeping = () => stack.every((frame) => frame.keep);
  const evaluate = (condition: string): boolean | null => {
    if (/\b\w+_H\b/.test(condition)) return null;
    const replaced = condition.replace(/defined\s*\(?\s*\w+\s*\)?/g, '0');
    if (!/^[\s01()!&|]*$/.test(replaced)) return null;
    return Boolean(new Function(`return (${replaced.replace(/!0/g, '1')});`)());
  };
  for (const line of text.split('\n')) {
    const directive = /^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)$/.exec(line);
    if (!directive) {
      if (keeping()) out.push(line);
      continue;
    }
    const [, word, rest] = directive;
    const condition = rest!.trim();
    if (word === 'if' || word === 'ifdef' || word === 'ifndef') {
      const value =
        word === 'if' ? evaluate(condition) : /_H$/.test(condition) ? null : word === 'ifndef' ? true : false;
      if (value === null) {
        stack.push({ resolved: false, taken: true, keep: true });
        if (keeping()) out.push(line);
      } else stack.push({ resolved: true, taken: value, keep: value });
      continue;
    }
    const frame = stack[stack.length - 1];
    if (!frame) throw new Error(`unbalanced #${word}`);
    if (!frame.resolved) {
      if (word === 'endif') stack.pop();
      if (keeping() || word === 'endif') {
        if (stack.every((f) => f.keep)) out.push(line);
      }
      continue;
    }
    if (word === 'endif') stack.pop();
    else if (word === 'else') {
      frame.keep = !frame.taken;
      frame.taken = true;
    } else {
      const value = evaluate(condition);
      if (value === null) throw new Error(`cannot resolve #elif ${condition}`);
      frame.keep = !frame.taken && value;
      frame.taken ||= value;
    }
  }
  return out.join('\n');
}

/** A header's text with csmith's own headers written in, recursively; system headers stay `#include <…>`. */
function inlineHeader(name: string, seen: Set<string>): string {
  if (seen.has(name)) return '';
  seen.add(name);
  const text = resolvePlatformConditionals(stripComments(readFileSync(join(HEADERS, name), 'utf8')));
  return text.replace(/^\s*#\s*include\s+"([^"]+)"\s*$/gm, (line, included: string) =>
    existsSync(join(HEADERS, included)) ? inlineHeader(included, seen) : line,
  );
}

/** Of the safe-math wrappers (`STATIC int8_t\nFUNC_NAME(add_func_int8_t_s_s)(…)\n{…}`), those the program calls. */
export function pruneSafeMath(runtime: string, program: string): string {
  return runtime.replace(/^STATIC [^\n]+\nFUNC_NAME\((\w+)\)[\s\S]*?\n\}\n/gm, (wrapper, name: string) =>
    new RegExp(`\\bsafe_${name}\\b`).test(program) ? wrapper : '',
  );
}

/** A csmith program as one file: its runtime written in, comments and blank lines dropped. */
export function standalone(generated: string): string {
  const program = stripComments(generated);
  const runtime = pruneSafeMath(inlineHeader('csmith.h', new Set()), program);
  return `${runtime}\n${program.replace(/^\s*#\s*include\s+"csmith\.h"\s*$/m, '')}`
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n')
    .concat('\n');
}

export interface CsmithProgram {
  seed: number;
  code: string;
}

/** csmith's program for one seed, made standalone; null when it is over the site's size limit. */
export function csmithProgram(seed: number): CsmithProgram | null {
  // csmith leaves a platform.info in the folder it runs in: a folder of its own.
  const dir = mkdtempSync(join(tmpdir(), 'oracle-csmith-'));
  const made = spawnSync('csmith', ['--seed', String(seed), ...CSMITH_OPTIONS], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  rmSync(dir, { recursive: true, force: true });
  if (made.status !== 0) throw new Error(`csmith --seed ${seed} failed: ${made.stderr}`);
  const code = standalone(made.stdout);
  if (Buffer.byteLength(code) > EXERCISE_LIMITS.codeMaxBytes) return null;
  return { seed, code };
}
