import { readFileSync } from 'node:fs';
import { adminHeaders, apiStudent, signInWithToken, placePaidStudent, uniqueNumber } from './accounts.js';
import { checkScreen, expect, test } from './fixtures.js';

/** Issue 16, section 3: items 4 (the quiz), 9 (My Payment's words) and 11 (session titles and dates). */

/** WCAG contrast of an rgb()/rgba() colour (alpha ignored) against white. */
function contrastOnWhite(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? [])
    .slice(0, 3)
    .map((v) => Number(v) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05);
}

test.describe('the self assessment test', () => {
  test('numbers sit with their questions, `code` shows as code (never as HTML), and the radio buttons are large and clear', async ({
    page,
    request,
  }, info) => {
    const student = await apiStudent(request, { tag: 'quiz' });
    // Whatever ten questions are drawn, the first one has code in it (and markup, which must stay text).
    await page.route('**/api/v1/quiz', async (route) => {
      const response = await route.fetch();
      const questions = (await response.json()) as { id: number; question: string; options: string[] }[];
      questions[0]!.question = 'What does `sizeof(int)` return on most 32- and 64-bit systems?';
      questions[0]!.options = ['1', '2', '`<b>4</b>`', '8'];
      await route.fulfill({ response, json: questions });
    });
    await signInWithToken(page, student.token, '/DashPage/test');
    await expect(page.getByRole('heading', { name: 'Take self assessment test' })).toBeVisible();

    const first = page.locator('ol.quiz > li').first();
    const legend = first.locator('legend');
    await expect(legend).toHaveText('1. What does sizeof(int) return on most 32- and 64-bit systems?');
    await expect(legend.locator('code')).toHaveText('sizeof(int)');
    await expect(
      first.getByRole('group', { name: '1. What does sizeof(int) return on most 32- and 64-bit systems?' }),
    ).toBeVisible();
    // The option's markup is shown as text, inside code: no <b> element was made.
    await expect(first.getByText('<b>4</b>')).toBeVisible();
    await expect(first.locator('b')).toHaveCount(0);
    await expect(page.getByText('`')).toHaveCount(0);

    // The number is on the question's line, above the first answer, not beside it.
    const number = await legend.locator('.quiz-number').boundingBox();
    const radio = first.getByRole('radio').first();
    const radioBox = await radio.boundingBox();
    expect(number && radioBox && number.y + number.height <= radioBox.y).toBe(true);
    await expect(page.locator('ol.quiz')).toHaveCSS('list-style-type', 'none');

    // Radio buttons: at least 20 px, with a 2 px outline that stands out from white (3:1 or more).
    expect(radioBox!.width).toBeGreaterThanOrEqual(20);
    expect(radioBox!.height).toBeGreaterThanOrEqual(20);
    const border = await radio.evaluate((input) => {
      const style = getComputedStyle(input);
      return { width: parseFloat(style.borderTopWidth), color: style.borderTopColor };
    });
    expect(border.width).toBeGreaterThanOrEqual(2);
    expect(contrastOnWhite(border.color)).toBeGreaterThanOrEqual(3);
    await checkScreen(page, 'quiz-code-and-numbers', info.project.name);
  });

  test.describe('a test replaced in another tab', () => {
    // The refused submission is the browser's own console line about a 409.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 409/] });
    test('is refused, and Start a new test deals a fresh one, showing no questions until it comes', async ({
      page,
      context,
      request,
    }, info) => {
      const student = await apiStudent(request, { tag: 'quiz-tabs' });
      let deals = 0;
      let dealt = '';
      // The second deal of this page waits until the test has seen what the page shows meanwhile.
      let releaseSecondDeal!: () => void;
      const secondDealHeld = new Promise<void>((resolve) => (releaseSecondDeal = resolve));
      const idsOf = (questions: { id: number }[]) =>
        questions
          .map((q) => q.id)
          .sort((a, b) => a - b)
          .join();
      await page.route('**/api/v1/quiz', async (route) => {
        deals += 1;
        if (deals === 2) await secondDealHeld;
        const response = await route.fetch();
        dealt = idsOf((await response.json()) as { id: number }[]);
        await route.fulfill({ response });
      });
      await signInWithToken(page, student.token, '/DashPage/test');
      const questions = page.locator('ol.quiz > li');
      await expect(questions).toHaveCount(10);
      const answerAll = async () => {
        for (let i = 0; i < 10; i += 1) await questions.nth(i).getByRole('radio').first().check();
      };
      await answerAll();

      // The same student opens the test in a second tab, which deals a new test in place of the first.
      const other = await context.newPage();
      await other.goto('/DashPage/test');
      await expect(other.locator('ol.quiz > li')).toHaveCount(10);
      await other.close();
      // The bank is small, so the new test can hold the same ten questions (and the first tab's answers would fit it):
      // deal again until it does not.
      for (let tries = 0; ; tries += 1) {
        const newer = (await (await request.get('/api/v1/quiz', { headers: student.headers })).json()) as {
          id: number;
        }[];
        if (idsOf(newer) !== dealt) break;
        expect(tries, 'a test with other questions').toBeLessThan(20);
      }

      await page.getByRole('button', { name: 'Submit answers' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'These answers are not for your open test: a newer one may have been started in another tab. ' +
          'Please start a new test.',
      );
      await expect(page.getByRole('button', { name: 'Submit answers' })).toHaveCount(0);
      await checkScreen(page, 'quiz-test-gone', info.project.name);

      await page.getByRole('button', { name: 'Start a new test' }).click();
      await expect.poll(() => deals).toBe(2);
      await expect(page.getByRole('status')).toHaveText('Dealing your questions…');
      await expect(page.locator('ol.quiz')).toHaveCount(0);
      releaseSecondDeal();
      await expect(questions).toHaveCount(10);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('ol.quiz input:checked')).toHaveCount(0);
      await answerAll();
      await page.getByRole('button', { name: 'Submit answers' }).click();
      await expect(page.getByRole('status')).toHaveText(/^You scored \d+ out of 10$/);
    });
  });
});

test.describe('My Payment', () => {
  test('says what is true for an unpaid, a paid and a completed student', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const student = await apiStudent(request, { tag: 'paywords' });
    const payBefore = page.getByText('You can pay any time before your batch starts');

    await signInWithToken(page, student.token, '/DashPage/mypayment');
    await expect(page.locator('.status-unpaid')).toHaveText('Unpaid');
    await expect(payBefore).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();

    expect((await request.patch(`/students/${student.id}`, { headers: admin, data: { student_status: 1 } })).ok()).toBe(
      true,
    );
    await page.reload();
    await expect(page.locator('.status-paid')).toHaveText('Paid');
    await expect(page.getByText('Your course fee is paid: your classes and program exercises are open.')).toBeVisible();
    await expect(page.getByText('Your teacher recorded your payment. Thank you!')).toBeVisible();
    await expect(payBefore).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await checkScreen(page, 'my-payment-paid-words', info.project.name);

    expect((await request.put(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } })).ok()).toBe(
      true,
    );
    await page.reload();
    await expect(page.locator('.status-completed')).toHaveText('Completed');
    await expect(page.getByText('You have completed the course, and your course fee is paid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Feedback (After course)' }).last()).toHaveAttribute(
      'href',
      '/DashPage/myfeedback',
    );
    // Now the menu offers it too (on a phone, behind its button).
    const dashboardMenu = page.getByRole('navigation', { name: 'Dashboard' });
    if ((page.viewportSize()?.width ?? 1024) < 768) await dashboardMenu.getByRole('button', { name: 'Menu' }).click();
    await expect(dashboardMenu.getByRole('link', { name: 'My Feedback (After course)' })).toBeVisible();
    await expect(payBefore).toHaveCount(0);
    await expect(page.getByText('refunded')).toHaveCount(0);
  });
});

test.describe('dates and session titles', () => {
  // A reader far from India: a session on 30 Nov is still 30 Nov, and times are India's.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('one date format in India Standard Time on every screen and in the emails; session titles shown whole', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const session = uniqueNumber();
    // 60 characters in, the old cut fell in the middle of a word; at 360 px the select cut it again at its edge.
    const topics = `Pointers and arrays in depth: how an array name quietly decays into a pointer to its first element (${session})`;
    const student = await apiStudent(request, { tag: 'dates' });
    await placePaidStudent(request, admin, student, batch, {
      start_date: '2026-11-30',
      meeting_link: `https://meet.example.com/d-${batch}`,
    });
    expect(
      (
        await request.post('/courses/', {
          headers: admin,
          data: { session_number: session, session_date: '2026-11-30', topics },
        })
      ).ok(),
    ).toBe(true);

    await page.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com|drive\.google\.com)\//, (route) =>
      route.fulfill({ status: 204 }),
    );
    await signInWithToken(page, student.token, '/DashPage/myclasses');
    await expect(page.getByText(`Batch ${batch} starts on 30 Nov 2026.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Session ${session} · planned for 30 Nov 2026` })).toBeVisible();
    await expect(page.getByText(/\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4}/)).toHaveCount(0);

    await page.goto('/DashPage/mydoubts');
    // The session's whole title (no plan date: the batch timetable says when), where a select cut it mid-word.
    const choice = page.getByRole('radio', { name: `Session ${session}: ${topics}`, exact: true });
    await expect(choice).toBeVisible();
    const label = page.locator(`label[for="${await choice.getAttribute('id')}"]`);
    expect(
      await label.evaluate((element) => element.scrollWidth <= element.clientWidth),
      'the title wraps within its label',
    ).toBe(true);
    await choice.check();
    await page.getByLabel('Your doubt').fill('Is an array name a pointer?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.locator('.card', { hasText: 'Is an array name a pointer?' })).toContainText(
      `Session ${session}:`,
    );
    await checkScreen(page, 'doubt-sessions', info.project.name);

    await page.goto('/DashPage/mypayment');
    await expect(page.getByRole('region', { name: 'Your payments' })).toContainText(
      /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST/,
    );

    // The admin's screens: the same date.
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Create Course', exact: true }).click();
    await expect(page.getByRole('row').filter({ hasText: topics })).toContainText('30 Nov 2026');

    // The emails: the start date as the screens say it.
    await page.getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('button', { name: 'Create Batch', exact: true }).click();
    await page.getByLabel('Batch number').fill(String(batch));
    await page.getByRole('button', { name: 'Show Present Students' }).click();
    await page.getByRole('button', { name: 'Send meeting link' }).click();
    await expect(page.getByRole('status')).toContainText('1 email queued');
    await expect
      .poll(
        () => {
          const mails = JSON.parse(readFileSync('.tmp/e2e-data/mail.json', 'utf8')) as {
            to: string;
            subject: string;
            text: string;
          }[];
          return (
            mails.find((m) => m.to.includes(student.email) && m.subject === `Your class link for batch ${batch}`)
              ?.text ?? ''
          );
        },
        { timeout: 20_000 },
      )
      .toContain(`Welcome to batch ${batch}, starting on 30 Nov 2026.`);
  });
});
