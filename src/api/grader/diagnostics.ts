import type { CompileResult, Diagnostic } from '../../contracts/exercises/results.js';
import { LINED_CALLS } from './call-lines.js';

const SOURCE_LINE = /^main\.c:(\d+):(\d+): (fatal error|error|warning|note): (.*)$/;
const TOOL_ERROR = /^(?:wasm-ld|clang|clang-\d+): error: (.*)$/;

/** The compiler's messages about the student's file, with line numbers; linker errors point at line 1. */
export function parseDiagnostics(output: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const source = SOURCE_LINE.exec(line);
    if (source) {
      const severity = source[3] === 'fatal error' ? 'error' : (source[3] as Diagnostic['severity']);
      diagnostics.push({ line: Number(source[1]), column: Number(source[2]), severity, message: source[4]! });
      continue;
    }
    const tool = TOOL_ERROR.exec(line);
    if (tool) {
      const message = tool[1]!
        .replace(/^main\.o: |^[^:]*main-[0-9a-f]+\.o: /, '')
        .replace(/^undefined symbol: (\w+)$/, 'undefined symbol: $1 (is a function missing, or misspelled?)');
      if (!/linker command failed/.test(message)) diagnostics.push({ line: 1, column: 1, severity: 'error', message });
    }
  }
  return diagnostics.slice(0, 200);
}

/** The functions of the checks runtime the checks' headers call in place of the student's (checks/include). */
const CHECKS_FUNCTION = new RegExp(`__checks_(${[...LINED_CALLS, 'memcpy'].join('|')})\\b`, 'g');

/** The compiler's words about a call the checks' headers redirected, with the name the student wrote. */
export function originalNames(message: string): string {
  return message.replaceAll(CHECKS_FUNCTION, '$1');
}

/**
 * The compiler's words without what it says about the checks' own headers (checks/include): a warning inside a
 * macro they define is the student's, told at the student's line; "expanded from macro" notes pointing into the
 * headers, with the lines they quote, would only confuse.
 */
export function withoutChecksNotes(output: string): string {
  const kept: string[] = [];
  let skipping = false;
  for (const line of output.split('\n')) {
    if (/^checks-include\/[\w.]+:\d+:\d+: note: /.test(line) || /^note: \(skipping \d+ expansions/.test(line)) {
      skipping = true;
      continue;
    }
    if (skipping && /^\s*(\d+\s*)?\|/.test(line)) continue;
    skipping = false;
    kept.push(line);
  }
  return kept.join('\n');
}

/** A compile that failed before the compiler could say why (a cap, a crash): one error on line 1. */
export function compileError(message: string, output = message): CompileResult {
  return { ok: false, diagnostics: [{ line: 1, column: 1, severity: 'error', message }], output };
}
