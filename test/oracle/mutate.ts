/**
 * Mutation operators for the differential oracle: each takes a correct C program and makes it wrong the way students
 * do (a loop one step too far, a string without room for its '\0', a free too early), one mutant per place it
 * applies, each with the line of the mutation in the mutant. They read C line by line with strings and comments
 * masked out, as a student's program is laid out, not as a compiler would parse it: a place they cannot read safely
 * is skipped, never guessed. Pure and deterministic: the same program always gives the same mutants in the same order.
 */

export interface Mutation {
  /** The line (1-based, in the mutant) where the mutation is. */
  line: number;
  description: string;
  code: string;
}

export type Operator = (code: string) => Mutation[];

/** Each line with its string and character literals' contents and its comments blanked, columns kept. */
export function maskLines(code: string): string[] {
  let inComment = false;
  return code.split('\n').map((line) => {
    let out = '';
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (inComment) {
        if (c === '*' && line[i + 1] === '/') {
          inComment = false;
          out += '  ';
          i++;
        } else out += ' ';
        continue;
      }
      if (c === '/' && line[i + 1] === '*') {
        inComment = true;
        out += '  ';
        i++;
        continue;
      }
      if (c === '/' && line[i + 1] === '/') {
        out += ' '.repeat(line.length - i);
        break;
      }
      if (c === '"' || c === "'") {
        out += c;
        let j = i + 1;
        for (; j < line.length && line[j] !== c; j++) out += line[j] === '\\' ? (j++, '  ') : ' ';
        if (j < line.length) out += c;
        i = j;
        continue;
      }
      out += c;
    }
    return out.slice(0, line.length).padEnd(line.length, ' ');
  });
}

/** The brace depth at the start of each line. */
export function braceDepths(masked: string[]): number[] {
  let depth = 0;
  return masked.map((line) => {
    const at = depth;
    for (const c of line) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
    return at;
  });
}

interface FunctionBody {
  name: string;
  /** Returns a pointer (`char *make(…)`). */
  returnsPointer: boolean;
  /** Line indexes (0-based) of the header and of the closing brace. */
  start: number;
  end: number;
}

/** The functions defined at file level: a header line at depth 0 whose block opens there or on the next line. */
export function functionsOf(masked: string[]): FunctionBody[] {
  const depths = braceDepths(masked);
  const found: FunctionBody[] = [];
  for (let i = 0; i < masked.length; i++) {
    if (depths[i] !== 0) continue;
    const header = /^\s*(?:static\s+|inline\s+)*[A-Za-z_][\w\s]*?(\*?)\s*\b(\w+)\s*\([^;]*\)\s*\{?\s*$/.exec(
      masked[i]!,
    );
    if (!header || /^\s*(if|for|while|switch|return|else|do)\b/.test(masked[i]!)) continue;
    const opens = masked[i]!.includes('{') ? i : masked[i + 1]?.trim() === '{' ? i + 1 : -1;
    if (opens < 0) continue;
    let end = opens;
    while (end + 1 < masked.length && depths[end + 1]! > 0) end++;
    end = Math.min(end + 1, masked.length - 1);
    found.push({ name: header[2]!, returnsPointer: header[1] === '*', start: i, end });
  }
  return found;
}

const lines = (code: string) => code.split('\n');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const identifier = (name: string) => new RegExp(`(?<![\\w.>])${escape(name)}\\b`);

/** Replaces [from, to) of line `index` with `text`. */
function splice(code: string, index: number, from: number, to: number, text: string): string {
  const all = lines(code);
  const line = all[index]!;
  all[index] = line.slice(0, from) + text + line.slice(to);
  return all.join('\n');
}

/** Each match of `pattern` in the masked lines, once per match, as a mutation built by `make`. */
function eachMatch(
  code: string,
  pattern: RegExp,
  make: (match: RegExpExecArray, index: number, masked: string[]) => { text: string; description: string } | null,
  where: (index: number, masked: string[]) => boolean = () => true,
): Mutation[] {
  const masked = maskLines(code);
  const out: Mutation[] = [];
  masked.forEach((line, index) => {
    if (!where(index, masked)) return;
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (let match = global.exec(line); match; match = global.exec(line)) {
      const made = make(match, index, masked);
      if (made)
        out.push({
          line: index + 1,
          description: made.description,
          code: splice(code, index, match.index, match.index + match[0].length, made.text),
        });
      if (match[0].length === 0) global.lastIndex++;
    }
  });
  return out;
}

/** `for (i = 0; i < n; i++)` → `i <= n`: the loop runs one step too far. */
export const loopBound: Operator = (code) =>
  eachMatch(code, /(\bfor\s*\([^;]*;\s*[\w.\->[\]]+\s*)<(?![<=])/, (m) => ({
    text: `${m[1]}<=`,
    description: 'loop bound `<` made `<=`',
  }));

/** `malloc(strlen(s) + 1)` → `malloc(strlen(s))`: no room for the closing '\0'. */
export const strlenNoPlusOne: Operator = (code) =>
  eachMatch(
    code,
    /(strlen\s*\((?:[^()]|\([^()]*\))*\))\s*\+\s*1\b/,
    (m) => ({ text: m[1]!, description: '`+ 1` dropped after strlen in an allocation' }),
    (index, masked) => /\b(malloc|calloc|realloc)\s*\(/.test(masked[index]!),
  );

/** `sizeof(*p)` or `sizeof *p` → `sizeof(p)`: the size of the pointer, not of what it points to. */
export const sizeofPointer: Operator = (code) =>
  eachMatch(code, /sizeof\s*\(\s*\*\s*(\w+)\s*\)|sizeof\s+\*\s*(\w+)/, (m) => ({
    text: `sizeof(${m[1] ?? m[2]})`,
    description: `\`${m[0]}\` made \`sizeof(${m[1] ?? m[2]})\``,
  }));

/**
 * A statement `call(x);` on its own line (free or fclose), moved up to just before the last line above it (in the
 * same block) that uses `x`, so that use comes after it.
 */
function moveBeforeLastUse(code: string, call: 'free' | 'fclose'): Mutation[] {
  const masked = maskLines(code);
  const depths = braceDepths(masked);
  const all = lines(code);
  const out: Mutation[] = [];
  masked.forEach((line, index) => {
    const statement = new RegExp(`^\\s*${call}\\s*\\(\\s*([\\w.\\->\\[\\]]+)\\s*\\)\\s*;\\s*$`).exec(line);
    if (!statement) return;
    const target = statement[1]!;
    const base = /^\w+/.exec(target)?.[0] ?? target;
    const uses = identifier(base);
    for (let j = index - 1; j >= 0; j--) {
      if (depths[j]! < depths[index]!) return; // left the block: no use before it in the block
      if (!uses.test(masked[j]!)) continue;
      const assigned = new RegExp(`(?<![\\w.>])${escape(target)}\\s*=[^=]|\\b(fopen|malloc|calloc|realloc)\\s*\\(`);
      if (
        depths[j] !== depths[index] ||
        assigned.test(masked[j]!) ||
        /^\s*(else|case|default|\})/.test(masked[j]!) ||
        !/[;{]\s*$/.test(masked[j]!)
      )
        return;
      const moved = [...all];
      const [statementLine] = moved.splice(index, 1);
      moved.splice(j, 0, statementLine!);
      out.push({
        line: j + 1,
        description: `\`${call}(${target})\` moved up from line ${index + 1}, before its last use`,
        code: moved.join('\n'),
      });
      return;
    }
  });
  return out;
}

/** A `free(p);` moved before the last use of `p`. */
export const freeEarly: Operator = (code) => moveBeforeLastUse(code, 'free');

/** An `fclose(f);` moved before the last use of `f`. */
export const fcloseEarly: Operator = (code) => moveBeforeLastUse(code, 'fclose');

/** Each statement line `call(…);` blanked (the line stays, empty, so the lines below keep their numbers). */
function blankStatements(code: string, call: string, description: string): Mutation[] {
  const masked = maskLines(code);
  const all = lines(code);
  const out: Mutation[] = [];
  masked.forEach((line, index) => {
    if (!new RegExp(`^\\s*${call}\\s*\\([^;]*\\)\\s*;\\s*$`).test(line)) return;
    const blanked = [...all];
    blanked[index] = '';
    out.push({ line: index + 1, description: `${description} (line ${index + 1} removed)`, code: blanked.join('\n') });
  });
  return out;
}

/** A `free(p);` removed: the block leaks. */
export const freeMissing: Operator = (code) => blankStatements(code, 'free', '`free` missing');

/** An `fclose(f);` removed. */
export const fcloseMissing: Operator = (code) => blankStatements(code, 'fclose', '`fclose` missing');

/** A `free(p);` line written twice. */
export const doubleFree: Operator = (code) => {
  const masked = maskLines(code);
  const all = lines(code);
  const out: Mutation[] = [];
  masked.forEach((line, index) => {
    if (!/^\s*free\s*\([^;]*\)\s*;\s*$/.test(line)) return;
    const twice = [...all];
    twice.splice(index + 1, 0, all[index]!);
    out.push({ line: index + 2, description: `\`${all[index]!.trim()}\` called twice`, code: twice.join('\n') });
  });
  return out;
};

/** A local's initialiser removed: `int x = 0;` → `int x;`, `int a[5] = {0};` → `int a[5];`. */
export const noInitialiser: Operator = (code) =>
  eachMatch(
    code,
    /^(\s*(?:unsigned\s+|signed\s+|long\s+|short\s+)*(?:int|long|short|char|float|double|size_t|unsigned)\s+(?:[^;=(]*,\s*)?\w+(?:\s*\[[^\]]*\])*)\s*=\s*(\{\s*0\s*\}|-?[\d.]+[fFuUlL]*|'[^']*'|NULL)(?=\s*[;,])/,
    (m) => ({ text: m[1]!, description: `initialiser \`= ${m[2]}\` removed` }),
    (index, masked) => braceDepths(masked)[index]! > 0 && !/\bstatic\b/.test(masked[index]!),
  );

/** A recursive function's base case (`if (…) return …;` on one line) removed. */
export const noBaseCase: Operator = (code) => {
  const masked = maskLines(code);
  const all = lines(code);
  const out: Mutation[] = [];
  for (const fn of functionsOf(masked)) {
    const calls = new RegExp(`\\b${escape(fn.name)}\\s*\\(`);
    const body = masked.slice(fn.start + 1, fn.end + 1);
    if (!body.some((line) => calls.test(line))) continue;
    for (let i = fn.start + 1; i < fn.end; i++) {
      if (!/^\s*if\s*\(.*\)\s*return\b[^;]*;\s*$/.test(masked[i]!) || calls.test(masked[i]!)) continue;
      const without = [...all];
      without[i] = '';
      out.push({ line: i + 1, description: `base case of \`${fn.name}\` removed`, code: without.join('\n') });
      break;
    }
  }
  return out;
};

/** An array declared with a number shrunk by one: `char name[6]` → `char name[5]`. */
export const bufferShrunk: Operator = (code) =>
  eachMatch(
    code,
    /^(\s*(?:static\s+)?(?:const\s+)?(?:unsigned\s+)?(?:char|int|long|short|float|double|struct\s+\w+)\s+\w+\s*\[)(\d+)(?=\])/,
    (m) => {
      const size = Number(m[2]);
      if (size < 2) return null;
      return { text: `${m[1]}${size - 1}`, description: `array of ${size} shrunk to ${size - 1}` };
    },
  );

/** `memmove` → `memcpy`, wrong when the ranges overlap. */
export const memmoveToMemcpy: Operator = (code) =>
  eachMatch(code, /\bmemmove(?=\s*\()/, () => ({ text: 'memcpy', description: '`memmove` made `memcpy`' }));

/** `scanf("%d", &x)` → `scanf("%d", x)`: one mutant per `&` argument of scanf and fscanf. */
export const scanfNoAmpersand: Operator = (code) => {
  const masked = maskLines(code);
  const all = lines(code);
  const out: Mutation[] = [];
  masked.forEach((line, index) => {
    const call = /\b(f?scanf)\s*\(/.exec(line);
    if (!call) return;
    const amp = /,\s*(&)\s*[\w.\->[\]]+/g;
    amp.lastIndex = call.index;
    for (let m = amp.exec(line); m; m = amp.exec(line)) {
      const at = m.index + m[0].indexOf('&');
      const mutated = [...all];
      mutated[index] = all[index]!.slice(0, at) + all[index]!.slice(at + 1);
      out.push({ line: index + 1, description: `\`&\` dropped in ${call[1]}`, code: mutated.join('\n') });
    }
  });
  return out;
};

/** `a[i]` → `a[i + 1]` where `i` is the variable of an enclosing `for` counting up with `<`: once per line. */
export const indexOffByOne: Operator = (code) => {
  const masked = maskLines(code);
  const depths = braceDepths(masked);
  const out: Mutation[] = [];
  const loops: { variable: string; from: number; to: number }[] = [];
  masked.forEach((line, index) => {
    const loop = /\bfor\s*\(\s*(?:int\s+)?(\w+)\s*=[^;]*;\s*\1\s*<[^;]*;/.exec(line);
    if (!loop) return;
    let to = index;
    if (/\{\s*$/.test(line)) while (to + 1 < masked.length && depths[to + 1]! > depths[index]!) to++;
    else if (!/;\s*$/.test(line.slice(line.lastIndexOf(')')))) to = index + 1;
    loops.push({ variable: loop[1]!, from: index, to });
  });
  masked.forEach((line, index) => {
    for (const loop of loops) {
      if (index < loop.from || index > loop.to) continue;
      const subscript = new RegExp(`(\\w+(?:\\[[^\\]]*\\])?\\s*\\[\\s*)${loop.variable}(\\s*\\])`).exec(
        index === loop.from ? line.slice(line.lastIndexOf(')')) : line,
      );
      if (!subscript) continue;
      const offset = index === loop.from ? line.lastIndexOf(')') : 0;
      const at = offset + subscript.index + subscript[1]!.length;
      out.push({
        line: index + 1,
        description: `index \`${loop.variable}\` made \`${loop.variable} + 1\``,
        code: splice(code, index, at, at + loop.variable.length, `${loop.variable} + 1`),
      });
      return;
    }
  });
  return out;
};

/**
 * In a function that returns a pointer it got from malloc (`char *s = malloc(n); … return s;`), the block made a
 * local array instead (`char s[n];`): the function returns the address of a local.
 */
export const returnLocalArray: Operator = (code) => {
  const masked = maskLines(code);
  const all = lines(code);
  const out: Mutation[] = [];
  for (const fn of functionsOf(masked)) {
    if (!fn.returnsPointer) continue;
    for (let i = fn.start + 1; i < fn.end; i++) {
      const declared = /^(\s*)((?:struct\s+)?\w+)\s*\*\s*(\w+)\s*=\s*malloc\s*\((.*)\)\s*;\s*$/.exec(masked[i]!);
      if (!declared) continue;
      const [, indent, type, name] = declared;
      const returned = masked.slice(i + 1, fn.end).some((line) => new RegExp(`\\breturn\\s+${name}\\s*;`).test(line));
      if (!returned) continue;
      const size = /^\s*(.*?)\)\s*;\s*$/.exec(all[i]!.slice(all[i]!.indexOf('malloc(') + 'malloc('.length))?.[1];
      if (!size) continue;
      const sizeOf = String.raw`sizeof\s*(?:\(\s*\*?\s*[\w ]*\w\s*\)|\*?\s*\w+)`;
      const count = new RegExp(`^${sizeOf}$`).test(size)
        ? '1'
        : (new RegExp(`^(.+?)\\s*\\*\\s*${sizeOf}$`).exec(size)?.[1] ??
          new RegExp(`^${sizeOf}\\s*\\*\\s*(.+)$`).exec(size)?.[1] ??
          (type === 'char' ? size : null));
      if (!count) continue;
      const mutated = [...all];
      mutated[i] = `${indent}${type} ${name}[${count}];`;
      out.push({
        line: i + 1,
        description: `\`${name}\` made a local array returned by \`${fn.name}\``,
        code: mutated.join('\n'),
      });
      break;
    }
  }
  return out;
};

/** Every operator by the name its mutants carry. */
export const operators: Record<string, Operator> = {
  'loop-bound': loopBound,
  'strlen-no-plus-one': strlenNoPlusOne,
  'sizeof-pointer': sizeofPointer,
  'free-early': freeEarly,
  'double-free': doubleFree,
  'no-initialiser': noInitialiser,
  'no-base-case': noBaseCase,
  'buffer-shrunk': bufferShrunk,
  'memmove-to-memcpy': memmoveToMemcpy,
  'fclose-early': fcloseEarly,
  'scanf-no-ampersand': scanfNoAmpersand,
  'index-off-by-one': indexOffByOne,
  'return-local-array': returnLocalArray,
  'fclose-missing': fcloseMissing,
  'free-missing': freeMissing,
};

export interface Mutant extends Mutation {
  /** `seed.c:operator:line` (with `#n` when an operator makes several on one line): stable across runs. */
  id: string;
  seed: string;
  operator: string;
}

/** Every mutant of a program, operator by operator in a fixed order. */
export function mutantsOf(seed: string, code: string): Mutant[] {
  const out: Mutant[] = [];
  const seen = new Map<string, number>();
  for (const [operator, mutate] of Object.entries(operators)) {
    for (const mutation of mutate(code)) {
      if (mutation.code === code) continue;
      const base = `${seed}:${operator}:${mutation.line}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      out.push({ ...mutation, id: n === 1 ? base : `${base}#${n}`, seed, operator });
    }
  }
  return out;
}
