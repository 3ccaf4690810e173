import { describe, expect, it } from 'vitest';
import { readSyntaxTree } from './syntax-tree.js';

/** Clang prints a location's file only when it changed since the last location printed, in this order. */
const TREE = JSON.stringify(
  {
    kind: 'TranslationUnitDecl',
    inner: [
      { kind: 'TypedefDecl', name: '__int128_t', loc: {}, range: { begin: {}, end: {} } },
      { kind: 'FunctionDecl', name: 'printf', loc: { offset: 1, file: '/usr/include/stdio.h' }, range: {} },
      { kind: 'TypedefDecl', name: 'size_t', loc: { offset: 2 }, range: {} },
      { kind: 'FunctionDecl', name: 'main', loc: { offset: 3, file: 'main.c' }, range: { begin: {}, end: {} } },
      { kind: 'VarDecl', name: 'total', loc: { offset: 9 }, range: {}, inner: [{ kind: 'X', loc: { file: 'a.h' } }] },
      { kind: 'FunctionDecl', name: 'helper', loc: { offset: 12 }, range: {} },
      { kind: 'FunctionDecl', name: 'mine', loc: { offset: 20, file: 'main.c' }, range: {} },
    ],
  },
  null,
  2,
);

describe('reading the syntax tree', () => {
  it('keeps the main file’s declarations and every typedef and struct, marked by file as Clang prints them', () => {
    const tree = readSyntaxTree(TREE, 'main.c');
    expect(tree.inner!.map((n) => [n.name, n.inMain])).toEqual([
      ['__int128_t', false],
      ['size_t', false],
      ['main', true],
      ['total', true],
      ['mine', true],
    ]);
  });

  it('reads a tree without declarations as empty', () => {
    expect(readSyntaxTree('{"kind": "TranslationUnitDecl"}', 'main.c').inner).toEqual([]);
  });
});
