/**
 * A question's HTML (a Moodle question's name and text) read as plain text: paragraphs and breaks as new lines, tags
 * dropped, character references read, spaces at line ends removed. Written as scans that visit each character a
 * bounded number of times: the regular expressions it replaces backtracked over a long run of `<` or of spaces, so a
 * 200,000-character name held the server for half a minute.
 */

/** What a tag is `<` up to the next `>`; with no `>` after it, the rest is text (as `/<[^>]*>/g` reads it). */
function withoutTags(html: string): string {
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open === -1 ? -1 : html.indexOf('>', open + 1);
    // No `>` after this `<`: none after any later `<` either.
    if (close === -1) {
      parts.push(html.slice(at));
      break;
    }
    parts.push(html.slice(at, open));
    if (breaksLine(html.slice(open + 1, close))) parts.push('\n');
    at = close + 1;
  }
  return parts.join('');
}

const BLOCKS = new Set(['p', 'div', 'li', 'pre']);

/** `<br>`, `<br/>`, `< br />`, or the end of a paragraph, division, list item, heading or preformatted block. */
function breaksLine(tag: string): boolean {
  if (tag.startsWith('/')) {
    const name = tag.slice(1).trim().toLowerCase();
    return BLOCKS.has(name) || (name.length === 2 && name[0] === 'h' && name[1]! >= '0' && name[1]! <= '9');
  }
  let inner = tag.trimStart();
  if (inner.endsWith('/')) inner = inner.slice(0, -1);
  return inner.trimEnd().toLowerCase() === 'br';
}

/** A Map, so a name such as `constructor` is no more than unknown. */
const NAMED = new Map(Object.entries({ nbsp: ' ', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }));
const isDigit = (code: number) => code >= 48 && code <= 57;
const isHexDigit = (code: number) => isDigit(code) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const isWordChar = (code: number) =>
  isDigit(code) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
const REPLACEMENT = '\uFFFD';

/**
 * The character a numeric reference names. One that names none (past U+10FFFF, a surrogate half, or NUL) reads as
 * U+FFFD, the replacement character, as a browser shows it (HTML's rule): the question's text is only read, and
 * leaving out a whole question for one character of its description would cost the teacher more than it protects.
 */
function fromReference(digits: string, radix: 10 | 16): string {
  let value = 0;
  for (const digit of digits) {
    value = value * radix + parseInt(digit, radix);
    if (value > 0x10ffff) return REPLACEMENT;
  }
  return value === 0 || (value >= 0xd800 && value <= 0xdfff) ? REPLACEMENT : String.fromCodePoint(value);
}

/** `&name;`, `&#123;` and `&#x7B;` read (as `/&(#\d+|#x[0-9a-f]+|\w+);/gi` finds them); an unknown name is kept. */
function withReferences(text: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let amp = text.indexOf('&'); amp !== -1; amp = text.indexOf('&', amp + 1)) {
    let end = amp + 1;
    const numeric = text.charCodeAt(end) === 35; // '#'
    const hex = numeric && (text.charCodeAt(end + 1) | 0x20) === 120; // 'x' or 'X'
    if (numeric) end += hex ? 2 : 1;
    const start = end;
    const accepts = hex ? isHexDigit : numeric ? isDigit : isWordChar;
    while (end < text.length && accepts(text.charCodeAt(end))) end += 1;
    if (end === start || text.charCodeAt(end) !== 59) continue; // no digits or name, or no ';'
    const body = text.slice(start, end);
    const read = numeric ? fromReference(body, hex ? 16 : 10) : NAMED.get(body.toLowerCase());
    if (read === undefined) continue;
    parts.push(text.slice(at, amp), read);
    at = end + 1;
    amp = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Each line without the spaces and tabs at its end. */
function withoutTrailingSpace(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
      return line.slice(0, end);
    })
    .join('\n');
}

/** A question's HTML as plain text: paragraphs and breaks as new lines, tags dropped, character references read. */
export function plainText(html: string): string {
  return withoutTrailingSpace(withReferences(withoutTags(html)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
