/**
 * The student's source as the instrumenter reads it between the syntax tree's locations: byte offsets (Clang's),
 * lines, and the few tokens it must find itself (a statement's `;`, a macro use's arguments, the `(` or `;` around a
 * loop's condition). Strings, character constants and comments are skipped wherever it scans, and preprocessor
 * directives where it looks back.
 */
export class SourceText {
  readonly bytes: Buffer;
  private readonly newlines: number[] = [];
  /** 1 where a byte is code (strings included), 0 in white space and comments. */
  private readonly code: Uint8Array;

  constructor(source: string) {
    this.bytes = Buffer.from(source, 'utf8');
    this.bytes.forEach((b, i) => {
      if (b === 10) this.newlines.push(i);
    });
    this.code = new Uint8Array(this.bytes.length);
    let lineStart = true;
    for (let i = 0; i < this.bytes.length;) {
      const next = this.skipSpace(i);
      if (next > i) {
        if (this.bytes.subarray(i, next).includes(10)) lineStart = true;
        i = next;
        continue;
      }
      const c = this.bytes[i];
      if (c === 0x23 && lineStart) {
        // A preprocessor directive is not code around a statement: through its continued lines.
        while (i < this.bytes.length && !(this.bytes[i] === 10 && this.bytes[i - 1] !== 0x5c)) i++;
        continue;
      }
      lineStart = false;
      const end = c === 0x22 || c === 0x27 ? Math.min(this.pastQuoted(i), this.bytes.length) : i + 1;
      this.code.fill(1, i, end);
      i = end;
    }
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The line (from 1) of an offset. */
  lineAt(offset: number): number {
    let low = 0;
    let high = this.newlines.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.newlines[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  }

  /** The character at an offset (a byte: every character the instrumenter looks for is ASCII). */
  charAt(offset: number): string {
    return offset >= 0 && offset < this.bytes.length ? String.fromCharCode(this.bytes[offset]!) : '';
  }

  /** The first offset from `from` that is not white space, a comment or a line continuation. */
  skipSpace(from: number): number {
    const b = this.bytes;
    let i = from;
    while (i < b.length) {
      const c = b[i]!;
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c) i++;
      else if (c === 0x5c && (b[i + 1] === 0x0a || (b[i + 1] === 0x0d && b[i + 2] === 0x0a))) i += 2;
      else if (c === 0x2f && b[i + 1] === 0x2f) while (i < b.length && b[i] !== 0x0a) i++;
      else if (c === 0x2f && b[i + 1] === 0x2a) {
        const close = b.indexOf('*/', i + 2);
        i = close < 0 ? b.length : close + 2;
      } else break;
    }
    return i;
  }

  /** The offset of the last character of code before `to` (not white space, not a comment); -1 when none. */
  lastBefore(to: number): number {
    let i = Math.min(to, this.bytes.length) - 1;
    while (i >= 0 && this.code[i] === 0) i--;
    return i;
  }

  /** The character of code just before `to`. */
  charBefore(to: number): string {
    return this.charAt(this.lastBefore(to));
  }

  /** Whether the code just before `to` is the word `word`, standing alone. */
  wordBefore(to: number, word: string): boolean {
    const last = this.lastBefore(to);
    const start = last - word.length + 1;
    return start >= 0 && this.bytes.toString('latin1', start, last + 1) === word && !/\w/.test(this.charAt(start - 1));
  }

  /** Just past a string or character constant that starts at `from`. */
  private pastQuoted(from: number): number {
    const b = this.bytes;
    const quote = b[from];
    let i = from + 1;
    for (; i < b.length && b[i] !== quote && b[i] !== 0x0a; i++) if (b[i] === 0x5c) i++;
    return i + 1;
  }

  /**
   * Just past the first `stop` character found from `from` outside brackets (counted from `from`), strings and
   * comments; null when a bracket closes first or the text ends.
   */
  pastNext(from: number, stop: ';' | ')'): number | null {
    const b = this.bytes;
    const code = stop.charCodeAt(0);
    let depth = 0;
    let i = from;
    while (i < b.length) {
      i = this.skipSpace(i);
      const c = b[i];
      if (c === undefined) break;
      if (c === code && depth === 0) return i + 1;
      if (c === 0x22 || c === 0x27) {
        i = this.pastQuoted(i);
        continue;
      }
      if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
      else if (c === 0x29 || c === 0x5d || c === 0x7d) {
        if (depth === 0) return null;
        depth--;
      }
      i++;
    }
    return null;
  }

  /**
   * Just past the use of a macro whose name starts at `from` (`tokLen` long): past its arguments when a `(` follows
   * the name. (An object-like macro's last token is never followed by a `(` of the same statement: that `(` would
   * make a call whose `)` ends the statement instead.)
   */
  pastMacroUse(from: number, tokLen: number): number | null {
    const after = from + tokLen;
    const next = this.skipSpace(after);
    if (this.charAt(next) !== '(') return after;
    return this.pastNext(next + 1, ')');
  }
}
