import { describe, expect, it } from 'vitest';
import { splitCodeBlocks, splitInlineCode } from './inline-code';

describe('splitInlineCode', () => {
  it('marks the text between backticks as code', () => {
    expect(splitInlineCode('What does `sizeof(int)` return?')).toEqual([
      { text: 'What does ', code: false },
      { text: 'sizeof(int)', code: true },
      { text: ' return?', code: false },
    ]);
  });

  it('handles several spans, and code at either end', () => {
    expect(splitInlineCode('`a` and `b`')).toEqual([
      { text: 'a', code: true },
      { text: ' and ', code: false },
      { text: 'b', code: true },
    ]);
  });

  it('keeps a text without backticks whole', () => {
    expect(splitInlineCode('Which keyword defines a structure type?')).toEqual([
      { text: 'Which keyword defines a structure type?', code: false },
    ]);
    expect(splitInlineCode('')).toEqual([]);
  });

  it('shows an unpaired or empty pair of backticks as written', () => {
    expect(splitInlineCode('a ` b')).toEqual([{ text: 'a ` b', code: false }]);
    expect(splitInlineCode('a `` b')).toEqual([{ text: 'a `` b', code: false }]);
  });

  it('never turns markup into anything but text', () => {
    expect(splitInlineCode('`<b>x</b>` & <i>y</i>')).toEqual([
      { text: '<b>x</b>', code: true },
      { text: ' & <i>y</i>', code: false },
    ]);
  });
});

describe('splitCodeBlocks', () => {
  it('keeps fenced code blocks whole and the text around them', () => {
    expect(splitCodeBlocks('Like this:\n```c\nint *p = &x;\nprintf("%d\\n", *p);\n```\nso p points to x.')).toEqual([
      { text: 'Like this:\n', block: false },
      { text: 'int *p = &x;\nprintf("%d\\n", *p);', block: true },
      { text: 'so p points to x.', block: false },
    ]);
  });

  it('shows an unclosed fence, or a text without fences, as written', () => {
    expect(splitCodeBlocks('```\nint x;')).toEqual([{ text: '```\nint x;', block: false }]);
    expect(splitCodeBlocks('No `block` here')).toEqual([{ text: 'No `block` here', block: false }]);
    expect(splitCodeBlocks('')).toEqual([]);
  });
});
