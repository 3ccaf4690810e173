import { describe, expect, it } from 'vitest';
import { dodonaFixtureFiles } from '../../../test/dodona-fixture.js';
import { readDodonaFolders } from './dodona-folder.js';

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
      // A hidden tab; its input read from the evaluation folder's workdir (TESTed's !path).
      { stdin: '1000000 2345678\n', expected_output: '3345678', visible: false },
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
    expect(polluting.skipped).toEqual([{ name: 'p/e', reason: 'it is written for no language given, not C' }]);
    const odd = readDodonaFolders([
      {
        path: 'o/config.json',
        content: '{"programming_language": {"toString": 1}, "evaluation": {"handler": {"toString": 1}}}',
      },
    ]);
    expect(odd.skipped).toEqual([{ name: 'o', reason: 'it is written for no language given, not C' }]);
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

  it('reads a suite in time that grows with its size: a key given many times, lists named by aliases', () => {
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
  });

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
});
