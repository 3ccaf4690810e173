import type { APIRequestContext, Page } from '@playwright/test';
import { adminHeaders, apiStudent, okJson, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { checkScreen, expect, test } from './fixtures.js';

const LIST = `#include <stdio.h>
#include <stdlib.h>
struct node { int value; struct node *next; };
int main(void) {
    struct node *head = NULL;
    int n;
    scanf("%d", &n);
    for (int i = 1; i <= n; i++) {
        struct node *fresh = malloc(sizeof *fresh);
        fresh->value = i;
        fresh->next = head;
        head = fresh;
    }
    printf("built %d\\n", n);
    return 0;
}
`;

const DANGLING = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    *p = 7;
    free(p);
    printf("%d\\n", *p);
    return 0;
}
`;

/** A paid student with a program of their own, in a batch. */
async function studentWithProgram(request: APIRequestContext) {
  const admin = await adminHeaders(request);
  const programNumber = uniqueNumber();
  const task = `Build a linked list (${programNumber}).`;
  const program = await okJson<{ id: number }>(
    request.post('/programs', { headers: admin, data: { program_number: programNumber, task } }),
  );
  const student = await apiStudent(request, { tag: 'stepper', firstName: 'Step', lastName: 'Walker', profile: false });
  await placePaidStudent(request, admin, student, uniqueNumber());
  const { id: spId } = await okJson<{ id: number }>(
    request.post('/student_programs', {
      headers: admin,
      data: { student_id: student.id, program_number: programNumber, task, solution: '' },
    }),
  );
  return { admin, student, spId, programNumber, programId: program.id };
}

async function setCode(page: Page, code: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

/**
 * Arrows that cross a value or a name they neither start nor end at: each arrow's path (M x,y then V/H moves) taken
 * as segments, against every cell, value box and name in the memory view (shrunk by a pixel: touching is not
 * crossing).
 */
async function arrowsCrossingValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.trace-memory')!;
    const box = root.getBoundingClientRect();
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left - box.left + 1,
        right: r.right - box.left - 1,
        top: r.top - box.top + 1,
        bottom: r.bottom - box.top - 1,
      };
    };
    const inside = (r: ReturnType<typeof rect>, x: number, y: number) =>
      x >= r.left - 2 && x <= r.right + 2 && y >= r.top - 2 && y <= r.bottom + 2;
    const things = Array.from(root.querySelectorAll('.trace-cell, .trace-name, .trace-struct, .trace-array'));
    const crossings: string[] = [];
    for (const path of Array.from(root.querySelectorAll('.trace-arrow'))) {
      const d = path.getAttribute('d')!;
      const moves = [...d.matchAll(/([MVH])([-\d.]+)(?:,([-\d.]+))?/g)];
      let x = 0;
      let y = 0;
      const points: [number, number][] = [];
      for (const [, op, a, b] of moves) {
        if (op === 'M') [x, y] = [Number(a), Number(b)];
        else if (op === 'V') y = Number(a);
        else x = Number(a);
        points.push([x, y]);
      }
      const [start, end] = [points[0]!, points.at(-1)!];
      for (const thing of things) {
        const r = rect(thing);
        if (inside(r, ...start) || inside(r, ...end)) continue;
        for (let i = 1; i < points.length; i++) {
          const [[ax, ay], [bx, by]] = [points[i - 1]!, points[i]!];
          const crosses =
            Math.max(ax, bx) > r.left &&
            Math.min(ax, bx) < r.right &&
            Math.max(ay, by) > r.top &&
            Math.min(ay, by) < r.bottom;
          if (crosses) crossings.push(`${d} crosses "${thing.textContent?.slice(0, 30)}"`);
        }
      }
    }
    return crossings;
  });
}

test.describe('step through a C run', () => {
  test.setTimeout(150_000);

  test('a student steps through a linked list, sees the arrows, and jumps to a crash', async ({
    page,
    request,
  }, info) => {
    const { student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    await setCode(page, LIST);
    await page.getByLabel('Input for Run').fill('3');
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view).toBeVisible({ timeout: 60_000 });
    await expect(view.getByRole('status')).toHaveText(/^Step 1 of \d+, line 5$/);

    // Next moves one line; Back returns to exactly where it was.
    await view.getByRole('button', { name: 'Next' }).click();
    await expect(view.getByRole('status')).toContainText('line 6');
    await expect(view.locator('.trace-frame')).toContainText('head');
    await view.getByRole('button', { name: 'Back' }).click();
    await expect(view.getByRole('status')).toContainText('Step 1 of');

    // After scanf: the input read so far, and n.
    await view.getByLabel('Run to line').fill('8');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.getByTestId('trace-input').locator('mark')).toHaveText('3');
    await expect(view.locator('.trace-region', { hasText: /^n/ })).toContainText('3');

    // Built: three blocks of 8 bytes, each drawn with an arrow from the pointer at it.
    await view.getByLabel('Run to line').fill('14');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.getByRole('status')).toContainText('line 14');
    const heap = view.locator('.trace-region[data-region]', { hasText: 'bytes' });
    await expect(heap).toHaveCount(3);
    await expect(heap.first()).toContainText('block 1 (line 9), 8 bytes');
    await expect(view.locator('.trace-pointer.trace-null')).toHaveCount(1);
    await expect(view.locator('.trace-arrow')).toHaveCount(3);
    // Each arrow goes around the values and names, never over one.
    expect(await arrowsCrossingValues(page)).toEqual([]);
    await checkScreen(page, 'step-through-list', info.project.name);

    // The slider reaches the end: the output is all there, and the list's blocks, never freed, are marked so and
    // still show what they hold.
    await view.getByRole('button', { name: 'Go to the end' }).click();
    await expect(view.getByTestId('trace-output')).toHaveText('built 3\n');
    const leaked = view.locator('.trace-leaked');
    await expect(leaked).toHaveCount(3);
    await expect(leaked.first()).toContainText('never freed');
    await expect(leaked.first().locator('.trace-field', { hasText: 'value' })).toContainText('1');
    await expect(view.getByText('The program has ended: the blocks below were never freed.')).toBeVisible();
    await checkScreen(page, 'step-through-leaked', info.project.name);

    // A use after free: the view jumps to the last step, with the error, and the pointer marked dangling.
    await setCode(page, DANGLING);
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    await expect(view.getByRole('status')).toHaveText(/^Step 1 of \d+, line 4$/, { timeout: 60_000 });
    await view.getByRole('button', { name: 'Jump to the crash' }).click();
    await expect(view.getByRole('status')).toContainText('line 7');
    await expect(view.getByRole('alert')).toContainText('Line 7');
    await expect(view.locator('.trace-pointer.trace-dangling')).toHaveCount(1);
    await expect(view.locator('.trace-arrow-dangling')).toHaveCount(1);
    await checkScreen(page, 'step-through-crash', info.project.name);
  });

  test('the current line stays in view in the code pane as the steps go past its edge', async ({ page, request }) => {
    const { student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    // Sixty lines, the work at the bottom: far below a pane of 28 lines.
    const filler = Array.from({ length: 50 }, (_, i) => `    total += ${i};`).join('\n');
    await setCode(
      page,
      `#include <stdio.h>\nint main(void) {\n    int total = 0;\n${filler}\n    printf("%d\\n", total);\n    return 0;\n}\n`,
    );
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view.getByRole('status')).toHaveText(/^Step 1 of \d+, line 3$/, { timeout: 60_000 });
    const pane = view.getByRole('list', { name: 'Program' });
    const inPane = async () => {
      const [shown, line] = await Promise.all([
        pane.boundingBox(),
        pane.locator('[aria-current="step"]').boundingBox(),
      ]);
      return !!shown && !!line && line.y >= shown.y - 1 && line.y + line.height <= shown.y + shown.height + 1;
    };
    expect(await inPane()).toBe(true);
    for (const line of [40, 54]) {
      await view.getByLabel('Run to line').fill(String(line));
      await view.getByRole('button', { name: 'Run to line' }).click();
      await expect(view.getByRole('status')).toContainText(`line ${line}`);
      await expect.poll(inPane).toBe(true);
    }
    // Back to the start: the pane scrolls up to the first line again.
    await view.getByRole('button', { name: 'Start' }).click();
    await expect(view.getByRole('status')).toContainText('line 3');
    await expect.poll(inPane).toBe(true);
    await view.getByRole('button', { name: 'Go to the end' }).click();
    await expect(view.getByTestId('trace-output')).toHaveText(`${(49 * 50) / 2}\n`);
    // Stepping back from the end reaches the return at the bottom: in view.
    await view.getByRole('button', { name: 'Back' }).click();
    await expect(view.getByRole('status')).toContainText('line 55');
    await expect.poll(inPane).toBe(true);
  });

  test('a tree and a 2-D array draw their arrows around every value', async ({ page, request }, info) => {
    const { student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    await setCode(
      page,
      `#include <stdlib.h>
struct node { int key; struct node *left, *right; };
struct node *add(struct node *t, int key) {
    if (t == NULL) {
        t = malloc(sizeof *t);
        t->key = key;
        t->left = t->right = NULL;
    } else if (key < t->key) t->left = add(t->left, key);
    else t->right = add(t->right, key);
    return t;
}
int main(void) {
    int *rows[2];
    for (int r = 0; r < 2; r++) {
        rows[r] = malloc(3 * sizeof(int));
        for (int c = 0; c < 3; c++) rows[r][c] = r * 3 + c;
    }
    struct node *root = NULL;
    int keys[] = {5, 3, 8, 1, 4};
    for (int i = 0; i < 5; i++) root = add(root, keys[i]);
    return 0;
}
`,
    );
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view.getByRole('status')).toHaveText(/^Step 1 of \d+, line 13$/, { timeout: 60_000 });
    await view.getByLabel('Run to line').fill('21');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.getByRole('status')).toContainText('line 21');
    // Two row pointers, the root, and four child links.
    await expect(view.locator('.trace-arrow')).toHaveCount(7);
    expect(await arrowsCrossingValues(page)).toEqual([]);
    await checkScreen(page, 'step-through-tree', info.project.name);
  });

  test('Run and Step through give the program the arguments typed for them', async ({ page, request }) => {
    const { student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    await setCode(
      page,
      `#include <stdio.h>\nint main(int argc, char **argv) {\n    for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);\n    printf("\\n");\n    return 0;\n}\n`,
    );
    await page.getByLabel('Arguments for Run').fill('3 "two words"');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByText('[3][two words]')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await view.getByRole('button', { name: 'Go to the end' }).click();
    await expect(view.getByTestId('trace-output')).toHaveText('[3][two words]\n');
  });

  test('string literals are drawn with their text, each pointer at one with an arrow', async ({
    page,
    request,
  }, info) => {
    const { student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    await setCode(
      page,
      `#include <stdio.h>\nint main(void) {\n    char *names[] = {"Asha", "Meena"};\n    const char *who = "Ann";\n    printf("%s %s %s\\n", names[0], names[1], who);\n    return 0;\n}\n`,
    );
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view.getByRole('status')).toHaveText(/^Step 1 of \d+, line 3$/, { timeout: 60_000 });
    await view.getByLabel('Run to line').fill('5');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.getByRole('heading', { name: 'String literals' })).toBeVisible();
    await expect(view.locator('.trace-literal')).toHaveText(['"Asha"', '"Meena"', '"Ann"']);
    await expect(view.locator('.trace-arrow')).toHaveCount(3);
    await checkScreen(page, 'step-through-literals', info.project.name);
  });

  test('the teacher steps through a student’s code from Live supervision', async ({ page, request }, info) => {
    const { admin, student, spId, programNumber, programId } = await studentWithProgram(request);
    // A hidden test: the teacher may step through its input; the student never sees it.
    await okJson(
      request.put(`/api/v1/programs/${programId}/exercise`, {
        headers: admin,
        data: { tests: [{ stdin: '2', expected_output: 'built 2\n', visible: false, points: 1 }] },
      }),
    );
    // The student's draft, as they left it.
    await okJson(
      request.put(`/api/v1/student_programs/${spId}/draft`, { headers: student.headers, data: { code: LIST } }),
    );
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Live supervision' }).first().click();
    await page.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
    await page
      .locator('tr', { hasText: student.email })
      .getByRole('button', { name: /Open code/ })
      .click();
    await page.getByLabel('Input of a test').selectOption({ label: 'Test 1 (hidden)' });
    await expect(page.getByLabel('Input for Step through')).toHaveValue('2');
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view).toBeVisible({ timeout: 60_000 });
    await view.getByRole('button', { name: 'Go to the end' }).click();
    await expect(view.getByTestId('trace-output')).toHaveText('built 2\n');
    await expect(view.locator('.trace-region[data-region]', { hasText: 'bytes' })).toHaveCount(2);
    await checkScreen(page, 'step-through-teacher', info.project.name);
  });

  test('a student asks about a step, and the teacher opens the doubt at that step', async ({ page, request }, info) => {
    const { admin, student, spId } = await studentWithProgram(request);
    await signInWithToken(page, student.token, `/DashPage/myprogs/${spId}`);
    await setCode(page, DANGLING);
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view).toBeVisible({ timeout: 60_000 });
    await view.getByLabel('Run to line').fill('7');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.getByRole('status')).toContainText('line 7');
    const where = (await view.getByRole('status').textContent())!.match(/^Step (\d+)/)![1]!;
    await view.getByRole('button', { name: 'Ask your teacher about this step' }).click();
    await view.getByLabel('Your doubt about this step').fill(`At step ${where} (line 7): why is p dangling?`);
    await view.getByRole('button', { name: 'Send doubt' }).click();
    await expect(view.getByText('Sent. Your teacher will open it at this step')).toBeVisible();

    // The teacher's list carries the run's summary only: its code comes when the doubt is opened.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/doubts');
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage#doubts');
    const list = await (await listed).text();
    expect(list).toContain('why is p dangling?');
    expect(list).not.toContain('free(p)');
    const doubt = page.locator('.card', { hasText: 'why is p dangling?' }).first();
    await expect(doubt).toContainText(/Asked from Step through: code \d+ bytes\./);
    const fetched = page.waitForResponse((r) => /\/api\/v1\/admin\/doubts\/\d+\/run$/.test(r.url()));
    await doubt.getByRole('button', { name: `Open at step ${where} (line 7)` }).click();
    const run = await fetched;
    expect(run.status()).toBe(200);
    expect(((await run.json()) as { code: string }).code).toBe(DANGLING);
    const opened = doubt.getByRole('region', { name: 'Step through', exact: true });
    await expect(opened.getByRole('status')).toHaveText(new RegExp(`^Step ${where} of \\d+, line 7$`), {
      timeout: 60_000,
    });
    await expect(opened.locator('.trace-pointer.trace-dangling')).toHaveCount(1);
    await checkScreen(page, 'step-through-doubt', info.project.name);
  });

  test('the teacher steps through a demonstration of their own, full width', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Step through a program' }).first().click();
    await page.getByRole('button', { name: 'Step through', exact: true }).click();
    const view = page.getByRole('region', { name: 'Step through', exact: true });
    await expect(view).toBeVisible({ timeout: 60_000 });
    await view.getByLabel('Run to line').fill('19');
    await view.getByRole('button', { name: 'Run to line' }).click();
    await expect(view.locator('.trace-arrow')).toHaveCount(3);
    await view.getByRole('button', { name: 'Go to the end' }).click();
    await expect(view.getByTestId('trace-output')).toHaveText('3 2 1 \n');
    await expect(view.locator('.trace-freed')).toHaveCount(3);
    await checkScreen(page, 'step-through-demo', info.project.name);
  });
});
