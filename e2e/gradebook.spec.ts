import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import {
  adminHeaders,
  apiStudent,
  handIn,
  okJson,
  placePaidStudent,
  signInWithToken,
  uniqueNumber,
} from './accounts.js';
import { expect, saveScreenshot, test } from './fixtures.js';

const SUM =
  '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n';
/** Right for the first test only: half marks. */
const FIVE = '#include <stdio.h>\nint main(void) {\n  puts("5");\n  return 0;\n}\n';

type Admin = { authorization: string };

async function seedBatch(request: APIRequestContext, admin: Admin) {
  const batch = uniqueNumber();
  const programNumber = uniqueNumber();
  const make = async (firstName: string, lastName: string) => {
    const student = await apiStudent(request, { tag: 'gradebook', firstName, lastName, profile: false });
    await placePaidStudent(request, admin, student, batch);
    return student;
  };
  const adams = await make('Ada', 'Adams');
  const brown = await make('Ben', 'Brown');
  const clark = await make('Cy', 'Clark');
  const program = await okJson<{ id: number }>(
    request.post('/programs/', { headers: admin, data: { program_number: programNumber, task: 'Add two numbers.' } }),
  );
  await okJson(
    request.put(`/api/v1/programs/${program.id}/exercise`, {
      headers: admin,
      data: {
        starter_code: '',
        tests: [
          { stdin: '2 3\n', expected_output: '5\n', visible: true, points: 1 },
          { stdin: '-7 -8\n', expected_output: '-15\n', visible: false, points: 1 },
        ],
      },
    }),
  );
  await okJson(request.post(`/api/v1/programs/${program.id}/send`, { headers: admin, data: { student_batch: batch } }));
  const brownProgram = await handIn(request, brown, programNumber, SUM);
  await handIn(request, clark, programNumber, FIVE);
  await okJson(
    request.post(`/api/v1/admin/student_programs/${brownProgram}/comments`, {
      headers: admin,
      data: { line: 5, body: 'Good: the sum is printed with a newline.' },
    }),
  );
  return { batch, programNumber, adams, brown, clark };
}

test.describe('the gradebook', () => {
  // Two submissions are compiled and graded first.
  test.setTimeout(120_000);

  test('the teacher sorts the gradebook, downloads it and opens a student’s work', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const { batch, programNumber, adams, brown, clark } = await seedBatch(request, admin);

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    const gradebook = page.getByRole('region', { name: 'Gradebook', exact: true });
    await gradebook.getByLabel('Batch', { exact: true }).selectOption(String(batch));
    const table = gradebook.getByRole('region', { name: `Gradebook of batch ${batch}` });
    const names = table.locator('tbody th');
    await expect(names).toHaveText(['Ada Adams', 'Ben Brown', 'Cy Clark']);
    const row = (name: string) => table.locator('tbody tr', { hasText: name });
    await expect(row('Ben Brown')).toContainText('2/2');
    await expect(row('Cy Clark')).toContainText('1/2');
    await expect(row('Ada Adams')).toContainText('not submitted');

    const header = table.getByRole('columnheader', { name: `Program ${programNumber}` });
    await expect(header).not.toHaveAttribute('aria-sort');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    await expect(names).toHaveText(['Ada Adams', 'Cy Clark', 'Ben Brown']);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Ben Brown', 'Cy Clark', 'Ada Adams']);
    await saveScreenshot(page, 'gradebook-sorted', info.project.name);

    const download = page.waitForEvent('download');
    await gradebook.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`gradebook-batch-${batch}.csv`);
    const csv = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(csv[0]).toBe(
      `First name,Last name,Email,Status,Attendance %,Classes attended,Program ${programNumber},Best quiz`,
    );
    expect(csv.slice(1, 4)).toEqual([
      `Ada,Adams,${adams.email},Paid,,0 of 0,not submitted,`,
      `Ben,Brown,${brown.email},Paid,,0 of 0,2/2,`,
      `Cy,Clark,${clark.email},Paid,,0 of 0,1/2,`,
    ]);

    await table.getByRole('button', { name: 'Ben Brown' }).click();
    await expect(page).toHaveURL(/[?&]student=\d+/);
    await expect(page.getByRole('heading', { name: 'Work of Ben Brown' })).toBeVisible();
    const code = page.getByRole('region', { name: `Code of program ${programNumber}` });
    await expect(code).toContainText('printf("%d\\n", a + b);');
    await expect(page.getByText('Line 5: Good: the sum is printed with a newline.')).toBeVisible();
    await expect(page.getByRole('region', { name: `Submissions of program ${programNumber}` })).toContainText('2/2');
    await saveScreenshot(page, 'gradebook-student-work', info.project.name);

    await page.getByRole('button', { name: 'Back to the gradebook' }).click();
    await expect(page).not.toHaveURL(/student=/);
    // Back where the teacher was: the same batch, in the same order.
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(names).toHaveText(['Ben Brown', 'Cy Clark', 'Ada Adams']);
  });
});
