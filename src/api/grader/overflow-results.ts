/**
 * UndefinedBehaviorSanitizer checks `a + b` on signed ints by computing it with an overflow intrinsic, and marks
 * everything it emits `!nosanitize`, the result included. MemorySanitizer takes a `!nosanitize` value as written: a
 * sum of a variable never set would come out "set", and `int sum; … sum += a[i]; printf("%d", sum)` would print
 * garbage unnoticed. In the compiler's textual IR (between its front end and its passes) the intrinsic's call and its
 * result lose the mark, so MemorySanitizer follows the sum; the overflow bit and the check's branch keep it, so the
 * check itself is never taken for a use of an unset value.
 */
const OVERFLOW_CALL = /^\s*(%[\w.]+) = call \{ i\d+, i1 \} @llvm\.[su](?:add|sub|mul)\.with\.overflow\./;
const RESULT = /^\s*%[\w.]+ = extractvalue \{ i\d+, i1 \} (%[\w.]+), 0(?:,|$)/;
const MARK = /, !nosanitize !\d+/;

export function keepOverflowResults(ir: string): string {
  const calls = new Set<string>();
  return ir
    .split('\n')
    .map((line) => {
      const call = OVERFLOW_CALL.exec(line);
      if (call) {
        calls.add(call[1]!);
        return line.replace(MARK, '');
      }
      const result = RESULT.exec(line);
      return result && calls.has(result[1]!) ? line.replace(MARK, '') : line;
    })
    .join('\n');
}
