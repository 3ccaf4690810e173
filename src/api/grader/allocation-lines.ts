/**
 * Calls to malloc, calloc, realloc and free in a student's program are rewritten to the checks runtime's versions
 * with the line they are on (`malloc(n)` becomes `__checks_malloc(__LINE__, n)`), so a report can say "allocated
 * on line 6" and "freed on line 11" at no cost per call. So are the C library's calls on an open file
 * (`fscanf(f, …)`), so one given the NULL of a failed fopen is named at its line instead of reading address 0.
 * A tokenizer keeps comments, strings and characters as they are; a declaration or definition of one of these
 * names (a course's own allocator) is left alone, and so are `#define`s of them. The compiler's messages are mapped
 * back: names and columns as the student wrote them.
 */

const ALLOCATION = ['malloc', 'calloc', 'realloc', 'free', 'strdup', 'strndup'];
/** The calls that take an open file (fflush is not one: fflush(NULL) flushes every file). */
const FILE_CALLS = [
  'fgetc',
  'getc',
  'fgets',
  'fputc',
  'putc',
  'fputs',
  'fprintf',
  'fscanf',
  'fread',
  'fwrite',
  'fclose',
  'fseek',
  'ftell',
  'rewind',
  'feof',
  'ferror',
];
/** fopen, so the runtime knows which files are open and where each was opened (and closed). */
const OPENS = ['fopen'];
const NAMES = new Set([...ALLOCATION, ...FILE_CALLS, ...OPENS]);
const REWRITTEN_NAME = new RegExp(`__checks_(${[...NAMES].join('|')})\\b`, 'g');
/** Words before a name that make it a call, not a declaration (`return malloc(n)`). */
const CALL_KEYWORDS = new Set(['return', 'sizeof', 'else', 'do', 'case']);
const PREFIX = '__checks_';

export interface Rewritten {
  code: string;
  /** Per line (1-based): where text was inserted (column in the rewritten line, 1-based) and how long it is. */
  inserts: Map<number, { column: number; length: number }[]>;
}

export function rewriteAllocations(source: string): Rewritten {
  const inserts: Rewritten['inserts'] = new Map();
  let out = '';
  let line = 1;
  let lineStart = 0;
  let outLineStart = 0;
  /** The last significant token before the current position, and the one before it. */
  let previous = '';
  let beforePrevious = '';
  let directive = '';
  let i = 0;
  const significant = (token: string) => {
    beforePrevious = previous;
    previous = token;
  };
  const copy = (to: number) => {
    for (let k = i; k < to; k++) {
      const c = source[k]!;
      out += c;
      if (c === '\n') {
        line++;
        lineStart = k + 1;
        outLineStart = out.length;
        directive = '';
      }
    }
    i = to;
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      copy(end < 0 ? source.length : end + 2);
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      copy(end < 0 ? source.length : end);
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < source.length && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1;
      copy(Math.min(k + 1, source.length));
      significant(c);
    } else if (c === '#' && source.slice(lineStart, i).trim() === '') {
      const match = /^#\s*(\w+)/.exec(source.slice(i));
      directive = match?.[1] ?? '';
      copy(i + (match?.[0].length ?? 1));
      significant(directive || '#');
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_]\w*/.exec(source.slice(i))![0];
      const after = /^\s*\(/.test(source.slice(i + word.length));
      const declaration =
        (/^\w+$/.test(previous) && !CALL_KEYWORDS.has(previous)) ||
        (previous === '*' && /^\w+$/.test(beforePrevious) && !CALL_KEYWORDS.has(beforePrevious));
      const member = previous === '.' || previous === '->';
      if (NAMES.has(word) && after && !declaration && !member && !(directive === 'define' && previous === 'define')) {
        // The name, any blanks and its "(" become the runtime's name, the line and ", " (line breaks are kept).
        const paren = source.indexOf('(', i + word.length);
        const breaks = source.slice(i + word.length, paren).replace(/[^\n]/g, '');
        const empty = /^\s*\)/.test(source.slice(paren + 1));
        const inserted = `${PREFIX}${word}(__LINE__${empty ? '' : ', '}`;
        const column = out.length - outLineStart + 1;
        const list = inserts.get(line) ?? [];
        list.push({ column, length: inserted.length - (paren + 1 - i) });
        inserts.set(line, list);
        out += inserted;
        i = paren;
        // Line breaks between the name and "(": counted as copied.
        for (const _ of breaks) {
          out += '\n';
          line++;
          outLineStart = out.length;
        }
        i = paren + 1;
        lineStart = source.lastIndexOf('\n', paren) + 1;
      } else {
        copy(i + word.length);
      }
      significant(word);
    } else if (/\s/.test(c)) {
      copy(i + 1);
    } else {
      const op = source.startsWith('->', i) ? '->' : c;
      copy(i + op.length);
      significant(op);
    }
  }
  return { code: out, inserts };
}

/** A column of the rewritten code as the student's code has it. */
export function originalColumn(rewritten: Rewritten, line: number, column: number): number {
  let shift = 0;
  for (const insert of rewritten.inserts.get(line) ?? []) if (insert.column < column) shift += insert.length;
  return Math.max(1, column - shift);
}

/** The compiler's words about a rewritten call, with the name the student wrote. */
export function originalNames(message: string): string {
  return message.replaceAll(REWRITTEN_NAME, '$1');
}

/**
 * The compiler's output as the student's code reads: each message's line and column, each quoted source line
 * (`    5 |   code`) the student's own, the marker line under it (`      |   ^~~~`) at the same place in it, and the
 * names as written.
 */
export function originalOutput(output: string, rewritten: Rewritten, source: string): string {
  const lines = source.split('\n');
  let quoted: number | null = null;
  const mapped = output.split('\n').map((text) => {
    const header = /^main\.c:(\d+):(\d+):(.*)$/.exec(text);
    if (header) {
      const [line, column] = [Number(header[1]), Number(header[2])];
      return `main.c:${line}:${originalColumn(rewritten, line, column)}:${header[3]}`;
    }
    const code = /^(\s*)(\d+) \| (.*)$/.exec(text);
    if (code) {
      quoted = Number(code[2]);
      return rewritten.inserts.has(quoted) ? `${code[1]}${code[2]} | ${lines[quoted - 1] ?? code[3]}` : text;
    }
    const marker = /^(\s*)\| (.*)$/.exec(text);
    if (marker && quoted !== null && rewritten.inserts.has(quoted)) {
      const line = quoted;
      let moved = '';
      [...marker[2]!].forEach((c, index) => {
        if (c === ' ') return;
        const column = originalColumn(rewritten, line, index + 1) - 1;
        moved = moved.padEnd(column, ' ');
        if (moved.length === column) moved += c;
      });
      return `${marker[1]}| ${moved}`;
    }
    if (!/^\s*\|/.test(text)) quoted = null;
    return text;
  });
  return originalNames(mapped.join('\n'));
}
