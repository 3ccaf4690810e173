import type { APIRequestContext, Page } from '@playwright/test';
import { courseWallClock, DEFAULT_TIME_ZONE } from '../src/contracts/dates.js';
import {
  adminHeaders,
  type ApiStudent,
  apiStudent,
  inBatchSince,
  newEmail,
  signInWithToken,
  placePaidStudent,
  uniqueNumber,
} from './accounts.js';
import { checkScreen, expect, expectNoSidewaysScroll, open, saveScreenshot, test } from './fixtures.js';

/**
 * Every screen, at the project's width (desktop, and a 360 px phone): nothing scrolls sideways (a wide table
 * scrolls inside its own focusable, named region) and axe finds nothing serious or critical. Issue 16, section 3.
 */

/** Numbers (sessions, programs, batches) no other test picks. */

/** Long words that can't wrap: the emails, order ids and tasks that used to widen the admin's tables. */
const longEmail = (tag: string) => newEmail(`${tag}.with-a-rather-long-address.for-the-tables`);
const longTask = (batch: number) =>
  `Write a program that reads a line of text and prints every word on its own line, longest first; handle punctuation such as commas, full stops and semicolons, and explain your choice of buffer size in a comment (batch ${batch}).`;
const LONG_CODE = `#include <stdio.h>\n\nint main(void) {\n  printf("%s\\n", "a string literal that is much longer than a phone is wide, so the editor scrolls sideways inside itself");\n  return 0;\n}\n`;

/** Three dated sessions of the batch: two days ago, starting in a few minutes, and in three days. */
async function scheduleSessions(request: APIRequestContext, admin: { authorization: string }, batch: number) {
  const offsets = [-2 * 24 * 60, 4, 3 * 24 * 60];
  for (const [index, minutes] of offsets.entries()) {
    const clock = courseWallClock(new Date(Date.now() + minutes * 60_000), DEFAULT_TIME_ZONE)!;
    const response = await request.post(`/api/v1/batches/${batch}/sessions`, {
      headers: admin,
      data: { session_number: index + 1, date: clock.date, start_time: clock.time, duration_minutes: 90 },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function stubExternalMedia(page: Page) {
  await page.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com|drive\.google\.com)\//, (route) =>
    route.fulfill({ status: 204 }),
  );
}

/** The screen has loaded its heading, and it is the page's h1 (every screen has one). */
async function expectHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
  expect
    .soft(await page.getByRole('heading', { level: 1 }).allTextContents(), 'the h1')
    .toEqual([typeof name === 'string' ? name : expect.stringMatching(name)]);
}

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe('the keyboard focus', () => {
  test('is a clear ring on the navy header and footer', async ({ page }) => {
    await open(page, '/AboutUs');
    const navy = await page.locator('header nav').evaluate((nav) => getComputedStyle(nav).backgroundColor);
    const ringOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
      });
    // From the top of the page: the skip link, then the header's links and buttons, one after the other.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    for (let step = 0; step < 2; step += 1) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveCount(1);
      expect(await focused.evaluate((element) => element.closest('header') !== null), 'focus is in the header').toBe(
        true,
      );
      const ring = await ringOf(focused);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(contrast(ring.color, navy)).toBeGreaterThanOrEqual(3);
    }
    const footerLink = page.locator('footer').getByRole('link', { name: 'Terms' });
    await footerLink.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(footerLink).toBeFocused();
    const ring = await ringOf(footerLink);
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, navy)).toBeGreaterThanOrEqual(3);
  });
});

test.describe('every screen fits the width and passes axe', () => {
  test.setTimeout(300_000);

  test.describe('visitor pages', () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('public and account pages', async ({ page }, info) => {
      const pages: [string, string | RegExp][] = [
        ['/', 'Learn C programming, one live class at a time'],
        ['/StudentSignup', 'Sign up'],
        ['/StudentLogin', 'Login'],
        ['/ForgotPassword', /Forgot Password/],
        ['/ResetPassword', /Reset/],
        ['/AboutUs', /About/],
        ['/Terms', /Terms/],
        ['/PrivacyPolicy', /Privacy Policy/],
        ['/StudentLogout', /.+/],
        ['/VerificationFailed', /.+/],
        ['/StopReminders', 'Class reminders'],
        // A made-up code (valid and revoked certificates: certificates.spec.ts checks them the same way).
        ['/certificates/ZZZZ-ZZZZ-ZZZ0', 'Certificate of Completion'],
        ['/no/such/page', 'We couldn’t find that page'],
      ];
      for (const [path, heading] of pages) {
        await open(page, path);
        await expectHeading(page, heading);
        await checkScreen(
          page,
          `visitor${path === '/' ? '-home' : path.replaceAll('/', '-').toLowerCase()}`,
          info.project.name,
        );
      }
    });
  });

  // One test per state, each with its own student, so the two workers share the sweep.
  const studentFor = async (request: APIRequestContext, tag: string) => ({
    admin: await adminHeaders(request),
    batch: uniqueNumber(),
    student: await apiStudent(request, { tag, email: longEmail(tag) }),
  });

  test("a student's dashboard, unpaid: home, classes, payment and the checkout", async ({ page, request }, info) => {
    await stubExternalMedia(page);
    const { student } = await studentFor(request, 'screens-unpaid');
    const shot = (name: string) => checkScreen(page, `student-${name}`, info.project.name);

    // Unpaid.
    await signInWithToken(page, student.token, '/DashPage');
    await expectHeading(page, /Welcome, Asha/);
    await shot('overview-unpaid');
    await open(page, '/DashPage/myclasses');
    await expectHeading(page, 'My Classes');
    await shot('classes-unpaid');
    await open(page, '/DashPage/mypayment');
    await expectHeading(page, 'My Payment');
    await shot('payment-unpaid');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await expect(checkout).toBeVisible();
    await shot('payment-checkout-dialog');
    await saveScreenshot(page, 'student-payment-checkout-dialog-window', info.project.name, { fullPage: false });
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(checkout).toBeHidden();
  });

  test("a student's dashboard, paid: classes, timetable, home, programs and the editor", async ({
    page,
    request,
  }, info) => {
    await stubExternalMedia(page);
    const { admin, batch, student } = await studentFor(request, 'screens-paid');
    const shot = (name: string) => checkScreen(page, `student-${name}`, info.project.name);
    await signInWithToken(page, student.token, '/DashPage');
    await expectHeading(page, /Welcome, Asha/);

    // Paid, in a batch, with sessions, a program, a draft, a doubt answered and a test taken.
    await seedPaidStudent(request, admin, student, batch);
    await open(page, '/DashPage/myclasses');
    await expectHeading(page, 'My Classes');
    await expect(page.getByRole('link', { name: 'Join the class (video meeting)' })).toBeVisible();
    await shot('classes');
    // The batch's own dated sessions: a past one, one starting in minutes (countdown and Join), one to come.
    await scheduleSessions(request, admin, batch);
    await open(page, '/DashPage/myclasses');
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByRole('link', { name: /^Join session 2/ })).toBeVisible();
    await shot('classes-timetable');
    await open(page, '/DashPage');
    await expectHeading(page, /Welcome, Asha/);
    await expect(page.getByRole('region', { name: 'What to do next' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Progress' })).toBeVisible();
    await shot('home');
    await open(page, '/DashPage/myprogs');
    await expectHeading(page, 'My Progs');
    await expect(page.getByText(longTask(batch))).toBeVisible();
    await shot('progs');
    await page.getByRole('link', { name: 'Open in the editor' }).first().click();
    await expect(page.locator('.cm-content')).toContainText('a string literal');
    await shot('program-editor');
  });

  test("a student's dashboard, paid: doubts, tests, payment, notifications and account pages", async ({
    page,
    request,
  }, info) => {
    await stubExternalMedia(page);
    const { admin, batch, student } = await studentFor(request, 'screens-account');
    const shot = (name: string) => checkScreen(page, `student-${name}`, info.project.name);
    await seedPaidStudent(request, admin, student, batch);
    await signInWithToken(page, student.token, '/DashPage');
    await expectHeading(page, /Welcome, Asha/);

    await open(page, '/DashPage/mydoubts');
    await expectHeading(page, 'My Doubts');
    await expect(page.locator('.doubt-answer')).toBeVisible();
    await shot('doubts');
    await open(page, '/DashPage/mytests');
    await expectHeading(page, 'My Tests');
    await page.locator('main details summary').first().click();
    await shot('tests');
    await open(page, '/DashPage/test');
    await expectHeading(page, 'Take self assessment test');
    await expect(page.locator('ol.quiz > li')).toHaveCount(10);
    await shot('self-test');
    await open(page, '/DashPage/mypayment');
    await expectHeading(page, 'My Payment');
    await shot('payment-paid');
    await open(page, '/DashPage/changePassword');
    await expectHeading(page, 'Change Password');
    await shot('change-password');
    await open(page, '/DashPage/myfeedback');
    await expectHeading(page, 'My Feedback (After course)');
    await shot('feedback-not-yet');
    await open(page, '/DashPage/notifications');
    await expectHeading(page, 'Notifications');
    await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
    await shot('notifications');
    await open(page, '/Profile');
    await expectHeading(page, 'Profile');
    await shot('profile');
    await open(page, '/ChangePassword');
    await expectHeading(page, 'Change Password');
    await shot('change-password-page');
    await open(page, '/StudentLogout');
    await expectHeading(page, 'Are you sure to logout ?');
    await shot('logout');
  });

  test("a student's dashboard, completed: feedback and payment", async ({ page, request }, info) => {
    await stubExternalMedia(page);
    const { admin, batch, student } = await studentFor(request, 'screens-completed');
    const shot = (name: string) => checkScreen(page, `student-${name}`, info.project.name);
    await seedPaidStudent(request, admin, student, batch);
    await signInWithToken(page, student.token, '/DashPage');
    await expectHeading(page, /Welcome, Asha/);

    // Completed.
    expect((await request.put(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } })).ok()).toBe(
      true,
    );
    await open(page, '/DashPage/myfeedback');
    await expect(page.getByLabel('Your feedback')).toBeVisible();
    await shot('feedback');
    const sent = await request.patch(`/students/${student.id}`, {
      headers: student.headers,
      multipart: { feedback: 'The pointers class was the best part.' },
    });
    expect(sent.ok()).toBe(true);
    await open(page, '/DashPage/myfeedback');
    await expect(page.getByRole('status')).toContainText('Waiting for the teacher’s approval');
    await shot('feedback-waiting');
    await open(page, '/DashPage/mypayment');
    await expectHeading(page, 'My Payment');
    await shot('payment-completed');
  });

  test('the admin dashboard: every panel, with long emails, ids and tasks in it', async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await apiStudent(request, { tag: 'panels', email: longEmail('panels') });
    const { programNumber } = await seedPaidStudent(request, admin, student, batch);
    const shot = (name: string) => checkScreen(page, `admin-${name}`, info.project.name);

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await expectHeading(page, 'Admin Dashboard');
    await shot('dashboard');

    // The gradebook of the student's batch, and the student's work opened from it.
    const gradebook = page.getByRole('region', { name: 'Gradebook', exact: true });
    await gradebook.getByLabel('Batch', { exact: true }).selectOption(String(batch));
    await expect(gradebook.locator('tbody tr')).toHaveCount(1);
    await shot('gradebook');
    await gradebook.locator('tbody th').getByRole('button').click();
    await expect(page.getByRole('region', { name: /^Code of program/ })).toBeVisible();
    await shot('student-work');
    await page.getByRole('button', { name: 'Back to the gradebook' }).click();

    const openPanel = async (button: string, region: string) => {
      await page.getByRole('button', { name: button, exact: true }).click();
      const panel = page.getByRole('region', { name: region });
      await expect(panel).toBeVisible();
      return panel;
    };
    const exit = async (panel: ReturnType<Page['getByRole']>) => {
      await panel.getByRole('button', { name: 'Exit' }).click();
      await expect(panel).toHaveCount(0);
    };
    const search = async (panel: ReturnType<Page['getByRole']>, text: string) => {
      await panel.getByRole('searchbox').fill(text);
      await panel.getByRole('button', { name: 'Search' }).click();
      await expect(panel.locator('tbody tr')).toHaveCount(1);
      // A list being fetched again is faded (and says it is busy): the scan reads the list as it settles.
      await expect(panel.locator('table[aria-busy="true"]')).toHaveCount(0);
    };

    for (const [button, region, name] of [
      ['List of New Students', 'List of New Students', 'new-students'],
      ['List of Regd Students', 'List of Regd Students', 'regd-students'],
      ['Update Payment Status', 'Update Payment Status', 'update-payment'],
      ['Update Course Completion', 'Update Course Completion', 'update-completion'],
      ['Data View', 'Student Data', 'data-view'],
    ] as const) {
      const panel = await openPanel(button, region);
      // The first page of every student, then the one with the long email.
      await expect(panel.locator('tbody tr').first()).toBeVisible();
      await expectNoSidewaysScroll(page, { soft: true, screen: `admin-${name} (first page)` });
      await search(panel, student.email);
      await shot(name);
      await exit(panel);
    }

    const batchPanel = await openPanel('Create Batch', 'Create Batch (Add Students to a Batch)');
    await batchPanel.getByLabel('Batch number').fill(String(batch));
    await batchPanel.getByRole('button', { name: 'Show Present Students' }).click();
    await expect(batchPanel.getByRole('region', { name: 'Students in the batch' }).locator('tbody tr')).toHaveCount(1);
    await shot('create-batch');
    await exit(batchPanel);

    const course = await openPanel('Create Course', 'Create Course (Add/Delete Your Session Details)');
    await expect(course.locator('tbody tr').first()).toBeVisible();
    await shot('create-course');
    await exit(course);

    await scheduleSessions(request, admin, batch);
    const schedule = await openPanel('Class Schedule', 'Class Schedule');
    await schedule.getByLabel('Batch number').fill(String(batch));
    await schedule.getByRole('button', { name: 'Show schedule' }).click();
    await expect(schedule.locator('tbody tr')).toHaveCount(3);
    await shot('class-schedule');
    await schedule.getByRole('button', { name: 'Attendance of session 1', exact: true }).click();
    await expect(schedule.getByRole('region', { name: 'Attendance of session 1', exact: true })).toContainText(
      student.email,
    );
    await shot('attendance-sheet');
    await exit(schedule);

    const programs = await openPanel('Program Exercises', 'Program Exercises (Add/Delete Your Program Details)');
    await programs.getByLabel('Batch number').fill(String(batch));
    await programs.getByRole('button', { name: 'Show batch List' }).click();
    await expect(programs.getByText(student.email)).toBeVisible();
    const row = programs
      .getByRole('list', { name: 'Programs' })
      .getByRole('listitem')
      .filter({ hasText: longTask(batch) });
    await expect(row).toBeVisible();
    await shot('programs');
    await row.getByRole('button', { name: /Test cases/ }).click();
    await expect(programs.getByLabel(/Starter code/)).toBeVisible();
    await row.getByRole('button', { name: /Solutions/ }).click();
    await expect(programs.getByRole('heading', { name: /Solutions to program/ })).toBeVisible();
    await shot('programs-test-cases');
    await exit(programs);

    const supervision = await openPanel('Live supervision', 'Live supervision');
    await supervision.getByLabel('Program', { exact: true }).selectOption(String(programNumber));
    await supervision
      .locator('tr', { hasText: student.email })
      .getByRole('button', { name: /Open code/ })
      .click();
    await expect(supervision.locator('.code-lines')).toContainText('a string literal');
    // Each line's button says its number and its code, not "Line 4" alone.
    await expect(supervision.getByRole('button', { name: /^Line 4: printf\(.*a string literal/ })).toBeVisible();
    await shot('supervision');
    await exit(supervision);

    const similarity = await openPanel('Similarity check', 'Similarity check');
    await similarity.getByLabel('Program').selectOption(String(programNumber));
    await similarity.getByLabel('Batch').selectOption(String(batch));
    await expect(similarity).toContainText(
      `No check has been run for program ${programNumber} and batch ${batch} yet.`,
    );
    await shot('similarity');
    await exit(similarity);

    const payments = await openPanel('Payments', 'Payments');
    await expect(payments.locator('tbody tr').first()).toBeVisible();
    await shot('payments');
    await exit(payments);

    const doubts = await openPanel('Doubts', 'Doubts');
    await expect(doubts.getByText(student.email).first()).toBeVisible();
    await shot('doubts');
    await exit(doubts);

    const questions = await openPanel('Self assessment questions', 'Self assessment questions');
    await questions.locator('details summary').first().click();
    await shot('questions');
    await exit(questions);

    const outbox = await openPanel('Mail outbox', 'Mail outbox');
    await outbox.locator('details', { hasText: student.email }).first().locator('summary').click();
    await shot('outbox');
    await exit(outbox);

    const settings = await openPanel('Site Settings', 'Site Settings');
    await expect(settings.getByLabel('Instructor name')).not.toHaveValue('');
    await shot('site-settings');
    await exit(settings);

    expect((await request.put(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } })).ok()).toBe(
      true,
    );
    const old = await openPanel('List of Old Students', 'List of Old Students');
    await search(old, student.email);
    await shot('old-students');
    await exit(old);

    const testimonials = await openPanel('Testimonials', 'Testimonials');
    await expect(testimonials.getByText(/Feedback shows on the home page only once approved/)).toBeVisible();
    await shot('testimonials');
    await exit(testimonials);
  });
});

/**
 * The teacher takes the student's fee, puts them in a batch with a start date and link, adds a session, sends a
 * program with test cases; the student saves a draft, asks a doubt (answered) and takes the self assessment test.
 */
async function seedPaidStudent(
  request: APIRequestContext,
  admin: { authorization: string },
  student: ApiStudent,
  batch: number,
) {
  const ok = async (response: Promise<{ ok(): boolean; text(): Promise<string> }>) => {
    const answer = await response;
    expect(answer.ok(), await answer.text()).toBe(true);
    return answer as unknown as { json(): Promise<unknown> };
  };
  await placePaidStudent(request, admin, student, batch, {
    start_date: '2026-11-30',
    meeting_link: `https://meet.example.com/c-${batch}`,
  });
  // In the batch since before its past class (a class held before a student joined is not theirs to have missed).
  inBatchSince(student, new Date(Date.now() - 3 * 24 * 60 * 60_000));
  const session = (await (
    await ok(
      request.post('/courses/', {
        headers: admin,
        data: {
          session_number: uniqueNumber(),
          session_date: '2026-11-30',
          topics: `Pointers and arrays: how an array name decays to a pointer (batch ${batch})`,
        },
      }),
    )
  ).json()) as { id: number };
  const programNumber = uniqueNumber();
  const program = (await (
    await ok(
      request.post('/programs/', { headers: admin, data: { program_number: programNumber, task: longTask(batch) } }),
    )
  ).json()) as { id: number };
  await ok(
    request.put(`/api/v1/programs/${program.id}/exercise`, {
      headers: admin,
      data: {
        starter_code: '',
        tests: [{ stdin: 'one two\n', expected_output: 'one\ntwo\n', visible: true, points: 1 }],
      },
    }),
  );
  await ok(request.post(`/api/v1/programs/${program.id}/send`, { headers: admin, data: { student_batch: batch } }));
  const mine = (await (
    await ok(request.get(`/student_programs/get_my_progs/${student.id}`, { headers: student.headers }))
  ).json()) as { id: number; program_number: number }[];
  const studentProgram = mine.find((p) => p.program_number === programNumber)!;
  await ok(
    request.put(`/api/v1/student_programs/${studentProgram.id}/draft`, {
      headers: student.headers,
      data: { code: LONG_CODE },
    }),
  );
  const doubt = (await (
    await ok(
      request.post('/api/v1/doubts', {
        headers: student.headers,
        data: {
          question: 'Why does an array name decay to a pointer when passed to a function?',
          session_id: session.id,
        },
      }),
    )
  ).json()) as { id: number };
  await ok(
    request.patch(`/api/v1/admin/doubts/${doubt.id}`, {
      headers: admin,
      data: { answer: 'Because C passes arrays by the address of their first element.' },
    }),
  );
  const quiz = (await (await ok(request.get('/api/v1/quiz', { headers: student.headers }))).json()) as { id: number }[];
  await ok(
    request.post('/api/v1/quiz/attempts', {
      headers: student.headers,
      data: { answers: quiz.map((q) => ({ question_id: q.id, answer_index: 0 })) },
    }),
  );
  return { programNumber, studentProgramId: studentProgram.id };
}
