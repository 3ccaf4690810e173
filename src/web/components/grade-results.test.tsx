import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type GradeResult, gradeResultSchema, type RunOutcome } from '../../contracts/exercises/results';
import { GradeTable, RunOutput } from './grade-results';

const failedTest = (extra: Partial<GradeResult['tests'][number]>) =>
  gradeResultSchema.parse({
    compile: { ok: true, diagnostics: [], output: '' },
    score: 0,
    total: 1,
    tests: [
      {
        index: 0,
        visible: true,
        points: 1,
        verdict: 'wrong_answer',
        time_ms: 3,
        message: null,
        stdin: '',
        expected_output: 'ravi pass\n',
        actual_output: 'ravi fail\n',
        ...extra,
      },
    ],
  });

describe('the results of a run and of the tests', () => {
  it('say a test read a file, not the keyboard, and show the file and the arguments', () => {
    const markup = renderToStaticMarkup(
      <GradeTable
        result={failedTest({ input_files: [{ name: 'marks.txt', content: 'ravi 35\n' }], args: ['-n', 'two words'] })}
      />,
    );
    expect(markup).toContain('(nothing typed: the program reads the input file below)');
    expect(markup).not.toContain('(none)');
    expect(markup).toContain('aria-label="Input file marks.txt"');
    expect(markup).toContain('ravi 35');
    expect(markup).toContain('Arguments: <code>-n &quot;two words&quot;</code>');
  });

  it('say "(none)" for a test given nothing at all (a result stored before files were kept reads the same)', () => {
    expect(renderToStaticMarkup(<GradeTable result={failedTest({})} />)).toContain('(none)');
  });

  it('show a message’s `code` as code, never as backticks or HTML', () => {
    const run: RunOutcome = {
      status: 'runtime_error',
      exit_code: null,
      stdout: '',
      stderr: '',
      time_ms: 1,
      message: 'Line 8: past the end (one step too far: `i <= n` on line 7, where `<` was meant?).',
      line: 8,
      problem: 'heap_overflow',
      warnings: ['Memory leak: 1 block (16 bytes) allocated on line 3 was never freed. Use `free(p)` <b>now</b>.'],
      leaked: true,
      files: [],
    };
    const markup = renderToStaticMarkup(<RunOutput run={run} />);
    expect(markup).toContain('<code class="inline-code">i &lt;= n</code>');
    expect(markup).toContain('<code class="inline-code">free(p)</code>');
    expect(markup).toContain('&lt;b&gt;now&lt;/b&gt;');
    expect(markup).not.toContain('`');
  });
});
