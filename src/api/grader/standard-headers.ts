/**
 * The C library's headers a program includes, precompiled (Clang's -include-pch), so a compile does not parse them
 * anew: for Step through's syntax tree (the library's own headers; the tree then holds only the program's
 * declarations) and for the checked build's front end (the checks' headers, with the build's flags). A set is
 * precompiled once per compile process; the common sets when it starts, kept on disk for the next one.
 */
import { Exit, type Tree } from '@yowasp/clang';
import { cachedBuild } from './build-cache.js';
import { runPlanned } from './clang-plans.js';

/** The standard headers a course's programs include, in the one order they are precompiled in. */
export const STANDARD_HEADERS = [
  'stdio',
  'stdlib',
  'string',
  'math',
  'ctype',
  'stdbool',
  'limits',
  'time',
  'assert',
  'stdint',
  'errno',
  'stddef',
  'float',
  'stdarg',
  'inttypes',
];
/** The sets most programs include: precompiled when a process starts, and kept on disk for the next one. */
export const COMMON_SETS = [['stdio'], ['stdio', 'stdlib'], ['stdio', 'string'], ['stdio', 'stdlib', 'string']];
/** Other sets (or other flags) are precompiled when a program needs them and kept in memory, this many at most. */
const KEPT_SETS = 8;

export interface Precompiled {
  /** The header precompiled (its #include lines): Clang checks it is still there, as it was. */
  text: string;
  pch: Uint8Array;
}

/** The files a compile with these headers precompiled is given, with `-include-pch PCH_FILE`. */
export const PCH_FILE = 'standard.pch';
const HEADER_FILE = 'standard.h';
export const pchFiles = ({ text, pch }: Precompiled): Tree => ({ [HEADER_FILE]: text, [PCH_FILE]: pch });

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*<(\w+)\.h>[ \t]*$/;

/** The standard headers the program includes, by its `#include <…>` lines anywhere, in the order above. */
export function standardIncludes(code: string): string[] {
  const named = new Set(Array.from(code.matchAll(/^[ \t]*#[ \t]*include[ \t]*<(\w+)\.h>/gm), (match) => match[1]!));
  return STANDARD_HEADERS.filter((name) => named.has(name));
}

/**
 * The standard headers the program includes before anything else (comments and blank lines aside), when those are
 * all it includes: precompiled, they mean exactly what they mean as written. Null when something comes before one
 * of them (a #define of its own can change what a header declares) or the program includes anything else.
 */
export function leadingStandardIncludes(code: string): string[] | null {
  const lines = code.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).split('\n');
  const names: string[] = [];
  let at = 0;
  for (; at < lines.length; at += 1) {
    const line = lines[at]!.replace(/\/\/.*$/, '');
    if (line.trim() === '') continue;
    const name = INCLUDE.exec(line)?.[1];
    if (!name || !STANDARD_HEADERS.includes(name)) break;
    names.push(name);
  }
  if (names.length === 0 || lines.slice(at).some((line) => /^[ \t]*#[ \t]*include\b/.test(line))) return null;
  return STANDARD_HEADERS.filter((name) => names.includes(name));
}

const precompiled = new Map<string, Precompiled>();

/** These headers do not precompile with these flags (Clang's words in the message). */
export class NotPrecompiledError extends Error {}

/**
 * These standard headers precompiled with these flags (the compile's own, but for its files and the linker's), the
 * checks' headers given as `files`. Most recently used kept; a set of COMMON_SETS is also kept on disk.
 */
export function precompiledHeaders(names: string[], flags: string[], files: Tree = {}): Precompiled {
  const key = JSON.stringify([names, flags]);
  const known = precompiled.get(key);
  if (known) {
    precompiled.delete(key);
    precompiled.set(key, known);
    return known;
  }
  const text = names.map((name) => `#include <${name}.h>\n`).join('');
  const args = [...flags, '-x', 'c-header', HEADER_FILE, '-o', PCH_FILE];
  const build = () => {
    let output = '';
    const collect = (bytes: Uint8Array | null) => {
      if (bytes) output += new TextDecoder().decode(bytes);
    };
    let built: Tree;
    try {
      built = runPlanned(args, { ...files, [HEADER_FILE]: text }, { stdout: collect, stderr: collect });
    } catch (error) {
      if (error instanceof Exit)
        throw new Error(`the standard headers did not precompile: ${names.join(', ')}: ${output}`);
      throw error;
    }
    const pch = built[PCH_FILE];
    if (!(pch instanceof Uint8Array))
      throw new NotPrecompiledError(`the standard headers did not precompile: ${names.join(', ')}`);
    return new Uint8Array(pch);
  };
  const common = COMMON_SETS.some((set) => set.join(',') === names.join(','));
  const made = { text, pch: common ? cachedBuild([PCH_FILE, ...args, text, JSON.stringify(files)], build) : build() };
  precompiled.set(key, made);
  if (precompiled.size > KEPT_SETS + 2 * COMMON_SETS.length) precompiled.delete(precompiled.keys().next().value!);
  return made;
}
