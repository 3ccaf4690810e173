import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, apiStudent, okJson, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { checkScreen, expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures.js';
import { timedMessages } from '../src/contracts/timed-work.js';

type Admin = { authorization: string };
const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';

/** A program with one test (and `extra` exercise settings), sent to a paid student of a new batch. */
async function studentWithExercise(request: APIRequestContext, admin: Admin, extra: object) {
  const batch = uniqueNumber();
  const programNumber = uniqueNumber();
  const task = `Add two numbers (${programNumber}).`;
  const program = await okJson<{ id: number }>(
    request.post('/programs', { headers: admin, data: { program_number: programNumber, task } }),
  );
  await okJson(
    request.put(`/api/v1/programs/${program.id}/exercise`, {
      headers: admin,
      data: { tests: [{ stdin: '2 3\n', expected_output: '5\n', visible: true, points: 4 }], ...extra },
    }),
  );
  const student = await apiStudent(request, { tag: 'graded', firstName: 'Grace', lastName: 'Hopper', profile: false });
  await placePaidStudent(request, admin, student, batch);
  const { id: spId } = await okJson<{ id: number }>(
    request.post('/student_programs', {
      headers: admin,
      data: { student_id: student.id, program_number: programNumber, task, solution: '' },
    }),
  );
  return { batch, programNumber, programId: program.id, student, spId, task };
}

/** The day and time on the course clock `minutesFromNow` from now, as the timed-work form takes them. */
async function courseClock(request: APIRequestContext, minutesFromNow: number) {
  const zone = (await okJson<{ timeZone: string }>(request.get('/api/v1/site'))).timeZone;
  const at = new Date(Date.now() + minutesFromNow * 60_000);
  const part = (type: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .find((p) => p.type === type)!.value;
  return {
    opens_date: `${part('year')}-${part('month')}-${part('day')}`,
    opens_time: `${part('hour')}:${part('minute')}`,
  };
}

test.describe('grading by hand and timed work', () => {
  test.setTimeout(120_000);

  test('the teacher grades by rubric and releases it; the student and the gradebook show it', async ({
    page,
    browser,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const { batch, programNumber, student, spId, task } = await studentWithExercise(request, admin, {});

    // The teacher writes the rubric in the program's test-case editor.
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Program Exercises', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Program Exercises (Add/Delete Your Program Details)' });
    const item = panel.getByRole('list', { name: 'Programs' }).getByRole('listitem').filter({ hasText: task });
    await item.getByRole('button', { name: /Test cases/ }).click();
    for (const [index, [title, points]] of [
      ['Checks what scanf returns', '4'],
      ['Clear names and layout', '6'],
    ].entries()) {
      await panel.getByRole('button', { name: 'Add a criterion' }).click();
      await panel.getByLabel(`Criterion ${index + 1}`).fill(title!);
      await panel.locator(`#rubric-points-${index}`).fill(points!);
    }
    await panel.getByRole('button', { name: 'Save test cases' }).click();
    await expect(panel.getByText('Saved: 1 test case, 2 rubric criteria.')).toBeVisible();
    await panel.getByRole('group', { name: 'Rubric (graded by hand)' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'rubric-editor', info.project.name, { fullPage: false });
    await expectNoSeriousA11yViolations(page, { soft: true, screen: 'rubric-editor' });
    await okJson(
      request.post(`/api/v1/student_programs/${spId}/submissions`, { headers: student.headers, data: { code: SUM } }),
    );

    await page.reload();
    await page.getByRole('button', { name: 'Live supervision' }).first().click();
    await page.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
    await page.getByLabel('Batch number (optional)').fill(String(batch));
    const row = page.locator('tr', { hasText: student.email });
    await row.getByRole('button', { name: /Open code/ }).click();
    const grading = page.getByRole('region', { name: 'Grade by rubric' });
    await expect(grading).toContainText('Tests: 4/4');
    await grading.getByLabel('Checks what scanf returns (out of 4)').fill('4');
    await grading.getByLabel('Clear names and layout (out of 6)').fill('3');
    await grading.getByLabel('Feedback (optional)').fill('Name a and b after what they hold.');
    await grading.getByRole('button', { name: 'Save grade', exact: true }).click();
    await expect(grading.getByRole('status')).toHaveText('Grade saved. Release it when you are ready.');
    await expect(row).toContainText('7/10 by hand (not released)');

    // Not released: the student sees the rubric only.
    const studentContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const editor = await studentContext.newPage();
    try {
      await signInWithToken(editor, student.token, `/DashPage/myprogs/${spId}`);
      await expect(editor.getByRole('heading', { name: 'How your teacher grades it' })).toBeVisible();
      await expect(editor.getByText('Worth 10 points in all, given by hand.', { exact: false })).toBeVisible();

      await page.getByRole('button', { name: 'Release 1 grade' }).click();
      await expect(page.getByText('Released 1 grade.')).toBeVisible();
      await expect(row).toContainText('7/10 by hand');
      await expect(row).not.toContainText('not released');
      await checkScreen(page, 'rubric-grading', info.project.name);

      // Released: pushed to the open editor by its stream.
      const graded = editor.getByRole('region', { name: 'Graded by your teacher: 7/10' });
      await expect(graded).toBeVisible();
      await expect(graded.getByRole('row', { name: /Clear names and layout/ })).toContainText('3 / 6');
      await expect(graded).toContainText('Name a and b after what they hold.');
      await graded.scrollIntoViewIfNeeded();
      await checkScreen(editor, 'rubric-grade-student', info.project.name);
    } finally {
      await studentContext.close();
    }

    // The gradebook shows both scores.
    await page.goto('/AdminPage');
    const gradebook = page.getByRole('region', { name: 'Gradebook', exact: true });
    await gradebook.getByLabel('Batch', { exact: true }).selectOption(String(batch));
    const table = gradebook.getByRole('region', { name: `Gradebook of batch ${batch}` });
    await expect(table.locator('tbody tr', { hasText: 'Grace Hopper' })).toContainText('4/47/10 by hand');
  });

  test('timed work: hidden until it opens, a countdown while open, read-only when time is up', async ({
    page,
    browser,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const { batch, programNumber, programId, student, spId, task } = await studentWithExercise(request, admin, {});

    // The teacher times the program for the batch, opening in two days.
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Live supervision' }).first().click();
    await page.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
    await page.getByLabel('Batch number (optional)').fill(String(batch));
    await page.getByText(`Timed work: open program ${programNumber} to batch ${batch} for a set time`).click();
    // Already sent to the student: the form says what timing it now can hide and what it cannot take back.
    await expect(page.getByRole('note')).toHaveText(timedMessages.alreadySent(programNumber, batch, 1));
    await page.getByRole('note').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'timed-work-sent-warning', info.project.name, { fullPage: false });
    const later = await courseClock(request, 2 * 24 * 60);
    await page.getByLabel('Opens on').fill(later.opens_date);
    await page.getByLabel('At', { exact: true }).fill('10:00');
    await page.getByLabel('Minutes open').fill('45');
    await page.getByRole('button', { name: 'Set the time' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Timed: program ${programNumber}.` })).toBeVisible();
    await expect(page.getByText(`Timed for batch ${batch}: open`)).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    await checkScreen(page, 'timed-work-teacher', info.project.name);

    const studentContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const editor = await studentContext.newPage();
    try {
      await signInWithToken(editor, student.token, `/DashPage/myprogs/${spId}`);
      await expect(editor.getByText('Timed program.', { exact: false })).toBeVisible();
      await expect(editor.getByText('The task is shown when the program opens.')).toBeVisible();
      await expect(editor.getByText(task)).toHaveCount(0);
      await expect(editor.locator('.cm-content')).toHaveCount(0);
      await checkScreen(editor, 'timed-work-waiting', info.project.name);

      // Opened now for 30 minutes: the task, the editor and a countdown.
      const now = await courseClock(request, -1);
      await okJson(
        request.put('/api/v1/admin/timed_work', {
          headers: admin,
          data: { program_ids: [programId], student_batch: batch, ...now, minutes: 30 },
        }),
      );
      await editor.reload();
      await expect(editor.getByText(task, { exact: true })).toBeVisible();
      await expect(editor.getByRole('timer', { name: 'Time left' })).toHaveText(/^2\d:\d\d$/);
      await expect(editor.locator('.cm-content')).toBeVisible();
      await checkScreen(editor, 'timed-work-countdown', info.project.name);

      // Time is up (an hour ago for 30 minutes): read-only, and the server refuses a late submission.
      const past = await courseClock(request, -61);
      await okJson(
        request.put('/api/v1/admin/timed_work', {
          headers: admin,
          data: { program_ids: [programId], student_batch: batch, ...past, minutes: 30 },
        }),
      );
      await editor.reload();
      await expect(editor.getByText('Time is up.', { exact: false })).toBeVisible();
      await expect(editor.getByRole('button', { name: 'Submit' })).toBeDisabled();
      await expect(editor.getByRole('button', { name: 'Run' })).toBeDisabled();
      const late = await request.post(`/api/v1/student_programs/${spId}/submissions`, {
        headers: student.headers,
        data: { code: SUM },
      });
      expect(late.status()).toBe(409);
      expect((await late.json()).errors[0]).toMatch(/^Time is up: Program \d+ closed at /);
      await checkScreen(editor, 'timed-work-over', info.project.name);

      // Ten extra minutes for this student from the teacher's row: open again, for them alone.
      await page.reload();
      await page.getByRole('button', { name: 'Live supervision' }).first().click();
      await page.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
      await page.getByLabel('Batch number (optional)').fill(String(batch));
      await page.getByLabel('Extra minutes for Grace Hopper').fill('45');
      await page.getByRole('button', { name: 'Give' }).click();
      await expect(page.getByLabel('Extra minutes for Grace Hopper')).toHaveValue('45');
      await expect
        .poll(async () =>
          (await request.get(`/api/v1/student_programs/${spId}/workspace`, { headers: student.headers })).json(),
        )
        .toMatchObject({ timing: { extra_minutes: 45 } });
      await editor.reload();
      await expect(editor.getByRole('timer', { name: 'Time left' })).toBeVisible();
      await expect(editor.getByText('with 45 extra minutes', { exact: false })).toBeVisible();
    } finally {
      await studentContext.close();
    }
  });
});
