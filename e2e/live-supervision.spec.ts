import { adminHeaders, apiStudent, okJson, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { expect, saveScreenshot, test } from './fixtures.js';

test('the teacher sees a draft pushed within 1.5 s, without polling, and the student sees the comment', async ({
  page,
  browser,
  request,
}, info) => {
  const admin = await adminHeaders(request);
  const programNumber = uniqueNumber();
  const batch = uniqueNumber();
  await okJson(request.post('/programs', { headers: admin, data: { program_number: programNumber, task: 'Sum.' } }));
  const student = await apiStudent(request, { tag: 'live', firstName: 'Linus', lastName: 'Live' });
  await placePaidStudent(request, admin, student, batch);
  const { id: spId } = await okJson<{ id: number }>(
    request.post('/student_programs', {
      headers: admin,
      data: { student_id: student.id, program_number: programNumber, task: 'Print the sum.', solution: '' },
    }),
  );

  // The teacher watches the program's batch; every list request is counted. The page's clock is the test's to move
  // (it runs as the real one until then), so "no polling" is checked over a span of the page's time, not a sleep.
  await page.clock.install();
  const listRequests: number[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/admin\/supervision\?/.test(r.url())) listRequests.push(Date.now());
  });
  await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
  await page.getByRole('button', { name: 'Live supervision' }).first().click();
  await page.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
  const batchStream = page.waitForResponse((r) =>
    r.url().includes(`/stream?program_number=${programNumber}&student_batch=${batch}`),
  );
  await page.getByLabel('Batch number (optional)').fill(String(batch));
  expect((await batchStream).status()).toBe(200);
  await expect(page.getByTestId('supervision-mode')).toHaveText('Live');
  const row = page.locator('tr', { hasText: student.email });
  await expect(row).toBeVisible();
  await expect(row.locator('td').nth(1)).toHaveText('—');

  const before = listRequests.length;
  await okJson(
    request.put(`/api/v1/student_programs/${spId}/draft`, {
      headers: student.headers,
      data: { code: 'int main(void) { return 0; }' },
    }),
  );
  const saved = Date.now();
  await expect(row.locator('td').nth(1)).toHaveText(/\d+ s ago/, { timeout: 1500 });
  expect(Date.now() - saved).toBeLessThan(1500);
  // One refetch for the change, not a timer: nothing more is asked while the page's clock runs 4 s on (polling would
  // ask every 3 s).
  await page.clock.runFor(4000);
  expect(listRequests.length - before).toBe(1);
  await saveScreenshot(page, 'live-supervision', info.project.name);

  // The student has their editor open; the teacher's comment shows up without a reload.
  const studentContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const editor = await studentContext.newPage();
  try {
    const stream = editor.waitForResponse((r) => r.url().endsWith(`/api/v1/student_programs/${spId}/stream`));
    await signInWithToken(editor, student.token, `/DashPage/myprogs/${spId}`);
    await expect(editor.getByRole('heading', { name: `Program ${programNumber}` })).toBeVisible();
    expect((await stream).status()).toBe(200);
    await okJson(
      request.post(`/api/v1/admin/student_programs/${spId}/comments`, {
        headers: admin,
        data: { line: 1, body: 'Read two numbers first.' },
      }),
    );
    const commented = Date.now();
    // The editor's fallback poll is every 15 s.
    await expect(editor.getByText('Line 1: Read two numbers first.')).toBeVisible({ timeout: 3000 });
    expect(Date.now() - commented).toBeLessThan(3000);
    await saveScreenshot(editor, 'live-supervision-comment', info.project.name);
    // The teacher's panel counts the comment too.
    await expect(row.locator('td').nth(1)).toHaveText(/\d+ s ago/);
  } finally {
    await studentContext.close();
  }
});
