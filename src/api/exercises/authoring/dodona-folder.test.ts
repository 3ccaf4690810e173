import { describe, expect, it } from 'vitest';
import { dodonaFixtureFiles } from '../../../../test/dodona-fixture.js';
import { readDodonaFolders } from './dodona-folder.js';

const CHOOSE_THE_FOLDER_ABOVE =
  'its programming language is not given: it may be set in a dirconfig.json of a folder above it; choose that folder instead';

/** An exercise folder `root` with a TESTed suite of this name and text, and any other files. */
function exercise(root: string, suiteName: string, suite: string, more: Record<string, string> = {}) {
  const files = {
    'config.json': JSON.stringify({
      programming_language: 'c',
      evaluation: { handler: 'TESTed', test_suite: suiteName },
    }),
    'description/description.en.md': 'Copy the file.',
    [`evaluation/${suiteName}`]: suite,
    ...more,
  };
  return Object.entries(files).map(([path, content]) => ({ path: `${root}/${path}`, content }));
}

describe('Dodona exercise folders', () => {
  const { programs, skipped } = readDodonaFolders(dodonaFixtureFiles());

  it('imports the C exercises with TESTed stdin/stdout tests, with their description, starter and solution', () => {
    expect(programs.map((p) => p.task.split('\n')[0])).toEqual(['Count the passes', 'Sum of two numbers']);
    const sum = programs[1]!;
    expect(sum.task).toContain('Read two whole numbers from standard input');
    expect(sum.starter_code).toContain('int main(int argc, char **argv)');
    expect(sum.reference_solution).toContain('toupper');
    expect(sum.topic).toBe('Input and output');
    expect(sum.tests).toMatchObject([
      { stdin: '2 3', expected_output: '5', visible: true, checker: 'trimmed', args: [] },
      { stdin: '10\n-4\n', expected_output: '6', visible: true },
      { stdin: '1 1', expected_output: 'total\n2', checker: 'ignore_case', args: ['total'] },
      // A hidden tab; its input read from the evaluation folder's workdir (TESTed's !path), which every test has.
      { stdin: '1000000 2345678\n', expected_output: '3345678', visible: false, files: [{ name: 'big.txt' }] },
    ]);
    const files = programs[0]!;
    expect(files.tests).toMatchObject([
      {
        files: [{ name: 'marks.txt', content: '72\n35\n40\n' }],
        expected_output: '2 passed',
        expected_files: [{ name: 'report.txt', content: 'pass\nfail\npass\n' }],
      },
    ]);
  });

  it('leaves out, with the reason, what does not map: another language, tests of calls and return values', () => {
    expect(skipped).toEqual([
      {
        name: 'dodona/max-function',
        reason: "a test uses “expression”, which a C program's standard input and output cannot check",
      },
      { name: 'dodona/python-echo', reason: 'it is written for python, not C' },
    ]);
  });

  it('says what is wrong with a folder that is not an exercise, or a suite that is not YAML', () => {
    expect(readDodonaFolders([{ path: 'x/readme.md', content: 'hi' }]).skipped).toEqual([
      { name: 'the folder', reason: 'it has no config.json: choose a Dodona exercise folder' },
    ]);
    const broken = readDodonaFolders([
      { path: 'e/config.json', content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
      { path: 'e/description/description.en.md', content: 'Task' },
      { path: 'e/evaluation/suite.yaml', content: '- tab: [unclosed' },
    ]);
    expect(broken.skipped[0]?.reason).toMatch(/^its test suite is not valid YAML/);
    const notJson = readDodonaFolders([{ path: 'e/config.json', content: '{' }]);
    expect(notJson.skipped).toEqual([{ name: 'e', reason: 'config.json is not a JSON object' }]);
    const otherJudge = readDodonaFolders([
      { path: 'e/config.json', content: '{"programming_language":"c","evaluation":{"handler":"c"}}' },
    ]);
    expect(otherJudge.skipped[0]?.reason).toBe('it is judged by c; only TESTed test suites map');
  });

  it('reads hostile folders without harm: no prototype reached, odd types and deep nesting left out with a reason', () => {
    const polluting = readDodonaFolders([
      {
        path: 'p/dirconfig.json',
        content: '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"x": 1}}}',
      },
      { path: 'p/e/config.json', content: '{"__proto__": {"programming_language": "c"}, "evaluation": {}}' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).programming_language).toBeUndefined();
    expect(polluting.skipped).toEqual([
      { name: 'p/e', reason: 'its programming language is not given, so it is not C' },
    ]);
    const odd = readDodonaFolders([
      {
        path: 'o/config.json',
        content: '{"programming_language": {"toString": 1}, "evaluation": {"handler": {"toString": 1}}}',
      },
    ]);
    expect(odd.skipped).toEqual([{ name: 'o', reason: CHOOSE_THE_FOLDER_ABOVE }]);
    const args = readDodonaFolders([
      { path: 'a/config.json', content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
      { path: 'a/description/description.en.md', content: 'Task' },
      {
        path: 'a/evaluation/suite.yaml',
        content: '- tab: T\n  testcases:\n    - arguments: [{toString: 1}]\n      stdout: x\n',
      },
    ]);
    expect(args.skipped[0]?.reason).toBe("a test's argument is not text or a number");
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const nested = readDodonaFolders([
      { path: 'd/dirconfig.json', content: deep },
      { path: 'd/e/config.json', content: deep },
    ]);
    expect(nested.skipped).toHaveLength(1);
    expect(nested.skipped[0]?.name).toBe('d/e');
  });

  // About 3 s alone on the 2-core machine, more than the default 5 s once when the grader's tests shared it: the
  // limit guards against a reader that blows up on a large suite, not a speed goal.
  it(
    'reads a suite in time that grows with its size: a key given many times, lists named by aliases',
    {
      timeout: 20_000,
    },
    () => {
      const exercise = (suite: string, root = 'e') => [
        { path: `${root}/config.json`, content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
        { path: `${root}/description/description.en.md`, content: 'Task' },
        { path: `${root}/evaluation/suite.yaml`, content: suite },
      ];
      // A test with 50,000 keys it does not use, one of them twice: the last value counts, as in TESTed's reader.
      const keys = Array.from({ length: 50_000 }, (_, i) => `      k${i}: ${i}\n`).join('');
      const wide = readDodonaFolders(
        exercise(`- tab: T\n  testcases:\n    - stdin: "1"\n${keys}      stdout: "no"\n      stdout: "2"\n`),
      );
      expect(wide.programs[0]!.tests).toMatchObject([{ stdin: '1', expected_output: '2' }]);
      // One list of 10 tests named by 8 aliases (as many as YAML's own guard lets by): reading stops past 50.
      const tests = Array.from({ length: 10 }, (_, i) => `    - stdin: "${i}"\n      stdout: "${i}"\n`).join('');
      const aliases = Array.from({ length: 8 }, () => '- tab: U\n  testcases: *tests\n').join('');
      expect(readDodonaFolders(exercise(`- tab: T\n  testcases: &tests\n${tests}${aliases}`)).skipped).toEqual([
        { name: 'e', reason: 'it has more than 50 test cases, the most a program takes' },
      ]);
      const files = Array.from({ length: 6 }, (_, i) => `      - {path: f${i}.txt, content: x}\n`).join('');
      expect(readDodonaFolders(exercise(`- tab: T\n  input_files:\n${files}  testcases:\n${tests}`)).skipped).toEqual([
        { name: 'e', reason: 'a test is given more than 5 input files' },
      ]);
    },
  );

  it('reads each dirconfig.json once, for every exercise below it, however deep', () => {
    const deep = `top/${'d/'.repeat(200)}`;
    const folder = [
      {
        path: 'top/dirconfig.json',
        content: '{"programming_language":"c","evaluation":{"handler":"TESTed"},"labels":[1,"Loops"]}',
      },
      { path: `${deep}dirconfig.json`, content: '{"description":{"names":{"en":"Counting"}}}' },
      { path: 'top/broken/dirconfig.json', content: '[' },
    ];
    for (const root of [`${deep}a`, `${deep}b`, 'top/broken/c']) {
      folder.push(
        { path: `${root}/config.json`, content: '{}' },
        { path: `${root}/description/description.en.md`, content: 'Count.' },
        { path: `${root}/evaluation/suite.yaml`, content: '- tab: T\n  testcases:\n    - stdout: "1"\n' },
      );
    }
    const { programs, skipped } = readDodonaFolders(folder);
    expect(programs.map((p) => [p.task, p.topic])).toEqual([
      ['Counting\n\nCount.', 'Loops'],
      ['Counting\n\nCount.', 'Loops'],
    ]);
    expect(skipped).toEqual([{ name: 'top/broken/c', reason: 'top/broken/dirconfig.json is not a JSON object' }]);
  });

  it('reads TESTed’s JSON suite: main calls with stdin, arguments, output, output files and exit code 0', () => {
    const suite = {
      tabs: [
        {
          name: 'Feedback',
          contexts: [
            {
              testcases: [
                {
                  input: { main_call: true, stdin: { type: 'text', data: '2 3\n' }, arguments: ['sum'] },
                  output: {
                    stdout: {
                      type: 'text',
                      data: 'SUM 5\n',
                      oracle: { type: 'builtin', name: 'text', options: { caseInsensitive: true } },
                    },
                    exit_code: { value: 0 },
                  },
                },
              ],
            },
          ],
        },
        {
          name: 'Files',
          hidden: true,
          contexts: [
            {
              testcases: [
                {
                  input: { main_call: true, stdin: { type: 'file', data: 'numbers.txt' }, arguments: [] },
                  output: {
                    stdout: 'ignored',
                    file: { expected_path: 'expected.txt', actual_path: 'out.txt' },
                    exit_code: 'ignored',
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const { programs, skipped } = readDodonaFolders(
      exercise('json', 'suite.json', JSON.stringify(suite), {
        'evaluation/workdir/numbers.txt': '4 5\n',
        'evaluation/expected.txt': '9\n',
      }),
    );
    expect(skipped).toEqual([]);
    expect(programs[0]!.tests).toMatchObject([
      {
        stdin: '2 3\n',
        args: ['sum'],
        expected_output: 'SUM 5\n',
        checker: 'ignore_case',
        visible: true,
        // The workdir is in the folder of every test.
        files: [{ name: 'numbers.txt', content: '4 5\n' }],
        expected_files: [],
      },
      {
        stdin: '4 5\n',
        checker: 'ignore',
        visible: false,
        files: [{ name: 'numbers.txt', content: '4 5\n' }],
        expected_files: [{ name: 'out.txt', content: '9\n' }],
      },
    ]);
  });

  it('maps a YAML `file` check to an expected file, and gives the workdir to every test', () => {
    const yaml = [
      '- tab: Files',
      '  testcases:',
      '    - arguments: [in.txt]',
      '      input_files: [{ path: in.txt, content: "own" }]',
      '      file: { content: expected.txt, location: out.txt }',
      '    - stdin: "1"',
      '      stdout: "1"',
      '      exit_code: 0',
    ].join('\n');
    const { programs, skipped } = readDodonaFolders(
      exercise('yaml', 'suite.yaml', yaml, {
        'evaluation/expected.txt': 'done\n',
        'evaluation/workdir/in.txt': 'shared',
        'evaluation/workdir/table.csv': 'a,b\n',
      }),
    );
    expect(skipped).toEqual([]);
    expect(programs[0]!.tests).toMatchObject([
      {
        // A test's own input file stands in for the workdir's of the same name.
        files: [
          { name: 'in.txt', content: 'own' },
          { name: 'table.csv', content: 'a,b\n' },
        ],
        expected_files: [{ name: 'out.txt', content: 'done\n' }],
        checker: 'ignore',
      },
      { stdin: '1', expected_output: '1', files: [{ name: 'in.txt' }, { name: 'table.csv' }] },
    ]);
  });

  it('leaves out with the reason a test of another exit code or of standard error, and a workdir it cannot give', () => {
    const reasonFor = (suite: string, more: Record<string, string> = {}) =>
      readDodonaFolders(exercise('e', 'suite.yaml', suite, more)).skipped[0]?.reason;
    expect(reasonFor('- tab: T\n  testcases:\n    - stdin: x\n      exit_code: 3\n')).toBe(
      'a test expects exit code 3; a test here passes only when the program ends with 0',
    );
    expect(
      reasonFor(
        JSON.stringify({
          tabs: [
            {
              name: 'T',
              contexts: [{ testcases: [{ input: { main_call: true }, output: { exit_code: { value: 1 } } }] }],
            },
          ],
        }),
      ),
    ).toBe('a test expects exit code 1; a test here passes only when the program ends with 0');
    expect(reasonFor('- tab: T\n  testcases:\n    - stdin: x\n      stderr: oops\n')).toBe(
      "a test uses “stderr”, which a C program's standard input and output cannot check",
    );
    const call = JSON.stringify({
      tabs: [{ name: 'T', contexts: [{ testcases: [{ input: { type: 'function', name: 'f' }, output: {} }] }] }],
    });
    expect(reasonFor(call)).toBe(
      "a test uses “expression”, which a C program's standard input and output cannot check",
    );
    const ok = '- tab: T\n  testcases:\n    - stdin: x\n      stdout: x\n';
    expect(reasonFor(ok, { 'evaluation/workdir/data/a.txt': 'a' })).toBe(
      "its workdir has a folder (data); a program's folder here has none",
    );
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`evaluation/workdir/f${i}.txt`, 'x']));
    expect(reasonFor(ok, six)).toBe('its workdir holds 6 files; a test here is given at most 5');
    expect(reasonFor('- tab: T\n  testcases:\n    - file: { content: missing.txt, location: o.txt }\n')).toBe(
      'it names missing.txt, which is not in its evaluation folder',
    );
  });

  it('an exercise chosen without the folder above it, whose dirconfig.json gives its language, says to choose that', () => {
    const files = exercise('course/sum', 'suite.yaml', '- tab: T\n  testcases:\n    - stdin: x\n      stdout: x\n');
    const config = files.find((file) => file.path.endsWith('config.json'))!;
    config.content = JSON.stringify({ evaluation: { test_suite: 'suite.yaml' } });
    expect(readDodonaFolders(files).skipped).toEqual([{ name: 'course/sum', reason: CHOOSE_THE_FOLDER_ABOVE }]);
    // With the folder above it, its dirconfig.json says the language and the judge.
    const withParent = [
      ...files,
      { path: 'course/dirconfig.json', content: '{"programming_language":"c","evaluation":{"handler":"TESTed"}}' },
    ];
    expect(readDodonaFolders(withParent)).toMatchObject({ programs: [{ task: 'Copy the file.' }], skipped: [] });
  });
});
