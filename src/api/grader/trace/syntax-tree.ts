/**
 * Clang's JSON syntax tree of a program is mostly its headers' declarations (about 1.7 MB for one that includes
 * stdio.h and stdlib.h): parsing all of it takes more memory than a compile process has for JavaScript. Only the
 * top-level declarations the instrumenter reads are parsed: the main file's, and the typedefs and structs of any
 * file (a variable's type may be one of them). Each is marked with whether it is in the main file, found as Clang
 * prints it: a location names its file only when it differs from the last one printed.
 */
import type { AstNode } from './instrument.js';

const FILE = /"file":\s*"((?:[^"\\]|\\.)*)"/g;
const KEPT_KINDS = new Set(['TypedefDecl', 'RecordDecl']);

/** The index just past the object or array that starts at `from`. */
function endOf(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('the syntax tree ends early');
}

export function readSyntaxTree(text: string, mainFile: string): AstNode {
  const opening = /"inner":\s*\[/.exec(text);
  if (!opening) return { kind: 'TranslationUnitDecl', inner: [] };
  const inner: AstNode[] = [];
  let file = '';
  const lastFile = (part: string) => {
    for (const match of part.matchAll(FILE)) file = JSON.parse(`"${match[1]}"`) as string;
  };
  let at = opening.index + opening[0].length;
  while (at < text.length) {
    while (at < text.length && text[at] !== '{' && text[at] !== ']') at++;
    if (text[at] !== '{') break;
    const end = endOf(text, at);
    const item = text.slice(at, end);
    // The declaration's own location comes first, before its range and what it holds.
    const range = item.search(/"range":/);
    lastFile(range < 0 ? item : item.slice(0, range));
    const inMain = file === mainFile;
    if (range >= 0) lastFile(item.slice(range));
    const kind = /"kind":\s*"(\w+)"/.exec(item)?.[1] ?? '';
    if (inMain || KEPT_KINDS.has(kind)) inner.push({ ...(JSON.parse(item) as AstNode), inMain });
    at = end;
  }
  return { kind: 'TranslationUnitDecl', inner };
}
