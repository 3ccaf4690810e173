/**
 * Large import files, made the way their programs write them, for the import's API tests and its bench: a Moodle
 * XML export of CodeRunner C questions (each test's input and output in CDATA, as Moodle writes them) and a folder
 * of Dodona exercises with TESTed suites.
 */

const SOLUTION =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a + b);\n  return 0;\n}\n';

/** `text` in CDATA, as Moodle writes a field that holds markup or code. */
const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** One CodeRunner test: `padding` characters of input after the two numbers, so a file reaches the size wanted. */
function testcase(question: number, test: number, padding: number): string {
  const a = question * 1000 + test;
  const stdin = `${a} ${test}\n${'#'.repeat(padding)}`;
  return `      <testcase testtype="0" useasexample="${test === 0 ? 1 : 0}" hiderestiffail="0" mark="1.0000000">
        <testcode><text></text></testcode>
        <stdin><text>${cdata(stdin)}</text></stdin>
        <expected><text>${cdata(`${a + test}\n`)}</text></expected>
        <extra><text></text></extra>
        <display><text>${test % 5 === 4 ? 'HIDE' : 'SHOW'}</text></display>
      </testcase>`;
}

/** A Moodle XML export of `questions` CodeRunner c_program questions with `tests` tests each. */
export function codeRunnerExport(questions: number, tests: number, padding = 0): string {
  const body = Array.from({ length: questions }, (_, q) => {
    const cases = Array.from({ length: tests }, (_, t) => testcase(q, t, padding)).join('\n');
    return `  <question type="coderunner">
    <name><text>Sum ${q + 1}</text></name>
    <questiontext format="html"><text>${cdata(`<p>Read two whole numbers and print their sum (question ${q + 1}).</p>`)}</text></questiontext>
    <coderunnertype>c_program</coderunnertype>
    <answerpreload>${cdata('#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n')}</answerpreload>
    <template></template>
    <iscombinatortemplate></iscombinatortemplate>
    <grader>EqualityGrader</grader>
    <answer>${cdata(SOLUTION)}</answer>
    <testcases>
${cases}
    </testcases>
  </question>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}\n</quiz>\n`;
}

/** A folder of `exercises` Dodona C exercises, each with a TESTed suite of `tests` stdin/stdout tests. */
export function dodonaFolder(exercises: number, tests: number, padding = 0): { path: string; content: string }[] {
  const files = [
    {
      path: 'bank/dirconfig.json',
      content: JSON.stringify({ programming_language: 'c', evaluation: { handler: 'TESTed' } }),
    },
  ];
  for (let e = 0; e < exercises; e += 1) {
    const root = `bank/sum-${e + 1}`;
    const cases = Array.from({ length: tests }, (_, t) => {
      const a = e * 1000 + t;
      // A literal block keeps the padding's characters as they are.
      return `      - stdin: |\n          ${a} ${t}\n          ${'#'.repeat(padding)}\n        stdout: "${a + t}"`;
    }).join('\n');
    files.push(
      { path: `${root}/config.json`, content: JSON.stringify({ labels: ['Input and output'] }) },
      {
        path: `${root}/description/description.en.md`,
        content: `# Sum ${e + 1}\n\nRead two numbers; print their sum.\n`,
      },
      { path: `${root}/solution/solution.c`, content: SOLUTION },
      { path: `${root}/evaluation/suite.yaml`, content: `- tab: Sums\n  testcases:\n${cases}\n` },
    );
  }
  return files;
}
