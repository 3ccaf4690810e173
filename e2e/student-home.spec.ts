import type { APIRequestContext } from '@playwright/test';
import { courseWallClock, DEFAULT_TIME_ZONE, formatDateTime } from '../src/contracts/dates.js';
import { contentMessages } from '../src/contracts/course-content.js';
import { formatDeadline } from '../src/contracts/home.js';
import { adminHeaders, apiStudent, inBatchSince, placePaidStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { checkScreen, expect, test } from './fixtures.js';

const MINUTE = 60_000;

/** A program of the course sent to the batch, with a due date or none. */
async function sendProgram(
  request: APIRequestContext,
  admin: { authorization: string },
  batch: number,
  programNumber: number,
  dueDate?: string,
) {
  const created = await request.post('/programs', {
    headers: admin,
    data: { program_number: programNumber, task: `Print the numbers from 1 to ${programNumber}.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const sent = await request.post(`/api/v1/programs/${id}/send`, {
    headers: admin,
    data: { student_batch: batch, ...(dueDate ? { due_date: dueDate } : {}) },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

test.describe("the student's home", () => {
  test.setTimeout(120_000);

  test('shows the next class counting down with Join, and the program due soonest first, which opens its workspace', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await apiStudent(request, { tag: 'home' });
    await placePaidStudent(request, admin, student, batch, { meeting_link: `https://meet.example.com/home-${batch}` });
    // In the batch since before its past class below (one held before a student joined is not theirs to have missed).
    inBatchSince(student, new Date(Date.now() - 3 * 24 * 60 * MINUTE));
    // A class in a few minutes: the Join button is already there.
    const start = courseWallClock(new Date(Date.now() + 4 * MINUTE), DEFAULT_TIME_ZONE)!;
    const session = await request.post(`/api/v1/batches/${batch}/sessions`, {
      headers: admin,
      data: { session_number: 1, date: start.date, start_time: start.time, duration_minutes: 60 },
    });
    expect(session.status(), await session.text()).toBe(201);
    // A program without a deadline (a lower number) and one due in two days.
    const undated = uniqueNumber();
    const dated = undated + 1;
    const due = courseWallClock(new Date(Date.now() + 2 * 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!.date;
    await sendProgram(request, admin, batch, undated);
    await sendProgram(request, admin, batch, dated, due);
    // A class held two days ago (missed), a doubt answered and a comment on the student's code.
    const past = courseWallClock(new Date(Date.now() - 2 * 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!;
    const held = await request.post(`/api/v1/batches/${batch}/sessions`, {
      headers: admin,
      data: { session_number: 2, date: past.date, start_time: past.time, duration_minutes: 60 },
    });
    expect(held.status(), await held.text()).toBe(201);
    const doubt = await request.post('/api/v1/doubts', {
      headers: student.headers,
      data: { question: 'Why does scanf need the & before a variable?' },
    });
    expect(doubt.status(), await doubt.text()).toBe(201);
    const answered = await request.patch(`/api/v1/admin/doubts/${((await doubt.json()) as { id: number }).id}`, {
      headers: admin,
      data: { answer: 'scanf needs the address of the variable, so that it can store the number there.' },
    });
    expect(answered.ok(), await answered.text()).toBe(true);
    const mine = (await (
      await request.get(`/student_programs/get_my_progs/${student.id}`, { headers: student.headers })
    ).json()) as { id: number; program_number: number }[];
    const commented = await request.post(
      `/api/v1/admin/student_programs/${mine.find((p) => p.program_number === undated)!.id}/comments`,
      { headers: admin, data: { line: 3, body: 'Start the loop at 1, not 0.' } },
    );
    expect(commented.status(), await commented.text()).toBe(201);
    await page
      .context()
      .route(/^https:\/\/meet\.example\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Meeting</title><p>Meeting</p>' }),
      );

    await signInWithToken(page, student.token, '/DashPage');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
    const next = page.getByRole('region', { name: 'Next class: Session 1' });
    await expect(next).toBeVisible();
    const timer = next.getByRole('timer');
    await expect(timer).toHaveText(/^Starts in \d+ min \d+ s$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '');
    await expect(next.getByRole('link', { name: /^Join session 1/ })).toBeVisible();

    const steps = page.getByRole('region', { name: 'What to do next' }).getByRole('listitem');
    await expect(steps.nth(0)).toContainText('Join the class now: session 1');
    await expect(steps.nth(1)).toContainText(`Solve program ${dated}`);
    await expect(steps.nth(1)).toContainText(`Due ${formatDeadline(`${due}T18:29:59.999Z`, DEFAULT_TIME_ZONE)}`);
    await expect(steps.nth(2)).toContainText(`Solve program ${undated}`);
    const toSolve = page.getByRole('region', { name: 'Programs to solve' }).getByRole('listitem');
    await expect(toSolve.nth(0)).toContainText(`Program ${dated}`);
    await expect(toSolve.nth(1)).toContainText(`Program ${undated}`);
    await expect(page.getByRole('progressbar', { name: 'Programs' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 2 programs solved',
    );
    await expect(page.getByRole('progressbar', { name: 'Classes' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 1 sessions attended',
    );
    await expect(page.getByRole('region', { name: 'Doubts answered' })).toContainText(
      'scanf needs the address of the variable',
    );
    const comments = page.getByRole('region', { name: 'Latest comments on your code' });
    await expect(comments).toContainText('Start the loop at 1, not 0.');
    await expect(comments.getByRole('link', { name: `Program ${undated}, line 3` })).toHaveAttribute(
      'href',
      `/DashPage/myprogs/${mine.find((p) => p.program_number === undated)!.id}`,
    );
    await checkScreen(page, 'student-home-class-soon', info.project.name);

    await steps
      .nth(1)
      .getByRole('link', { name: `Solve program ${dated}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Program ${dated}` })).toBeVisible();
    await expect(page.getByText(`Due ${formatDeadline(`${due}T18:29:59.999Z`, DEFAULT_TIME_ZONE)}`)).toBeVisible();
    await expect(page).toHaveURL(/\/DashPage\/myprogs\/\d+$/);
  });

  test('an unpaid student without a profile is asked for the profile first, then the fee', async ({
    page,
    request,
  }, info) => {
    const student = await apiStudent(request, { tag: 'home-new', profile: false });
    await signInWithToken(page, student.token, '/DashPage');
    const steps = page.getByRole('region', { name: 'What to do next' }).getByRole('listitem');
    await expect(steps.nth(0)).toContainText('Complete your profile');
    await expect(steps.nth(1)).toContainText('Pay the course fee');
    await expect(page.getByRole('region', { name: 'Programs to solve' })).toHaveCount(0);
    await expect(page.getByText('Join the batch by paying the course fee from My Payment.')).toBeVisible();
    await checkScreen(page, 'student-home-new', info.project.name);
    await steps.nth(1).getByRole('link', { name: 'Pay the course fee' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Payment' })).toBeVisible();
  });
});

test.describe('the home through a day in the course', () => {
  test.setTimeout(120_000);

  test('a student moved in late: earlier classes are not missed ones; Join, then "you joined"; a timed program says when it opens; completed, the class still shows', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await apiStudent(request, { tag: 'home-day' });
    // Two classes were held before the student is moved into the batch, today.
    const held = [4, 2].map((days) =>
      courseWallClock(new Date(Date.now() - days * 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!,
    );
    for (const [index, when] of held.entries()) {
      const added = await request.post(`/api/v1/batches/${batch}/sessions`, {
        headers: admin,
        data: { session_number: index + 1, date: when.date, start_time: when.time, duration_minutes: 60 },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    await placePaidStudent(request, admin, student, batch, { meeting_link: `https://meet.example.com/day-${batch}` });
    const start = courseWallClock(new Date(Date.now() + 4 * MINUTE), DEFAULT_TIME_ZONE)!;
    const soon = await request.post(`/api/v1/batches/${batch}/sessions`, {
      headers: admin,
      data: { session_number: 3, date: start.date, start_time: start.time, duration_minutes: 60 },
    });
    expect(soon.status(), await soon.text()).toBe(201);
    // A timed program that opens in two days at 10:00 am.
    const programNumber = uniqueNumber();
    const created = await request.post('/programs', {
      headers: admin,
      data: { program_number: programNumber, task: `Swap two numbers with pointers (batch ${batch}).` },
    });
    expect(created.status(), await created.text()).toBe(201);
    const programId = ((await created.json()) as { id: number }).id;
    const opensDate = courseWallClock(new Date(Date.now() + 2 * 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!.date;
    const timed = await request.put('/api/v1/admin/timed_work', {
      headers: admin,
      data: { program_ids: [programId], student_batch: batch, opens_date: opensDate, opens_time: '10:00', minutes: 45 },
    });
    expect(timed.ok(), await timed.text()).toBe(true);
    const opensAt = ((await timed.json()) as { program_number: number; opens_at: string }[]).find(
      (t) => t.program_number === programNumber,
    )!.opens_at;
    const sent = await request.post(`/api/v1/programs/${programId}/send`, {
      headers: admin,
      data: { student_batch: batch },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await page
      .context()
      .route(/^https:\/\/meet\.example\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Meeting</title><p>Meeting</p>' }),
      );

    await signInWithToken(page, student.token, '/DashPage');
    const steps = page.getByRole('region', { name: 'What to do next' }).getByRole('listitem');
    await expect(steps.nth(0)).toContainText('Join the class now: session 3');
    // The classes before the student joined are not counted as missed.
    await expect(page.getByRole('progressbar', { name: 'Classes' })).toHaveAttribute(
      'aria-valuetext',
      'No class held yet',
    );
    // The timed program: its task is hidden, and the home says when it opens (course clock, the site's format).
    const opening = formatDateTime(opensAt, DEFAULT_TIME_ZONE);
    const toSolve = page.getByRole('region', { name: 'Programs to solve' });
    await expect(toSolve).toContainText(`The task is shown when the program opens, at ${opening}.`);
    await expect(steps.nth(1)).toContainText(`Program ${programNumber} opens at ${opening}`);
    await checkScreen(page, 'student-home-join-now', info.project.name);

    const next = page.getByRole('region', { name: 'Next class: Session 3' });
    const popup = page.waitForEvent('popup');
    await next.getByRole('link', { name: /^Join session 3/ }).click();
    await (await popup).close();
    await expect(steps.nth(0)).toContainText(/You joined session 3: it ends at \d{1,2}:\d{2} [ap]m IST/);
    await expect(next).toContainText(/You joined at \d{1,2}:\d{2} [ap]m/);
    await expect(next.getByRole('link', { name: /^Open the meeting again/ })).toBeVisible();
    await page.reload();
    await expect(steps.nth(0)).toContainText('You joined session 3');
    await expect(page.getByText('Join the class now')).toHaveCount(0);
    await checkScreen(page, 'student-home-joined', info.project.name);

    await signInWithToken(page, student.token, '/DashPage/myclasses');
    await expect(page.locator('[data-session="1"]')).toContainText('Before you joined');
    await expect(page.locator('[data-session="2"]')).toContainText('Before you joined');
    await checkScreen(page, 'my-classes-before-joining', info.project.name);

    // Completed while the class is on: the home shows the class, asks for feedback; nothing says no class is coming.
    const completed = await request.patch(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } });
    expect(completed.ok(), await completed.text()).toBe(true);
    await signInWithToken(page, student.token, '/DashPage');
    await expect(page.getByRole('region', { name: 'Next class: Session 3' })).toBeVisible();
    await expect(steps.nth(0)).toContainText('Tell future students about the course');
    await expect(page.getByText('No class is coming up yet')).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Classes' })).toHaveAttribute(
      'aria-valuetext',
      'No class held yet',
    );
    await checkScreen(page, 'student-home-completed-class-on', info.project.name);
  });
});

test.describe('program deadlines', () => {
  test.setTimeout(120_000);
  // The refused past day is a 400 the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('the teacher sends a program with a due date; a past day is refused; the student sees the deadline', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const programNumber = uniqueNumber();
    const student = await apiStudent(request, { tag: 'home-due' });
    await placePaidStudent(request, admin, student, batch);
    const created = await request.post('/programs', {
      headers: admin,
      data: { program_number: programNumber, task: `Reverse a string (batch ${batch}).` },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInWithToken(page, admin.authorization.replace('Bearer ', ''), '/AdminPage');
    await page.getByRole('button', { name: 'Program Exercises' }).click();
    const panel = page.getByRole('region', { name: 'Program Exercises (Add/Delete Your Program Details)' });
    await panel.getByLabel('Batch number').fill(String(batch));
    const yesterday = courseWallClock(new Date(Date.now() - 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!.date;
    const tomorrow = courseWallClock(new Date(Date.now() + 24 * 60 * MINUTE), DEFAULT_TIME_ZONE)!.date;
    await panel.getByLabel('Due date (optional)').fill(yesterday);
    const row = panel.getByRole('listitem').filter({ hasText: `Reverse a string (batch ${batch}).` });
    await row.getByRole('button', { name: /^Send Task/ }).click();
    await expect(panel.getByText(contentMessages.dueDatePassed)).toBeVisible();
    await expect(panel.getByLabel('Due date (optional)')).toHaveAttribute('aria-invalid', 'true');
    await panel.getByLabel('Due date (optional)').fill(tomorrow);
    await row.getByRole('button', { name: /^Send Task/ }).click();
    await expect(panel.getByRole('status')).toContainText(
      `Program ${programNumber} sent to 1 student of batch ${batch}, due `,
    );
    await checkScreen(page, 'admin-programs-due-date', info.project.name);

    await signInWithToken(page, student.token, '/DashPage/myprogs');
    await expect(page.getByText(`Due ${formatDeadline(`${tomorrow}T18:29:59.999Z`, DEFAULT_TIME_ZONE)}`)).toBeVisible();
    await checkScreen(page, 'student-progs-due', info.project.name);
  });
});
