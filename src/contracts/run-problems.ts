/**
 * What a student reads when a run goes wrong in memory or with undefined behaviour: one sentence or two, at the
 * line, in plain words, with the memory's story (which block or variable, how big, where it came from). The checks
 * runtime linked into every program reports the facts (the grader's checks/runtime.c); the words are all here, so
 * Run, Submit, the teacher's live supervision and the student's work read the same.
 */
import { EXERCISE_LIMITS } from './exercises/limits.js';

/** A report as the runner hands it over: the runtime's fields, with where in the student's code it happened. */

export interface ProblemReport {
  fields: Record<string, string>;
  line: number | null;
  function: string | null;
  depth?: number;
}

/** The student's code, one entry per line: hints quote it rather than guess at it. */
export type SourceLines = readonly string[];

/** How far above an access a loop's condition may be (a `for` header, its opening brace, a line or two of body). */
const LOOP_LOOKBACK = 4;
/** A comparison with `<=` (not `<<=`): what it compares, up to the end of its condition. */
const LESS_OR_EQUAL =
  /(?<![<\w])([A-Za-z_]\w*(?:\s*(?:\[[^\]]*\]|->\s*\w+|\.\s*\w+))*\s*<=\s*(?:[^;()&|?:,]|\([^()]*\))+)/;

/**
 * An access one past the end, told with the `<=` that most likely did it: on the line itself or in a loop's condition
 * just above it. Said only when the code has one there; a guess at code the student did not write misleads.
 */
export function oneTooFarHint(code: SourceLines, line: number | null): string {
  if (!line) return '';
  for (let at = line; at >= Math.max(1, line - LOOP_LOOKBACK); at -= 1) {
    const text = (code[at - 1] ?? '').replace(/\/\/.*$/, '').replace(/"(?:[^"\\]|\\.)*"/g, '""');
    const found = LESS_OR_EQUAL.exec(text);
    if (!found) continue;
    const comparison = found[1]!.trim();
    return ` (one step too far: \`${comparison}\`${at === line ? '' : ` on line ${at}`}, where \`<\` was meant?)`;
  }
  return '';
}

export interface RunProblem {
  /** The line it happened on (the editor marks it), if known. */
  line: number | null;
  message: string;
  /** A leak (or a refused allocation the program survived) is told, but the program ran to its end. */
  fatal: boolean;
  /** What kind of problem, for tests and the corpus: 'heap_overflow', 'use_after_free', 'double_free', … */
  kind: ProblemKind;
}

export const problemKinds = [
  'heap_overflow',
  'stack_overflow_access',
  'global_overflow',
  'use_after_free',
  'use_after_return',
  'double_free',
  'bad_free',
  'null',
  'null_file',
  'wild',
  'leak',
  'heap_full',
  'stack_overflow',
  'overflow',
  'divide_by_zero',
  'shift',
  'bounds',
  'misaligned',
  'pointer_overflow',
  'missing_return',
  'uninitialised',
  'overlap',
  'file_closed',
  'file_open',
  'reachable',
  'undefined',
] as const;
export type ProblemKind = (typeof problemKinds)[number];

const num = (fields: Record<string, string>, key: string) => Number(fields[key] ?? 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const at = (line: number | null) => (line ? `Line ${line}: ` : '');

/** A message told at its line: "Line 11: …", once, whether or not the message already names it. */
export function atItsLine(line: number | null, message: string): string {
  return line && !/^Line \d+: /.test(message) ? `${at(line)}${message}` : message;
}
/** Clang writes type names quoted: "'int'" -> "int". */
const typeName = (name: string | undefined) => (name ?? '').replace(/^'|'$/g, '');

/** What an access of `size` bytes most likely reads or writes: an int, a double, a char. */
function itemWords(size: number): { item: string; items: string } {
  if (size === 1) return { item: 'char', items: 'chars' };
  if (size === 2) return { item: 'short', items: 'shorts' };
  if (size === 4) return { item: 'int', items: 'ints' };
  if (size === 8) return { item: 'double (or pointer-sized value)', items: '8-byte values' };
  return { item: `${size}-byte value`, items: `${size}-byte values` };
}

/** ASan's description of a frame's variables, "2 32 4 5 x:10 48 20 6 arr:11": offset, size and name of each. */
export function frameVariables(
  description: string,
): { offset: number; size: number; name: string; line: number | null }[] {
  const parts = description.trim().split(/\s+/);
  const count = Number(parts[0]);
  const variables = [];
  let i = 1;
  for (let v = 0; v < count && i + 3 < parts.length + 1; v++) {
    const offset = Number(parts[i]);
    const size = Number(parts[i + 1]);
    // The name as written, with ":line" when Clang knows it ("name:5"), its length given first.
    const token = parts[i + 3] ?? '';
    const match = /^(.*):(\d+)$/.exec(token);
    variables.push({ offset, size, name: match ? match[1]! : token, line: match ? Number(match[2]) : null });
    i += 4;
  }
  return variables;
}

/** "the array `marks` (5 ints, 20 bytes)" from what is known of an object and the access. */
function objectWords(name: string | null, bytes: number, accessSize: number, what: string): string {
  const { items } = itemWords(accessSize);
  const count = accessSize > 0 && bytes % accessSize === 0 ? bytes / accessSize : null;
  const size =
    count !== null && accessSize > 1 ? `${plural(bytes, 'byte')}: room for ${count} ${items}` : plural(bytes, 'byte');
  return name ? `${what} \`${name}\` (${size})` : `${what} of ${size}`;
}

/** Where past (or before) an object an access falls, and the index it stands for, in words. */
function offsetWords(
  offset: number,
  objectSize: number,
  accessSize: number,
  name: string | null,
  hint: () => string,
): string {
  const index =
    accessSize > 0 && offset % accessSize === 0 && objectSize % accessSize === 0 ? offset / accessSize : null;
  const last = accessSize > 0 ? objectSize / accessSize - 1 : null;
  if (offset < 0) {
    const before = -offset;
    return index !== null && name
      ? `\`${name}[${index}]\`, ${plural(before, 'byte')} before its start: indexes start at 0`
      : `${plural(before, 'byte')} before its start`;
  }
  const past = offset - objectSize;
  if (index !== null && name && last !== null && Number.isInteger(last))
    return `\`${name}[${index}]\`, but the last one is \`${name}[${last}]\`${index === last + 1 ? hint() : ''}`;
  return past === 0 ? 'just past its end' : `${plural(past, 'byte')} past its end`;
}

/** A C library function given a range past an object: what it was asked to write or read, and what there is. */
function rangeProblem(report: ProblemReport, object: string, kind: ProblemKind): RunProblem {
  const f = report.fields;
  const size = num(f, 'size');
  const name = f.function ?? 'a function';
  const strings = /^str|printf$|^puts$|scanf$|^fgets$/.test(name);
  const writes = f.access === 'write';
  const what = strings ? `${plural(size, 'byte')} (the string and its closing '\\0')` : plural(size, 'byte');
  return {
    kind,
    line: report.line,
    fatal: true,
    message: writes
      ? `${at(report.line)}\`${name}\` writes ${what} into ${object}.${strings ? ' The text is longer than the array: make the array larger, or copy with a limit (`strncpy`, `snprintf`, `%19s` in scanf).' : ''}`
      : `${at(report.line)}\`${name}\` reads ${what} from ${object}: past its end.${strings ? " A string must end with '\\0' inside its array." : ''}`,
  };
}

/** What every bad access's words are made from: where it was, what it did, and through which call. */
interface BadAccess {
  report: ProblemReport;
  f: Record<string, string>;
  line: number | null;
  /** "The program reads", or "`strcpy` writes". */
  via: string;
  access: 'reads' | 'writes';
  accessSize: number;
  addr: number;
  hint: () => string;
}

const nullAccess = ({ line, via, addr }: BadAccess): RunProblem => ({
  kind: 'null',
  line,
  fatal: true,
  message: `${at(line)}${via} through a NULL pointer (address ${addr}). Check a pointer is not NULL before using it, for example \`if (p != NULL)\`.`,
});

function freedAccess({ f, line, via }: BadAccess): RunProblem {
  const allocLine = num(f, 'alloc_line');
  const from = allocLine ? `allocated with malloc on line ${allocLine}` : 'allocated with malloc';
  const freeLine = num(f, 'free_line');
  // Read in the loop that freed it (the next pointer of a list being freed): the usual fix is worth saying.
  const sameLine = freeLine && line !== null && Math.abs(line - freeLine) <= 2 && f.access !== 'write';
  return {
    kind: 'use_after_free',
    line,
    fatal: true,
    message:
      `${at(line)}${via} memory that was freed${freeLine ? ` on line ${freeLine}` : ''} (a block of ` +
      `${plural(num(f, 'obj_size'), 'byte')} ${from}). After free, and after a realloc that moved the block, the old ` +
      `pointer must not be used.` +
      (sameLine
        ? ' Freeing a linked list? Keep the next pointer before freeing: `next = p->next; free(p); p = next;`.'
        : ''),
  };
}

function heapAccess({ report, f, line, access, accessSize, addr, hint }: BadAccess): RunProblem {
  const objectSize = num(f, 'obj_size');
  const allocLine = num(f, 'alloc_line');
  const from = allocLine ? `allocated with malloc on line ${allocLine}` : 'allocated with malloc';
  const offset = addr - num(f, 'beg');
  if (f.function) return rangeProblem(report, `a block of ${plural(objectSize, 'byte')} ${from}`, 'heap_overflow');
  const items = accessSize > 0 && objectSize % accessSize === 0 ? objectSize / accessSize : null;
  const story =
    items !== null && offset >= objectSize
      ? ` If it holds ${itemWords(accessSize).items}, there is room for ${items}, numbered 0 to ${items - 1}, and this is number ${Math.floor(offset / accessSize)}${offset === objectSize ? hint() : ''}.`
      : '';
  return {
    kind: 'heap_overflow',
    line,
    fatal: true,
    message: `${at(line)}the program ${access} ${plural(accessSize, 'byte')} ${offset < 0 ? `${plural(-offset, 'byte')} before the start` : offset === objectSize ? 'just past the end' : `${plural(offset - objectSize, 'byte')} past the end`} of a block of ${plural(objectSize, 'byte')} ${from}.${story}`,
  };
}

function globalAccess({ report, f, line, via, accessSize, addr, hint }: BadAccess): RunProblem {
  const size = num(f, 'obj_size');
  // A local array the compiler keeps in constant memory (its values are never changed): "__const.main.a".
  const local = /^__const\.\w+\.(\w+)$/.exec(f.name ?? '')?.[1];
  const name = local ?? f.name ?? null;
  const offset = addr - num(f, 'beg');
  if (!local && f.function)
    return rangeProblem(report, `the global \`${name}\`, which holds ${plural(size, 'byte')}`, 'global_overflow');
  const words = objectWords(name, size, accessSize || 1, 'array').replace(/^array /, '');
  return {
    kind: local ? 'stack_overflow_access' : 'global_overflow',
    line,
    fatal: true,
    message: `${at(line)}${via} ${offsetWords(offset, size, accessSize || 1, name, hint)}: the ${local ? 'local' : 'global'} ${words} ends there.`,
  };
}

function stackAccess({ report, f, line, via, accessSize, addr, hint }: BadAccess): RunProblem {
  const variables = f.frame_vars ? frameVariables(f.frame_vars) : [];
  const offset = addr - num(f, 'frame');
  // The variable the access is in or nearest to: past one's end, or before the next one's start.
  let nearest = variables[0];
  for (const v of variables) if (v.offset <= offset) nearest = v;
  if (nearest && offset < nearest.offset) nearest = variables[0];
  const shadow = num(f, 'shadow');
  if (shadow === -8 /* 0xf8: out of scope */ || shadow === -11 /* 0xf5: returned */) {
    const owner = shadow === -11 && f.frame_function_name ? f.frame_function_name : null;
    const variable = nearest ? ` \`${nearest.name}\`` : '';
    return {
      kind: 'use_after_return',
      line,
      fatal: true,
      message: owner
        ? `${at(line)}${via} the local variable${variable} of \`${owner}\` after \`${owner}\` returned: a function's local variables are gone once it returns. Return a value, or memory from malloc, not the address of a local variable.`
        : `${at(line)}${via} the local variable${variable} after its block or function ended: its memory is no longer its own. Return a value, or memory from malloc, not the address of a local variable.`,
    };
  }
  if (!nearest)
    return {
      kind: 'stack_overflow_access',
      line,
      fatal: true,
      message: `${at(line)}${via} past a local array, into memory that belongs to none of the function's variables.`,
    };
  const decl = nearest.line ? ` (declared on line ${nearest.line})` : '';
  if (f.function)
    return rangeProblem(
      report,
      `\`${nearest.name}\`${decl}, which holds ${plural(nearest.size, 'byte')}`,
      'stack_overflow_access',
    );
  return {
    kind: 'stack_overflow_access',
    line,
    fatal: true,
    message: `${at(line)}${via} ${offsetWords(offset - nearest.offset, nearest.size, accessSize || 1, nearest.name, hint)}: the local ${objectWords(nearest.name, nearest.size, accessSize || 1, 'array').replace(/^array /, '')}${nearest.line ? ` is declared on line ${nearest.line}` : ''}.`,
  };
}

/** What a wild pointer is, said the same with or without its address. */
const BELONGS_TO_NOTHING =
  'belongs to no variable or block: a pointer that was never set, or has run far past its array.';

const wildAccess = ({ line, via, addr }: BadAccess): RunProblem => ({
  kind: 'wild',
  line,
  fatal: true,
  message: `${at(line)}${via} address ${addr}, which ${BELONGS_TO_NOTHING}`,
});

/**
 * An access the program's own check stopped as a trap: to memory below the program (a NULL pointer's page, the
 * checks' own) or past its end. The engine does not say the address, nor whether it was a read or a write.
 */
const outsideAccess = ({ line }: BadAccess): RunProblem => ({
  kind: 'wild',
  line,
  fatal: true,
  message: `${at(line)}The program uses a pointer to memory that ${BELONGS_TO_NOTHING}`,
});

/** A bad access's words by where the address was (the report's `where`); anywhere else, a wild pointer. */
const accessByPlace: Record<string, (access: BadAccess) => RunProblem> = {
  outside: outsideAccess,
  null: nullAccess,
  freed: freedAccess,
  heap: heapAccess,
  global: globalAccess,
  stack: stackAccess,
};

function accessProblem(report: ProblemReport, code: SourceLines): RunProblem {
  const f = report.fields;
  const line = report.line;
  const access = f.access === 'write' ? 'writes' : 'reads';
  const bad: BadAccess = {
    report,
    f,
    line,
    via: f.function ? `\`${f.function}\` ${access}` : `The program ${access}`,
    access,
    accessSize: num(f, 'size'),
    addr: num(f, 'first_bad'),
    hint: () => oneTooFarHint(code, line),
  };
  // A wild address in the first page is a NULL pointer's (a member of a struct it points to, say).
  if (f.where === 'wild' && bad.addr < 4096) return nullAccess(bad);
  const where = f.where ?? '';
  return (Object.hasOwn(accessByPlace, where) ? accessByPlace[where]! : wildAccess)(bad);
}

function badFree(report: ProblemReport): RunProblem {
  const f = report.fields;
  const line = report.line ?? (num(f, 'free_line') || null);
  const allocLine = num(f, 'alloc_line');
  const from = allocLine ? ` (allocated on line ${allocLine})` : '';
  if (f.why === 'double') {
    const first = num(f, 'first_free_line');
    return {
      kind: 'double_free',
      line,
      fatal: true,
      message: `${at(line)}\`free\` is called on a block that was already freed${first ? ` on line ${first}` : ''}${from}. Free each block once; setting the pointer to NULL right after free makes a second free harmless.`,
    };
  }
  if (f.why === 'middle')
    return {
      kind: 'bad_free',
      line,
      fatal: true,
      message: `${at(line)}\`free\` is given a pointer into the middle of a block${from}: free takes exactly the pointer malloc returned, not one moved along the block.`,
    };
  return {
    kind: 'bad_free',
    line,
    fatal: true,
    message: `${at(line)}\`free\` is given a pointer that malloc did not return (a local array, a string literal or a global): only free what malloc, calloc or realloc gave you.`,
  };
}

/** The range of a type for the overflow message: "int" (32 bits) holds -2147483648 to 2147483647. */
function range(type: string): { min: bigint; max: bigint } | null {
  const t = type.replace(/^(signed )?/, '');
  const bits: Record<string, number> = { char: 8, short: 16, int: 32, long: 32, 'long long': 64 };
  const unsigned = t.startsWith('unsigned ');
  const b = bits[t.replace(/^unsigned /, '')];
  if (!b) return null;
  return unsigned
    ? { min: 0n, max: 2n ** BigInt(b) - 1n }
    : { min: -(2n ** BigInt(b - 1)), max: 2n ** BigInt(b - 1) - 1n };
}

/** An undefined-behaviour report's fields, its line and the type it names, as each kind's words take them. */
interface Undefined {
  f: Record<string, string>;
  line: number | null;
  type: string;
}
const stopped = (kind: ProblemKind, line: number | null, message: string): RunProblem => ({
  kind,
  line,
  fatal: true,
  message: `${at(line)}${message}`,
});

/** The words for each kind of undefined behaviour the checks report (UBSan's handlers, by the runtime's names). */
const undefinedByKind: Record<string, (report: Undefined) => RunProblem> = {
  overflow: ({ f, line, type }) => {
    const [l, r] = [BigInt(f.lhs ?? '0'), BigInt(f.rhs ?? '0')];
    const result = f.op === '+' ? l + r : f.op === '-' ? l - r : f.op === '*' ? l * r : -l;
    const limits = range(type);
    const expression = f.op === 'negate' ? `-(${l})` : `${l} ${f.op} ${r}`;
    return stopped(
      'overflow',
      line,
      `${expression} = ${result}, which does not fit in ${type}${
        limits ? ` (it holds ${limits.min} to ${limits.max})` : ''
      }: the result wraps around to a wrong number. Use a wider type such as long long, or check before you compute.`,
    );
  },
  divide: ({ f, line, type }) =>
    stopped(
      'divide_by_zero',
      line,
      (f.rhs ?? '0') === '0'
        ? `division by zero: ${f.lhs} is divided by (or taken modulo) 0. Check the divisor is not 0 before dividing.`
        : `${f.lhs} / ${f.rhs} does not fit in ${type}: the smallest ${type} divided by -1 has no ${type} result.`,
    ),
  shift: ({ f, line, type }) => {
    const amount = Number(f.rhs ?? 0);
    const bits = num(f, 'bits');
    return stopped(
      'shift',
      line,
      amount < 0 || amount >= bits
        ? `a shift by ${amount} bits: ${type} has ${bits} bits, so a shift must be by 0 to ${bits - 1}.`
        : `${f.lhs} << ${amount} does not fit in ${type} (or shifts a negative number): shift an unsigned value instead.`,
    );
  },
  bounds: ({ f, line }) => {
    const array = typeName(f.array);
    const size = /\[(\d+)\]$/.exec(array)?.[1];
    return stopped(
      'bounds',
      line,
      `index ${f.index} is outside the array (${array})${size ? `: its indexes are 0 to ${Number(size) - 1}` : ''}.`,
    );
  },
  null: ({ f, line, type }) =>
    stopped(
      'null',
      line,
      `${f.check === '3' ? `a member is read through a NULL pointer to ${type}` : `the program ${f.check === '1' ? 'writes' : 'reads'} a ${type} through a NULL pointer`}. A function that returned NULL (nothing found, no memory) was used as if it had succeeded: check \`if (p == NULL)\` first.`,
    ),
  misaligned: ({ f, line, type }) =>
    stopped(
      'misaligned',
      line,
      `a ${type} is read at address ${f.addr}, which is not a multiple of ${f.alignment}: a pointer was cast from a type with a different layout.`,
    ),
  pointer_overflow: ({ f, line }) =>
    f.base === '0'
      ? stopped(
          'null',
          line,
          'the program indexes into a NULL pointer (an array that was never allocated, or a failed malloc). Give the pointer memory first, and check it is not NULL.',
        )
      : stopped(
          'pointer_overflow',
          line,
          'pointer arithmetic went past the end of memory (or below address 0): a pointer moved far outside its array.',
        ),
  missing_return: ({ line }) =>
    stopped(
      'missing_return',
      line,
      'a function reached its end without a return statement, but its result is used. Return a value on every path.',
    ),
  vla_bound: ({ f, line }) =>
    stopped('undefined', line, `an array is declared with size ${f.bound}: an array's size must be more than 0.`),
  null_argument: ({ f, line }) =>
    stopped(
      'null',
      line,
      `${f.function ? `\`${f.function}\`` : 'a function'} is given a NULL pointer where it needs a string or memory.`,
    ),
};

function undefinedBehaviour(report: ProblemReport): RunProblem {
  const f = report.fields;
  const line = num(f, 'line') || report.line;
  const kind = f.kind ?? '';
  if (Object.hasOwn(undefinedByKind, kind)) return undefinedByKind[kind]!({ f, line, type: typeName(f.type) });
  return stopped('undefined', line, `the program did something C leaves undefined (${f.kind}), so it was stopped.`);
}

/**
 * Every line a leak's blocks were allocated on, with how many and how many bytes: the total once, then the lines when
 * there are several ("… were never freed: 2 blocks (32 bytes) allocated on line 14; 1 block …").
 */
function leakProblem(report: ProblemReport): RunProblem {
  const f = report.fields;
  const places: { line: number; count: number; bytes: number }[] = [];
  for (let n = 1; f[n === 1 ? 'leak_line' : `leak_line${n}`] !== undefined; n++) {
    const suffix = n === 1 ? '' : String(n);
    places.push({
      line: num(f, `leak_line${suffix}`),
      count: num(f, `leak_count${suffix}`),
      bytes: num(f, `leak_bytes${suffix}`),
    });
  }
  const blocks = (count: number, bytes: number) => `${plural(count, 'block')} (${plural(bytes, 'byte')})`;
  const allocated = (line: number) => (line ? `allocated on line ${line}` : 'allocated by the C library');
  const total = num(f, 'blocks');
  const were = total === 1 ? 'was' : 'were';
  const only = places.length === 1 && places[0]!.count === total ? places[0]! : null;
  const what = only
    ? `${blocks(total, num(f, 'bytes'))} ${allocated(only.line)} ${were} never freed`
    : `${blocks(total, num(f, 'bytes'))} ${were} never freed${places.length > 0 ? `: ${places.map((p) => `${blocks(p.count, p.bytes)} ${allocated(p.line)}`).join('; ')}` : ''}`;
  return {
    kind: 'leak',
    line: num(f, 'leak_line') || null,
    fatal: false,
    message: `Memory leak: ${what}. Free each block when you no longer need it.`,
  };
}

/**
 * A value read from memory the program never wrote decided something (a branch, an index, an address, a library
 * call): told at the line that used it, with where the memory came from, as valgrind's memcheck tells it.
 */
function uninitialisedProblem(report: ProblemReport): RunProblem {
  const f = report.fields;
  const line = report.line;
  const user = f.function ? `\`${f.function}\` ${f.argument ? 'is given' : 'reads'}` : 'the program uses';
  // Clang describes a variable as "name@function" (older versions put "----" first).
  const [name, owner] = (f.variable ?? '').replace(/^-+/, '').split('@');
  const origin = f.alloc_line
    ? ` It is in the block allocated on line ${f.alloc_line}, which was never given that value: malloc's memory holds no values until you write them (calloc's holds zeros).`
    : name
      ? ` It comes from \`${name}\`${owner && owner !== name ? ` (in \`${owner === '__original_main' || owner === '__student_main' ? 'main' : owner}\`)` : ''}, which was declared without a value and not given one before this line.`
      : '';
  return {
    kind: 'uninitialised',
    line,
    fatal: true,
    message: `${at(line)}${user} a value that was never set.${origin} Give every variable a value before you use it.`,
  };
}

/** A report in words: "Line 7: the program writes …", or "The program writes …" when the line is not known. */
export function describeProblem(report: ProblemReport, code: SourceLines = []): RunProblem {
  const problem = problemOf(report, code);
  const message = problem.message
    .replace(/^(Line \d+: )([A-Z])(?=[a-z ])/, (_m, prefix: string, letter: string) => prefix + letter.toLowerCase())
    .replace(/^[a-z]/, (letter) => letter.toUpperCase());
  return { ...problem, message };
}

function problemOf(report: ProblemReport, code: SourceLines): RunProblem {
  const f = report.fields;
  switch (f.kind) {
    case 'access':
      return accessProblem(report, code);
    case 'bad_free':
      return badFree(report);
    case 'leak':
      return leakProblem(report);
    case 'null_file': {
      const line = num(f, 'line') || report.line;
      return {
        kind: 'null_file',
        line,
        fatal: true,
        message: `${at(line)}${f.function ?? 'a file function'} was given NULL instead of an open file. fopen returns NULL when it cannot open the file (no file of that name, or a name it cannot use): check \`if (file == NULL)\` right after fopen.`,
      };
    }
    case 'uninit':
      return uninitialisedProblem(report);
    case 'overlap': {
      const line = report.line;
      return {
        kind: 'overlap',
        line,
        fatal: true,
        message: `${at(line)}\`${f.function}\` copies between two ranges that overlap (${plural(num(f, 'size'), 'byte')} from ${f.from} to ${f.to}), and its result is then undefined. Use memmove, which copies overlapping ranges correctly.`,
      };
    }
    case 'file_closed': {
      const line = num(f, 'line') || report.line;
      return {
        kind: 'file_closed',
        line,
        fatal: true,
        message:
          f.function === 'fclose'
            ? `${at(line)}\`fclose\` is given a file that was already closed on line ${f.closed_line}: close each file once.`
            : `${at(line)}\`${f.function}\` uses a file that was closed on line ${f.closed_line} (it was opened on line ${f.open_line}): after fclose a file cannot be used. Close it after its last use, or open it again.`,
      };
    }
    case 'file_open':
      return {
        kind: 'file_open',
        line: num(f, 'open_line') || null,
        fatal: false,
        message: `The file opened on line ${f.open_line} was never closed: close each file with fclose when you are done with it.`,
      };
    case 'reachable':
      return {
        kind: 'reachable',
        line: null,
        fatal: false,
        message: `At the end, ${plural(num(f, 'blocks'), 'block')} (${plural(num(f, 'bytes'), 'byte')}) ${num(f, 'blocks') === 1 ? 'was' : 'were'} still in use, reachable from global variables. That is not a leak, but freeing what you allocate is a good habit.`,
      };
    case 'heap_full':
      return {
        kind: 'heap_full',
        line: num(f, 'line') || report.line,
        fatal: false,
        message: `${at(num(f, 'line') || report.line)}malloc could not give ${plural(num(f, 'size'), 'byte')}: the program already uses ${plural(num(f, 'live'), 'byte')} of the 64 MB it may. It returned NULL.`,
      };
    case 'stack_overflow': {
      const name = report.function;
      const depth = report.depth ?? 0;
      if (f.reason === 'array')
        return {
          kind: 'stack_overflow',
          line: report.line,
          fatal: true,
          message: `${at(report.line)}this variable-length array is larger than the room left on the stack (${EXERCISE_LIMITS.stackBytes / 1024 / 1024} MB for all of a program's local variables). Make a large array with malloc instead, and free it when done.`,
        };
      return {
        kind: 'stack_overflow',
        line: report.line,
        fatal: true,
        message: name
          ? `${at(report.line)}the function \`${name}\` called itself ${depth > 1 ? `${depth.toLocaleString('en')} deep ` : ''}without stopping, until the stack ran out. A recursive function needs a case that returns without calling itself (the base case), and each call must come closer to it.`
          : `${at(report.line)}the calls went so deep that the stack ran out. Is a recursion missing its base case?`,
      };
    }
    default:
      return undefinedBehaviour(report);
  }
}
