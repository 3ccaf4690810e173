import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  adminHeaders,
  apiStudent,
  linkFromOutbox,
  signInAsTeacher,
  newEmail,
  okJson,
  placePaidStudent,
  signInWithToken,
  signUp,
  uniqueNumber,
} from './accounts.js';
import { expect, open, saveScreenshot, test } from './fixtures.js';
import { ownSiteTest } from './own-site.js';

const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';

/** Prints the area of a circle whose radius is argv[1], to 4 places. */
const AREA =
  '#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) {\n  if (argc < 2) return 1;\n  double r = atof(argv[1]);\n  printf("Area: %.4f\\n", 3.14159265 * r * r);\n  return 0;\n}\n';

/** Reads names and marks from marks.txt, writes pass or fail for each to report.txt, prints how many passed. */
const MARKS = `#include <stdio.h>
int main(void) {
  FILE *in = fopen("marks.txt", "r");
  FILE *out = fopen("report.txt", "w");
  if (in == NULL || out == NULL) return 1;
  char name[64];
  int mark, passed = 0;
  while (fscanf(in, "%63s %d", name, &mark) == 2) {
    fprintf(out, "%s %s\\n", name, mark >= 40 ? "pass" : "fail");
    if (mark >= 40) passed++;
  }
  fclose(in);
  fclose(out);
  printf("%d passed\\n", passed);
  return 0;
}
`;

/** Replaces the editor's text, as a paste would (typing key by key would meet the editor's auto-closing brackets). */
async function setCode(page: Page, code: string) {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

/** A paid student signed up in `page` with a new program (these test cases) sent, open in the editor. */
async function studentInEditor(
  page: Page,
  request: APIRequestContext,
  task: string,
  tests: { stdin: string; expected_output: string; visible: boolean; points: number }[],
) {
  const programNumber = uniqueNumber();
  const admin = (await (await request.post('/students/login', { data: ADMIN })).json()).meta.token as string;
  const headers = { authorization: `Bearer ${admin}` };
  const program = await request.post('/programs/', { headers, data: { program_number: programNumber, task } });
  expect(program.status()).toBe(201);
  const programId = (await program.json()).id as number;
  expect(
    (
      await request.put(`/api/v1/programs/${programId}/exercise`, {
        headers,
        data: { starter_code: '#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n', tests },
      })
    ).ok(),
  ).toBe(true);

  const email = newEmail('coder');
  await signUp(page, email);
  await open(page, (await linkFromOutbox(request, email, /Verify your email/)).replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email Verification Success !')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const me = (await (
    await request.get('/students/profile', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number };
  expect((await request.patch(`/students/${me.id}`, { headers, data: { student_status: 1 } })).ok()).toBe(true);
  expect(
    (
      await request.post('/student_programs/', {
        headers,
        data: { student_id: me.id, program_number: programNumber, task, solution: '' },
      })
    ).status(),
  ).toBe(201);

  await open(page, '/DashPage/myprogs');
  const card = page.locator('li.card', { hasText: `Program ${programNumber}` });
  // With test cases, the card and the editor agree: submitted in the editor, graded at once.
  await expect(card).toContainText('it is graded at once against the test cases');
  await card.getByRole('link', { name: 'Open in the editor' }).click();
  await expect(page.getByRole('button', { name: 'Hand in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Program ${programNumber}` })).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('int main(void)');
  return { programNumber, email };
}

/** The teacher, signed in in a context of their own, on Live supervision of a program. */
async function teacherSupervising(browser: Browser, page: Page, programNumber: number) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const teacher = await context.newPage();
  await signInAsTeacher(teacher);
  await expect(teacher.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await teacher.getByRole('button', { name: 'Live supervision' }).click();
  await teacher.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
  return { teacher, context };
}

test.describe('C exercises in the browser', () => {
  test.setTimeout(180_000);

  test('a student writes, runs and submits a program and sees the score, while the teacher supervises and comments', async ({
    page,
    request,
    browser,
  }, info) => {
    const { programNumber, email } = await studentInEditor(page, request, 'Read two integers and print their sum.', [
      { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 2 },
      { stdin: '-7 -8\n', expected_output: '-15\n', visible: false, points: 3 },
    ]);

    // A mistake: the compiler's error comes back with its line, in the list and in the editor.
    await setCode(page, '#include <stdio.h>\nint main(void) {\n  printf("%d\\n", total);\n  return 0;\n}\n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // Compiling takes a moment (longer on a busy machine, or while the server is still loading Clang).
    await expect(page.getByText('The program did not compile')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.diagnostics')).toContainText("Line 3: error — use of undeclared identifier 'total'");
    await expect(page.locator('.cm-lintRange-error')).not.toHaveCount(0);

    await setCode(page, SUM);
    await page.getByLabel('Input for Run').fill('40 2');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.locator('.run-output')).toContainText('Finished · exit code 0', { timeout: 30_000 });
    await expect(page.locator('.run-output pre').first()).toHaveText('42\n');
    await saveScreenshot(page, 'program-run', info.project.name);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 5 / 5', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.test-result')).toHaveCount(2);
    await expect(page.locator('.test-result').nth(1)).toContainText('hidden test');
    await expect(page.getByText('Best score: 5 / 5')).toBeVisible();
    await saveScreenshot(page, 'program-submitted', info.project.name);

    // The draft autosaves and survives a reload.
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('// still thinking\n');
    await expect(page.getByText(/Draft saved at/)).toBeVisible({ timeout: 10_000 });

    // Meanwhile the teacher's supervision panel shows the student and their score, and the teacher comments.
    const { teacher, context: adminContext } = await teacherSupervising(browser, page, programNumber);
    const row = teacher.locator('tr', { hasText: email });
    await expect(row).toContainText('Submitted: 5/5');
    await expect(row).toContainText('5 / 5');
    await row.getByRole('button', { name: 'Open code' }).click();
    await expect(teacher.locator('.code-lines')).toContainText('// still thinking');
    await teacher.getByRole('button', { name: 'Line 5' }).click();
    await teacher.getByLabel('Comment').fill('Good. What if the input has letters?');
    await teacher.getByRole('button', { name: 'Add comment' }).click();
    await expect(teacher.locator('section[aria-label^="Code of"]')).toContainText(
      'Line 5: Good. What if the input has letters?',
    );
    await saveScreenshot(teacher, 'admin-supervision', info.project.name);
    await adminContext.close();

    await page.reload();
    await expect(page.locator('.cm-content')).toContainText('// still thinking');
    await expect(page.getByText('Comments from your teacher')).toBeVisible();
    await expect(page.getByText('Line 5: Good. What if the input has letters?')).toBeVisible();

    // A line written above it: the comment moves down with the line it was written on.
    const comments = page.locator('.alert', { hasText: 'Comments from your teacher' });
    // Typed, autosaved (the draft's PUT answered), then read again as the student opens it next time.
    const typeAndSave = async (keys: () => Promise<void>) => {
      const put = page.waitForResponse((r) => r.url().endsWith('/draft') && r.request().method() === 'PUT');
      await page.locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+Home');
      await keys();
      expect((await put).ok()).toBe(true);
      await page.reload();
      await expect(page.getByText('Comments from your teacher')).toBeVisible();
    };
    await typeAndSave(() => page.keyboard.insertText('// Sum of two numbers\n'));
    await expect(comments.getByText('Line 6: Good. What if the input has letters?')).toBeVisible();
    // That line changed: the comment says it is outdated, and what the line read when it was written.
    await typeAndSave(async () => {
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.insertText(' // changed');
    });
    const outdated = comments.getByRole('listitem').filter({ hasText: 'Good. What if the input has letters?' });
    await expect(outdated).toContainText(/^OutdatedLine 5 of the draft read “.+”, and has changed since\. Good\./);
    await expect(comments.getByText(/^Line \d+: Good\./)).toHaveCount(0);
    await saveScreenshot(page, 'program-comment-outdated', info.project.name);
  });

  test('a heap overflow is named at its line, in the student’s editor and in the teacher’s live supervision', async ({
    page,
    request,
    browser,
  }, info) => {
    const { programNumber, email } = await studentInEditor(page, request, 'Store the marks of n students.', [
      { stdin: '5\n', expected_output: '0\n', visible: true, points: 1 },
    ]);
    await setCode(
      page,
      [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        'int main(void) {',
        '  int n;',
        '  if (scanf("%d", &n) != 1) return 1;',
        '  int *marks = malloc(n * sizeof *marks);',
        '  for (int i = 0; i <= n; i++)',
        '    marks[i] = 0;',
        '  printf("%d\\n", marks[0]);',
        '  free(marks);',
        '  return 0;',
        '}',
        '',
      ].join('\n'),
    );
    await page.getByLabel('Input for Run').fill('5');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const problem = page.locator('.run-output .run-problem');
    await expect(problem).toHaveText(
      'Line 8: the program writes 4 bytes just past the end of a block of 20 bytes allocated with malloc on line 6. ' +
        'If it holds ints, there is room for 5, numbered 0 to 4, and this is number 5 (one step too far: i <= n on line 7, where < was meant?).',
      { timeout: 60_000 },
    );
    // The hint quotes the student's own code, shown as code, not as Markdown backticks.
    await expect(problem.locator('code')).toHaveText(['i <= n', '<']);
    await expect(page.locator('.run-output')).toContainText('Runtime error');
    // The editor marks line 8 as it marks a compiler error.
    const marked = page.locator('.cm-line', { has: page.locator('.cm-lintRange-error') });
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText('marks[i] = 0;');
    await saveScreenshot(page, 'program-heap-overflow', info.project.name);

    // Submit says the same for the test.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 0 / 1', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.test-result')).toContainText('Line 8: the program writes 4 bytes just past the end');

    const { teacher, context } = await teacherSupervising(browser, page, programNumber);
    const row = teacher.locator('tr', { hasText: email });
    await expect(row).toContainText('Line 8: the program writes 4 bytes just past the end of a block of 20 bytes');
    await row.getByRole('button', { name: 'Open code' }).click();
    await expect(teacher.locator('.code-lines li.run-stopped')).toHaveText(/marks\[i\] = 0;/);
    await saveScreenshot(teacher, 'admin-supervision-heap-overflow', info.project.name);
    await context.close();
  });
});

/** Tries a reference solution in the teacher's test-case editor and waits for `shown`. */
async function tryReference(panel: Locator, code: string, shown: Locator) {
  await panel.getByLabel(/Reference solution/).fill(code);
  await panel.getByRole('button', { name: 'Try the reference solution' }).click();
  await expect(shown).toBeVisible({ timeout: 60_000 });
}

test.describe('test cases checked their own way', () => {
  test.setTimeout(180_000);

  // On its own copy of the site: the teacher has one program compiling or running at a time, and the other browser
  // project's run of this test, with the same one admin, would be refused as "already running".
  ownSiteTest(
    'the teacher sets a test with arguments checked as numbers; the student sees how and passes it',
    async ({ page, request, browser, baseURL }, info) => {
      const admin = await adminHeaders(request);
      const batch = uniqueNumber();
      const programNumber = uniqueNumber();
      const task = `Print the area of a circle whose radius is the first argument (${programNumber}).`;
      const student = await apiStudent(request, { tag: 'checker' });
      await placePaidStudent(request, admin, student, batch);
      await okJson(request.post('/programs/', { headers: admin, data: { program_number: programNumber, task } }));
      await okJson(
        request.post('/student_programs/', {
          headers: admin,
          data: { student_id: student.id, program_number: programNumber, task, solution: '' },
        }),
      );

      // The teacher, in a context of their own, adds the test in the Program Exercises panel.
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, baseURL });
      const teacher = await context.newPage();
      await signInWithToken(teacher, admin.authorization.replace('Bearer ', ''), '/AdminPage');
      await teacher.getByRole('button', { name: 'Program Exercises', exact: true }).click();
      const panel = teacher.getByRole('region', { name: 'Program Exercises (Add/Delete Your Program Details)' });
      await panel.getByLabel('Batch number').fill(String(batch));
      await panel.getByRole('button', { name: 'Show batch List' }).click();
      const row = panel.getByRole('list', { name: 'Programs' }).getByRole('listitem').filter({ hasText: task });
      await row.getByRole('button', { name: /Test cases/ }).click();
      await panel.getByRole('button', { name: 'Add a test case' }).click();
      await panel.getByLabel('Output is checked as').selectOption('numbers');
      await panel.getByLabel('Tolerance (±)').fill('0.01');
      await panel.getByLabel('Command-line arguments').fill('2');
      await panel.getByLabel('Expected output').fill('Area: 12.566');
      await expect(
        panel.getByText('each printed number may differ from its own by at most the tolerance'),
      ).toBeVisible();
      const topic = `Floating point ${programNumber}`;
      await panel.getByLabel(/^Topic \(what it practises/).fill(topic);
      // The checker program is the field at the top of the editor, and the option says no "below".
      await expect(panel.getByLabel('Output is checked as').locator('option[value="program"]')).toHaveText(
        'By a checker program written for this exercise',
      );
      // Save comes last, under the reference solution it keeps with the tests.
      const saveBox = (await panel.getByRole('button', { name: 'Save test cases' }).boundingBox())!;
      expect((await panel.getByLabel(/Reference solution/).boundingBox())!.y).toBeLessThan(saveBox.y);
      await panel.getByRole('button', { name: 'Save test cases' }).click();
      await expect(panel.getByText('Saved: 1 test case.')).toBeVisible();
      // Tagged in the list, and the list filtered by its topic shows it alone.
      await expect(row.locator('.badge', { hasText: topic })).toBeVisible();
      await panel.getByLabel('Topic', { exact: true }).selectOption(topic);
      await expect(panel.getByRole('list', { name: 'Programs' }).getByRole('listitem')).toHaveCount(1);
      await panel.getByLabel('Topic', { exact: true }).selectOption('');
      // A reference that prints too few places still passes; one that is off by more than 0.01 does not.
      await tryReference(panel, AREA.replace('%.4f', '%.2f'), panel.getByText('Score: 1 / 1', { exact: true }));
      await tryReference(
        panel,
        AREA.replace('3.14159265', '3.1'),
        panel.getByText('Value 2: expected 12.566 (give or take 0.01), got 12.4000.'),
      );
      await panel.getByRole('group', { name: 'Test 1' }).scrollIntoViewIfNeeded();
      await saveScreenshot(teacher, 'admin-test-checker', info.project.name, { fullPage: false });
      await context.close();

      // The student sees how the example runs and is checked, and passes it with their own number of places.
      await signInWithToken(page, student.token, '/DashPage/myprogs');
      const card = page.locator('li.card', { hasText: `Program ${programNumber}` });
      await card.getByRole('link', { name: 'Open in the editor' }).click();
      await page.getByText(/Examples \(1 visible test\)/).click();
      await expect(page.getByText('Run with arguments: 2')).toBeVisible();
      await expect(page.getByText('Checked as: Same numbers, each within a tolerance (± 0.01)')).toBeVisible();
      await setCode(page, AREA);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Score: 1 / 1', { exact: true })).toBeVisible({ timeout: 60_000 });
      // The arguments the C library made for main are not the student's leak.
      await expect(page.getByText(/Memory leak/)).toHaveCount(0);
      await saveScreenshot(page, 'program-test-checker', info.project.name);
    },
  );
});

test.describe('file handling', () => {
  test.setTimeout(180_000);

  test('a student solves the sample course’s file exercise: reads marks.txt, writes report.txt', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'files' });
    await placePaidStudent(request, admin, student, uniqueNumber());
    const sample = (
      await okJson<{ program_number: number; task: string }[]>(request.get('/programs/', { headers: admin }))
    ).find((program) => program.program_number === 6)!;
    await okJson(
      request.post('/student_programs/', {
        headers: admin,
        data: { student_id: student.id, program_number: 6, task: sample.task, solution: '' },
      }),
    );
    await signInWithToken(page, student.token, '/DashPage/myprogs');
    await page.locator('li.card', { hasText: 'Program 6' }).getByRole('link', { name: 'Open in the editor' }).click();
    await expect(page.locator('.cm-content')).toContainText('fopen("marks.txt", "r")');
    await expect(
      page.getByText('Run also puts the files of example 1 in your program’s folder: marks.txt.'),
    ).toBeVisible();
    await page.getByText(/Examples \(1 visible test, 1 hidden\)/).click();
    await expect(page.getByRole('region', { name: 'Input file marks.txt of example 1' })).toContainText('ravi 35');
    await expect(page.getByRole('region', { name: 'Expected file report.txt of example 1' })).toContainText(
      'meena pass',
    );

    // A near miss: 40 counts as a fail. Run shows the file the program wrote.
    await setCode(page, MARKS.replace('mark >= 40', 'mark > 40'));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.locator('.run-output')).toContainText('Finished · exit code 0', { timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'File report.txt', exact: true })).toHaveText(
      'asha pass\nravi fail\nmeena fail\n',
    );
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 5 / 10', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.test-result').first()).toContainText(
      `In the file 'report.txt': Line 3 differs: expected "meena pass", got "meena fail".`,
    );
    await expect(page.getByRole('region', { name: 'Your file report.txt' })).toContainText('meena fail');
    // The failed test read a file, not the keyboard: its input says so, and shows the file.
    await expect(page.getByRole('region', { name: 'Input of test 1' })).toHaveText(
      '(nothing typed: the program reads the input file below)',
    );
    await expect(page.getByRole('region', { name: 'Input file marks.txt', exact: true })).toContainText('ravi 35');
    await saveScreenshot(page, 'program-file-exercise', info.project.name);

    await setCode(page, MARKS);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 10 / 10', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Memory leak/)).toHaveCount(0);
  });
});

test.describe('function exercises', () => {
  test.setTimeout(180_000);

  test('a student writes only the function; the tests call it and say which check failed', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const programNumber = uniqueNumber();
    const task = `Write int max(int *a, int n), the largest of n numbers (${programNumber}).`;
    const student = await apiStudent(request, { tag: 'function' });
    await placePaidStudent(request, admin, student, uniqueNumber());
    const program = await okJson<{ id: number }>(
      request.post('/programs/', { headers: admin, data: { program_number: programNumber, task } }),
    );
    await okJson(
      request.put(`/api/v1/programs/${program.id}/exercise`, {
        headers: admin,
        data: {
          starter_code: 'int max(int *a, int n) {\n  return 0;\n}\n',
          tests: [
            { expected_output: '', checker: 'ignore', test_code: 'int a[] = {3, 9, 4};\nassert_eq(max(a, 3), 9);' },
            { expected_output: '', checker: 'ignore', test_code: 'int a[] = {-5, -2};\nassert(max(a, 2) == -2);' },
          ],
        },
      }),
    );
    await okJson(
      request.post('/student_programs/', {
        headers: admin,
        data: { student_id: student.id, program_number: programNumber, task, solution: '' },
      }),
    );
    await signInWithToken(page, student.token, '/DashPage/myprogs');
    await page
      .locator('li.card', { hasText: `Program ${programNumber}` })
      .getByRole('link', { name: 'Open in the editor' })
      .click();
    await page.getByText(/Examples \(2 visible tests\)/).click();
    await expect(page.getByRole('region', { name: 'Test code of example 1' })).toHaveText(
      'int a[] = {3, 9, 4};\nassert_eq(max(a, 3), 9);',
    );

    // Run calls the function with the first example's code, and judges each visible example as Submit would.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(result.getByRole('heading', { name: 'The examples, checked as Submit checks them' })).toBeVisible({
      timeout: 60_000,
    });
    // The run itself says which check failed, in words.
    await expect(result.locator('.program-output').first()).toHaveText('(nothing printed)');
    await expect(result).not.toContainText('check-failed');
    await expect(result.locator('.test-result')).toHaveCount(2);
    await expect(result.locator('.test-result').first()).toContainText('Example 1');
    await expect(result.locator('.test-result').first()).toContainText('max(a, 3) returned 0; expected 9.');
    await expect(result.locator('.test-result').nth(1)).toContainText('The check max(a, 2) == -2 failed.');
    await saveScreenshot(page, 'program-function-exercise-run', info.project.name);

    // Starts from the starter code: compiles, and the first check says what max returned.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 0 / 2', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.test-result').first()).toContainText('max(a, 3) returned 0; expected 9.');
    await expect(page.locator('.test-result').nth(1)).toContainText('The check max(a, 2) == -2 failed.');
    await saveScreenshot(page, 'program-function-exercise', info.project.name);

    await setCode(
      page,
      'int max(int *a, int n) {\n  int m = a[0];\n  for (int i = 1; i < n; i++)\n    if (a[i] > m) m = a[i];\n  return m;\n}\n',
    );
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Score: 2 / 2', { exact: true })).toBeVisible({ timeout: 60_000 });
  });
});

// An import numbers its programs after the highest there is: on the shared site that could take a number another
// test is about to draw, so this runs on a copy of its own.
test.describe('exercise bank', () => {
  test.setTimeout(120_000);

  ownSiteTest(
    'the teacher imports Moodle XML and a Dodona folder, sees what was left out, and exports one',
    async ({ page, request }, info) => {
      const admin = await adminHeaders(request);
      await signInWithToken(page, admin.authorization.replace('Bearer ', ''), '/AdminPage');
      await page.getByRole('button', { name: 'Program Exercises', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Program Exercises (Add/Delete Your Program Details)' });
      await panel
        .getByLabel(/Moodle XML export with CodeRunner C questions/)
        .setInputFiles('test/fixtures/moodle-coderunner-c.xml');
      await panel.getByRole('button', { name: 'Import', exact: true }).click();
      const report = panel.getByRole('status').filter({ hasText: 'Imported 4 programs' });
      await expect(report).toContainText(/Program \d+: Sum of two numbers \(2 test cases\)/);
      await expect(report).toContainText(/Program \d+: Square function \(2 test cases\)/);
      // A question with a customised template comes in with its template.
      await expect(report).toContainText(/Program \d+: String length without string\.h \(1 test case\)/);
      await expect(report).toContainText(
        'Python squares: its type is python3; only c_program and c_function questions are C',
      );
      // What came in without all its settings is said, in the teacher's words.
      await expect(report).toContainText(
        'Square function: 1 precheck-only test is left out: there is no Precheck here',
      );
      // A question graded by its own template (TemplateGrader) comes in too.
      await expect(report).toContainText(/Program \d+: Graded by a template \(2 test cases\)/);
      await expect(report).toContainText('Which header declares printf?: it is a multichoice question, not CodeRunner');
      await report.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'admin-import-exercises', info.project.name, { fullPage: false });

      // The imported program is in the list with its tests and its answer as the reference solution.
      const number = /Program (\d+): Square function/.exec((await report.textContent()) ?? '')![1]!;
      const row = panel
        .getByRole('list', { name: 'Programs' })
        .getByRole('listitem')
        .filter({ hasText: `Program ${number}` });
      await row.getByRole('button', { name: /Test cases/ }).click();
      await expect(panel.getByLabel(/Reference solution/)).toHaveValue(/return n \* n;/);
      await expect(panel.getByLabel('Test code (for a function exercise)').first()).toHaveValue(
        'printf("%d\\n", sqr(-3));',
      );
      // How Moodle graded it, and each test's display (HIDE_IF_SUCCEED: shown only when it fails).
      await expect(panel.getByRole('region', { name: 'Graded as on Moodle (imported from CodeRunner)' })).toContainText(
        'All or nothing: the score is the total only when every test passes, otherwise 0.',
      );
      await expect(panel.getByLabel('Shown to students').nth(1)).toHaveValue('when_failed');
      await panel
        .getByRole('region', { name: 'Graded as on Moodle (imported from CodeRunner)' })
        .scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'admin-coderunner-settings', info.project.name, { fullPage: false });
      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Export as a file' }).click();
      expect((await download).suggestedFilename()).toBe(`program-${number}.json`);

      // A student solves the question whose own (customised) template makes the program, as on Moodle: the
      // template quotes the answer as a C string too, so an answer with a quote in it must be escaped to compile.
      const customised = /Program (\d+): String length without string\.h/.exec((await report.textContent()) ?? '')![1]!;
      const sum = /Program (\d+): Sum of two numbers/.exec((await report.textContent()) ?? '')![1]!;
      const student = await apiStudent(request, { tag: 'coderunner' });
      await placePaidStudent(request, admin, student, uniqueNumber());
      await okJson(
        request.post('/student_programs/', {
          headers: admin,
          data: {
            student_id: student.id,
            program_number: Number(customised),
            task: 'Write int str_len(char *s) without string.h.',
            solution: '',
          },
        }),
      );
      await signInWithToken(page, student.token, '/DashPage/myprogs');
      await page
        .locator('li.card', { hasText: `Program ${customised}` })
        .getByRole('link', { name: 'Open in the editor' })
        .click();
      await setCode(
        page,
        'int str_len(char *s) {\n  int n = 0; /* "no" string.h */\n  while (s[n]) n++;\n  return n + 1;\n}\n',
      );
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Score: 0 / 1', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('.test-result').first()).toContainText('Wrong output');
      await setCode(
        page,
        'int str_len(char *s) {\n  int n = 0; /* "no" string.h */\n  while (s[n]) n++;\n  return n;\n}\n',
      );
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Score: 1 / 1', { exact: true })).toBeVisible({ timeout: 60_000 });
      await saveScreenshot(page, 'program-coderunner-customised', info.project.name);

      // A question with a penalty regime: the student reads it first, and the second try loses 10%.
      await okJson(
        request.post('/student_programs/', {
          headers: admin,
          data: { student_id: student.id, program_number: Number(sum), task: 'Sum.', solution: '' },
        }),
      );
      await page.goto('/DashPage/myprogs');
      await page
        .locator('li.card', { hasText: `Program ${sum}` })
        .getByRole('link', { name: 'Open in the editor' })
        .click();
      await expect(page.getByTestId('penalty-regime')).toHaveText(
        'Each submission after the first counts for less: 10, 20, ... % off the second, third and later submissions; the best counts.',
      );
      await setCode(page, SUM.replace('a + b', 'a - b'));
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Score: 0 / 30', { exact: true })).toBeVisible({ timeout: 60_000 });
      await setCode(page, SUM);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText('Score: 27 / 30', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('penalty')).toHaveText(
        'Try 2: 10% off, as this program’s penalty regime says: 30 points before it. The same code submitted again is the same try.',
      );
      await saveScreenshot(page, 'program-coderunner-penalty', info.project.name);
      await signInWithToken(page, admin.authorization.replace('Bearer ', ''), '/AdminPage');
      await page.getByRole('button', { name: 'Program Exercises', exact: true }).click();

      // A Dodona folder of exercises: the C ones with TESTed input/output tests come in, the rest are listed.
      await panel.getByLabel(/Or a Dodona exercise folder/).setInputFiles('test/fixtures/dodona');
      await expect(panel.getByText(/^dodona: \d+ files to read\.$/)).toBeVisible();
      await panel.getByRole('button', { name: 'Import', exact: true }).click();
      const dodona = panel.getByRole('status').filter({ hasText: 'Count the passes' });
      await expect(dodona).toContainText(/Program \d+: Sum of two numbers \(4 test cases\)/);
      await expect(dodona).toContainText('dodona/python-echo: it is written for python, not C');
      await expect(dodona).toContainText('dodona/max-function: a test uses “expression”');
      await dodona.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'admin-import-dodona', info.project.name, { fullPage: false });
    },
  );
});
