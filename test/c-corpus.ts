/**
 * The corpus of C programs with known bugs and tricky correct ones (test/c-corpus/*.c), read with what each must
 * report, and the check of one grader result against it. The corpus test and the bench both use it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompileResult, RunOutcome } from '../src/contracts/exercises/results.js';

export interface CorpusProgram {
  file: string;
  code: string;
  stdin: string;
  /** A problem kind (src/contracts/run-problems.ts), 'leak', 'warning' (the compiler's), or 'clean'. */
  expect: string;
  line: number | null;
  /** A name the student's words must give (`memcpy`, `votes`): the call or the variable, never the runtime's own. */
  names: string | null;
}

const DIR = new URL('./c-corpus/', import.meta.url);

export function readCorpus(): CorpusProgram[] {
  const dir = DIR.pathname;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.c'))
    .sort()
    .map((file) => {
      const code = readFileSync(join(dir, file), 'utf8');
      const header = /^\/\/ expect: (\w+)(?: line (\d+))?(?: (\w+))?/.exec(code);
      if (!header) throw new Error(`${file}: the first line must say what to expect`);
      const stdin = /^\/\/ stdin: (.*)$/m.exec(code.split('\n').slice(1, 2).join('\n'))?.[1] ?? '';
      return {
        file,
        code,
        stdin: stdin ? `${stdin}\n` : '',
        expect: header[1]!,
        line: header[2] ? Number(header[2]) : null,
        names: header[3] ?? null,
      };
    });
}

/** Whether a result is what the program's header says; the reason when it is not. */
export function judgeCorpus(
  program: CorpusProgram,
  result: { compile: CompileResult; run: RunOutcome | null },
): { ok: boolean; named: boolean; falseAlarm: boolean; why: string } {
  const { compile, run } = result;
  const seen = run
    ? `${run.status} ${run.problem ?? '-'} line ${run.line ?? '-'}: ${run.message ?? ''} ${run.warnings.join(' ')}`
    : `compile: ${JSON.stringify(compile.diagnostics)}`;
  if (program.expect === 'clean') {
    const clean = compile.ok && run?.status === 'ok' && run.warnings.length === 0;
    return { ok: clean, named: false, falseAlarm: !clean, why: clean ? '' : seen };
  }
  if (program.expect === 'warning') {
    const warned = compile.diagnostics.some((d) => d.severity === 'warning' && d.line === program.line);
    return { ok: warned, named: warned, falseAlarm: false, why: warned ? '' : seen };
  }
  if (program.expect === 'leak') {
    const told = !!run?.warnings.some((w) => w.includes(`allocated on line ${program.line}`));
    return { ok: told, named: told, falseAlarm: false, why: told ? '' : seen };
  }
  if (program.expect === 'file_open') {
    const told = !!run?.warnings.some((w) => w.startsWith(`The file opened on line ${program.line} was never closed`));
    return { ok: told, named: told, falseAlarm: false, why: told ? '' : seen };
  }
  const named =
    !!run &&
    run.problem === program.expect &&
    run.line === program.line &&
    (!program.names || (run.message ?? '').includes(`\`${program.names}\``));
  return { ok: named, named, falseAlarm: false, why: named ? '' : seen };
}
