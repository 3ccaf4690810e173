import { describe, expect, it } from 'vitest';
import { loadCTokenizer } from './c-tokenizer.js';

const tokenize = await loadCTokenizer();
const shown = (code: string) => {
  const { tokens, mapping } = tokenize(code);
  return tokens.map((t, i) => {
    const r = mapping[i]!;
    return `${t} ${r.startRow}:${r.startCol}-${r.endRow}:${r.endCol}`;
  });
};

describe('the C tokenizer (WebAssembly tree-sitter)', () => {
  it("makes Dolos's token stream: node types in parentheses, comments left out, regions shortened", () => {
    // What @dodona/dolos-lib 3.5.1's CodeTokenizer (native tree-sitter, tree-sitter-c 0.23.6) made of this code.
    const code = `/* sum */\nint add(int a, int b) {\n  return a + b; // the sum\n}\n`;
    expect(shown(code)).toEqual([
      ...['( 0:0-0:0', 'translation_unit 0:0-0:0', '( 1:0-1:0', 'function_definition 1:0-1:0', '( 1:0-1:3'],
      ...['primitive_type 1:0-1:3', ') 1:0-1:3', '( 1:4-1:4', 'function_declarator 1:4-1:4', '( 1:4-1:7'],
      ...['identifier 1:4-1:7', ') 1:4-1:7', '( 1:7-1:8', 'parameter_list 1:7-1:8', '( 1:8-1:8'],
      ...['parameter_declaration 1:8-1:8', '( 1:8-1:11', 'primitive_type 1:8-1:11', ') 1:8-1:11', '( 1:12-1:13'],
      ...['identifier 1:12-1:13', ') 1:12-1:13', ') 1:8-1:8', '( 1:15-1:15', 'parameter_declaration 1:15-1:15'],
      ...['( 1:15-1:18', 'primitive_type 1:15-1:18', ') 1:15-1:18', '( 1:19-1:20', 'identifier 1:19-1:20'],
      ...[') 1:19-1:20', ') 1:15-1:15', ') 1:7-1:8', ') 1:4-1:4', '( 1:22-2:2', 'compound_statement 1:22-2:2'],
      ...['( 2:2-2:9', 'return_statement 2:2-2:9', '( 2:9-2:9', 'binary_expression 2:9-2:9', '( 2:9-2:10'],
      ...['identifier 2:9-2:10', ') 2:9-2:10', '( 2:13-2:14', 'identifier 2:13-2:14', ') 2:13-2:14', ') 2:9-2:9'],
      ...[') 2:2-2:9', ') 1:22-2:2', ') 1:0-1:0', ') 0:0-0:0'],
    ]);
  });

  it('gives renamed code (and other operators and literals) the same tokens, other structure others', () => {
    const types = (code: string) => tokenize(code).tokens;
    expect(types('int f(int n) { return n * 2; }')).toEqual(types('int twice(int value) { return value + 7; }'));
    expect(types('int f(int n) { return n * 2; }')).not.toEqual(types('int f(int n) { n = n * 2; return n; }'));
  });

  it('throws on a tree nested deeper than the stack, and reads the next file all the same', () => {
    const deep = `int main(void) { return ${'('.repeat(29_000)}1${')'.repeat(29_000)}; }\n`;
    expect(() => tokenize(deep)).toThrow(RangeError);
    expect(tokenize('int x;').tokens).toEqual([
      '(',
      'translation_unit',
      '(',
      'declaration',
      '(',
      'primitive_type',
      ')',
      '(',
      'identifier',
      ')',
      ')',
      ')',
    ]);
  });
});
