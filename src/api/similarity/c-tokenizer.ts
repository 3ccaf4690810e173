/**
 * C code to the token stream the similarity check fingerprints, exactly as Dolos's own tokenizer makes it
 * (@dodona/dolos-lib's CodeTokenizer): for each named node of tree-sitter's syntax tree, "(", the node's type, its
 * named children in turn, ")"; comments left out. Names and literal values never appear, so renaming changes
 * nothing. Each token carries the region of code it stands for: the node's, shortened to end where its first child
 * starts when a child covers the rest (Dolos's rule, so fragments point at the same code).
 *
 * The parser is tree-sitter compiled to WebAssembly (web-tree-sitter) with the C grammar's WebAssembly build that
 * the tree-sitter-c package ships: nothing native, so an install compiles nothing. The grammar is the version
 * Dolos's native parsers were built from (0.23.6), so the token streams, and the scores, are the ones Dolos made.
 */
import { readFileSync } from 'node:fs';
import { Region } from '@dodona/dolos-core';
import { Language, Parser, type TreeCursor } from 'web-tree-sitter';

export interface TokenStream {
  tokens: string[];
  /** For each token, the code it stands for (the three tokens of a node share one region). */
  mapping: Region[];
}

export type CTokenizer = (code: string) => TokenStream;

/** Loads the parser (about 0.1 s) and returns a tokenizer to use for every file of a check. */
export async function loadCTokenizer(): Promise<CTokenizer> {
  await Parser.init();
  const wasm = readFileSync(new URL(import.meta.resolve('tree-sitter-c/tree-sitter-c.wasm')));
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));

  return (code) => {
    const tree = parser.parse(code);
    if (!tree) throw new Error('the C parser returned no tree');
    const cursor = tree.walk();
    const tokens: string[] = [];
    const mapping: Region[] = [];
    // Recursive like Dolos's walk: a tree nested too deeply for the stack throws (RangeError), and the caller
    // leaves that file out rather than compare a stream Dolos could not have made.
    const walk = (cursor: TreeCursor): [row: number, col: number] => {
      const type = cursor.nodeType;
      const start = cursor.startPosition;
      const end = cursor.endPosition;
      const location = new Region(start.row, start.column, end.row, end.column);
      const included = !type.includes('comment');
      if (included) {
        tokens.push('(', type);
        mapping.push(location, location);
      }
      if (cursor.gotoFirstChild()) {
        do {
          if (!cursor.nodeIsNamed) continue;
          const [row, col] = walk(cursor);
          // The code a child covers is the child's: the node's own region ends where its first child starts.
          if (row < location.endRow || (row === location.endRow && col < location.endCol)) {
            location.endRow = row;
            location.endCol = col;
          }
        } while (cursor.gotoNextSibling());
        cursor.gotoParent();
      }
      if (included) {
        tokens.push(')');
        mapping.push(location);
      }
      return [location.startRow, location.startCol];
    };
    try {
      walk(cursor);
    } finally {
      // The tree lives in the parser's WebAssembly memory, not V8's heap: freed here, or it stays.
      cursor.delete();
      tree.delete();
    }
    return { tokens, mapping };
  };
}
