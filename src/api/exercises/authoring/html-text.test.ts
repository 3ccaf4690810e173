import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText } from './html-text.js';

/**
 * What plainText does, written as the regular expressions it replaced (with the references past Unicode read as
 * U+FFFD): right by reading, but slow on long runs of `<` or spaces, so compared on short texts only.
 */
function byExpressions(html: string): string {
  const named: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return html
    .replace(/<[^>]*>/g, (tag) =>
      /^<\s*br\s*\/?>$/i.test(tag) || /^<\/\s*(p|div|li|h\d|pre)\s*>$/i.test(tag) ? '\n' : '',
    )
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, name: string) => {
      if (!name.startsWith('#')) return Object.hasOwn(named, name.toLowerCase()) ? named[name.toLowerCase()]! : whole;
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\uFFFD'
        : String.fromCodePoint(code);
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

describe('a question’s HTML read as plain text', () => {
  it('keeps paragraphs and breaks as lines, drops tags, reads references and spaces at line ends', () => {
    expect(plainText('<p>a &lt; b &amp;&amp; c&#39;s</p><p>x<br/>y &#x41;</p>')).toBe("a < b && c's\nx\ny A");
    expect(plainText('<H2>Title</H2>\n\n\n\n<DIV>one &NBSP; \t</div>< br >two<BR />&#X42;')).toBe(
      'Title\n\none\n\ntwo\nB',
    );
    // A `<` that no `>` follows is text; so is an unknown name, and one that names an object's own property.
    expect(plainText('if (a < b) &copy; &constructor; &__proto__; &toString;')).toBe(
      'if (a < b) &copy; &constructor; &__proto__; &toString;',
    );
  });

  it('reads a reference to no character as the replacement character, as a browser does', () => {
    expect(plainText('a&#x110000;b&#99999999;c&#xD800;d&#56320;e&#0;f&#x10FFFF;g')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\u{10FFFF}g',
    );
    expect(plainText(`&#${'9'.repeat(400)};&#x${'F'.repeat(400)};&#${'0'.repeat(400)}65;`)).toBe('\uFFFD\uFFFDA');
  });

  it('reads long adversarial texts in one pass, with the exact result', () => {
    const n = 200_000;
    // No `>` anywhere: every `<` is text.
    expect(plainText('<'.repeat(n))).toBe('<'.repeat(n));
    // One `>` at the end: a single tag from the first `<`.
    expect(plainText(`${'<'.repeat(n)}>after`)).toBe('after');
    expect(plainText(`x${'<a'.repeat(n)}`)).toBe(`x${'<a'.repeat(n)}`);
    // Spaces and tabs not at a line's end stay; at a line's end they go.
    expect(plainText(`a${' '.repeat(n)}b`)).toBe(`a${' '.repeat(n)}b`);
    expect(plainText(`a${' \t'.repeat(n)}\nb${'\t'.repeat(n)}\n${' '.repeat(n)}`)).toBe('a\nb');
    expect(plainText(`a${' '.repeat(n)}\n`.repeat(20))).toBe(Array(20).fill('a').join('\n'));
    // Mixed: tags, spaces, unclosed references and a long run of blank lines.
    const mixed = `<p>${' '.repeat(n)}</p>${'&'.repeat(n)}${'&#'.repeat(n)}${'\n'.repeat(n)}<br${' '.repeat(n)}/>${'&amp;'.repeat(n)}<`;
    expect(plainText(mixed)).toBe(`${'&'.repeat(n)}${'&#'.repeat(n)}\n\n${'&'.repeat(n)}<`);
    expect(plainText(`${'<br>'.repeat(n)}x${' \t\n'.repeat(n)}y`)).toBe('x\n\ny');
  });

  it('gives what the regular expressions gave, on any short text', () => {
    const unit = fc.constantFrom(
      ...['<', '>', '/', 'br', 'BR', 'p', 'h2', 'div', 'x', ' ', '\t', '\n', '&', '#', ';', 'x41', '41', '0'],
      ...['amp', 'lt', 'nbsp', 'constructor', '110000', 'D800', 'a'],
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (html) => {
        expect(plainText(html)).toBe(byExpressions(html));
      }),
      { numRuns: 2000 },
    );
  });
});
