/**
 * The checks' headers (checks/include) make each call the student writes to an allocation or file function a call
 * to the checks runtime's own, with the call's line first (`free(p)` is `__checks_free(__LINE__, p)`), so a report
 * can say "allocated on line 6". Clang, like gcc, makes `__LINE__` in a macro the line its use ends on; gcc's
 * sanitizers, valgrind and the runtime's own reports name the line a call starts on. In the compiler's textual IR
 * (between its front end and its passes) each such call carries its debug location, the line it starts on: the
 * line passed is set to that.
 */

/** The runtime's functions that take the student's line first. */
export const LINED_CALLS = [
  'malloc',
  'calloc',
  'realloc',
  'free',
  'strdup',
  'strndup',
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
  'fopen',
  'fclose',
  'fseek',
  'ftell',
  'rewind',
  'feof',
  'ferror',
];

const LOCATION = /^!(\d+) = !DILocation\(line: (\d+),/gm;
const CALL = new RegExp(`(@__checks_(?:${LINED_CALLS.join('|')})\\(i32 (?:noundef )?)\\d+(?=,.*, !dbg !(\\d+)$)`, 'gm');

export function callLinesAsStarted(ir: string): string {
  const lines = new Map<string, string>();
  for (const [, id, line] of ir.matchAll(LOCATION)) lines.set(id!, line!);
  return ir.replace(CALL, (call: string, head: string, id: string) => {
    const line = lines.get(id);
    return line === undefined ? call : `${head}${line}`;
  });
}
