import type { APIRequestContext } from '@playwright/test';
import { courseWallClock, DEFAULT_TIME_ZONE } from '../src/contracts/dates.js';
import {
  adminHeaders,
  apiStudent,
  type ApiStudent,
  inBatchSince,
  signInWithToken,
  placePaidStudent,
  uniqueNumber,
} from './accounts.js';
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './fixtures.js';

const MINUTE = 60_000;

/** A paid student in a batch whose meeting link is set. */
async function paidStudentIn(request: APIRequestContext, admin: { authorization: string }, batch: number) {
  const student = await apiStudent(request, { tag: 'schedule' });
  await placePaidStudent(request, admin, student, batch, { meeting_link: `https://meet.example.com/class-${batch}` });
  return student;
}

/** A session of the batch at an instant, through the admin API (date and time on the course clock). */
async function scheduleAt(
  request: APIRequestContext,
  admin: { authorization: string },
  batch: number,
  sessionNumber: number,
  at: Date,
  minutes = 60,
): Promise<number> {
  const clock = courseWallClock(at, DEFAULT_TIME_ZONE)!;
  const response = await request.post(`/api/v1/batches/${batch}/sessions`, {
    headers: admin,
    data: { session_number: sessionNumber, date: clock.date, start_time: clock.time, duration_minutes: minutes },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function attendanceOf(
  request: APIRequestContext,
  admin: { authorization: string },
  sessionId: number,
  student: ApiStudent,
) {
  const sheet = (await (
    await request.get(`/api/v1/batch_sessions/${sessionId}/attendance`, { headers: admin })
  ).json()) as { rows: { student_id: number; joined_at: string | null; status: string; mark: string | null }[] };
  return sheet.rows.find((r) => r.student_id === student.id);
}

test.describe('class schedule', () => {
  test.setTimeout(120_000);

  test('a student counts down to the next class and joins it; attendance is recorded', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await paidStudentIn(request, admin, batch);
    // In the batch since before its past class (a class held before a student joined is not theirs to have missed).
    inBatchSince(student, new Date(Date.now() - 3 * 24 * 60 * MINUTE));
    // A class starting in a few minutes (its start rounds down to the minute), one two days ago, one in three days.
    const soon = await scheduleAt(request, admin, batch, 1, new Date(Date.now() + 4 * MINUTE), 90);
    await scheduleAt(request, admin, batch, 2, new Date(Date.now() - 2 * 24 * 60 * MINUTE));
    await scheduleAt(request, admin, batch, 3, new Date(Date.now() + 3 * 24 * 60 * MINUTE));

    await page
      .context()
      .route(/^https:\/\/meet\.example\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Meeting</title><p>Meeting</p>' }),
      );
    await page.route(/^https:\/\/(i\.ytimg\.com|www\.youtube-nocookie\.com|drive\.google\.com)\//, (route) =>
      route.fulfill({ status: 204 }),
    );
    await signInWithToken(page, student.token, '/DashPage/myclasses');
    const next = page.getByRole('region', { name: 'Next class: Session 1' });
    await expect(next).toBeVisible();
    await expect(next.getByRole('timer')).toHaveText(/^Starts in \d+ min \d+ s$/);
    // The countdown runs.
    const first = await next.getByRole('timer').textContent();
    await expect(next.getByRole('timer')).not.toHaveText(first ?? '');
    await expect(page.getByRole('heading', { name: 'Past classes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming classes' })).toBeVisible();
    await expect(page.locator('[data-session="2"]')).toContainText(/Absent/);
    if (info.project.name === 'desktop') await expectNoSeriousA11yViolations(page, { screen: 'my classes timetable' });

    // "Add to calendar" downloads this class from the student's private feed.
    const addToCalendar = next.getByRole('link', { name: /^Add to calendar/ });
    await expect(addToCalendar).toHaveAttribute('href', new RegExp(`/calendar/[^/]+/sessions/${soon}\\.ics$`));
    const ics = await request.get((await addToCalendar.getAttribute('href'))!);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain(`batch-session-${soon}@`);

    const join = next.getByRole('link', { name: /^Join/ });
    // The student's own join address: it records the attendance, then opens the meeting.
    await expect(join).toHaveAttribute('href', /^\/join\/[\w-]{43}$/);
    await expect(join).toHaveAttribute('target', '_blank');
    await expect(join).toHaveAttribute('rel', /noopener/);
    expect((await attendanceOf(request, admin, soon, student))?.joined_at).toBeNull();
    const popup = page.waitForEvent('popup');
    await join.click();
    const meeting = await popup;
    await expect(meeting).toHaveURL(`https://meet.example.com/class-${batch}`);
    await expect.poll(async () => (await attendanceOf(request, admin, soon, student))?.status).toBe('present');
    expect((await attendanceOf(request, admin, soon, student))?.joined_at).toBeTruthy();
    await meeting.close();
  });

  test('the teacher generates a schedule, sees its sessions, and corrects a mark on the attendance sheet', async ({
    page,
    request,
  }) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await paidStudentIn(request, admin, batch);
    inBatchSince(student, new Date(Date.now() - 2 * 24 * 60 * MINUTE));
    const held = await scheduleAt(request, admin, batch, 1, new Date(Date.now() - 24 * 60 * MINUTE));

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Class Schedule', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Class Schedule' });
    await expect(panel).toBeVisible();
    await panel.getByLabel('Batch number').fill(String(batch));
    await panel.getByRole('button', { name: 'Show schedule' }).click();
    await expect(panel.locator('tbody tr')).toHaveCount(1);

    await panel.getByLabel('First date (empty: the batch’s start date)').fill('2030-01-07');
    await panel.getByLabel('Start time').first().fill('18:30');
    await panel.getByRole('button', { name: 'Generate schedule' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /sessions? scheduled for batch/ })).toBeVisible();
    const rows = await panel.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(2);
    await expect(panel.locator('tbody tr').nth(1)).toContainText('Mon 7 Jan 2030, 6:30 pm – 8:00 pm IST');

    await panel.getByRole('button', { name: 'Delete session 2', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Delete session 2 of batch/ });
    await dialog.getByRole('button', { name: 'Delete session 2' }).click();
    await expect(panel.locator('tbody tr')).toHaveCount(rows - 1);

    await panel.getByRole('button', { name: 'Attendance of session 1', exact: true }).click();
    const sheet = panel.getByRole('region', { name: 'Attendance of session 1', exact: true });
    const row = sheet.locator('tr', { hasText: student.email });
    const status = row.locator('td').nth(3);
    await expect(status).toHaveText('Absent');
    await row.getByLabel(/Correction for/).selectOption('present');
    await expect(status).toHaveText('Presentcorrected');
    expect(await attendanceOf(request, admin, held, student)).toMatchObject({ status: 'present', mark: 'present' });
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`attendance-batch-${batch}-session-1.csv`);

    // The teacher's own calendar feed, with every batch, is in the same panel.
    const feed = panel.getByRole('region', { name: 'Class calendar' }).getByLabel('Your private calendar address');
    await expect(feed).toHaveValue(/\/calendar\/[A-Za-z0-9_-]+/);
    const calendar = await request.get(await feed.inputValue());
    expect(await calendar.text()).toContain(`Batch ${batch} ·`);
  });

  test('the batch list shows each timetable; a session added to the plan names the batches lacking it', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    await paidStudentIn(request, admin, batch);
    await scheduleAt(request, admin, batch, 1, new Date(Date.now() + 7 * 24 * 60 * MINUTE));

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Create Batch', exact: true }).click();
    const batchPanel = page.getByRole('region', { name: 'Create Batch (Add Students to a Batch)' });
    const row = batchPanel
      .getByRole('region', { name: 'Batches' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^(Batch )?${batch}$`) }) });
    // (On a phone the rows are cards whose cells carry their column's name.)
    await expect(row).toContainText(/1 class; lacks (session|\d+ sessions of the plan)/);
    await expect(row.getByRole('cell').nth(0)).toHaveText('1');
    // Every batch-number field suggests the same list, each batch named the same way.
    await expect(batchPanel.locator(`datalist option[value="${batch}"]`)).toHaveAttribute(
      'label',
      `Batch ${batch} (1 student)`,
    );
    await row.getByRole('button', { name: `Open batch ${batch}` }).click();
    await expect(batchPanel.getByLabel('Batch number')).toHaveValue(String(batch));
    await saveScreenshot(page, 'batch-list', info.project.name);
    await batchPanel.getByRole('button', { name: 'Exit' }).click();

    await page.getByRole('button', { name: 'Create Course', exact: true }).click();
    const course = page.getByRole('region', { name: 'Create Course (Add/Delete Your Session Details)' });
    const planned = uniqueNumber();
    await course.getByLabel('Session number').fill(String(planned));
    await course.getByLabel('Planned date').fill('2030-06-01');
    await course.getByLabel('Topics').fill(`Bit fields (${planned})`);
    await course.getByRole('button', { name: 'Add', exact: true }).click();
    const told = course
      .getByRole('status')
      .filter({ hasText: `Session ${planned} is in the plan, but not on the timetable` });
    await expect(told).toContainText(String(batch));
    // Leave the shared plan as it was.
    const sessions = (await (await request.get('/courses/', { headers: admin })).json()) as {
      id: number;
      session_number: number;
    }[];
    const added = sessions.find((s) => s.session_number === planned)!;
    expect((await request.delete(`/courses/${added.id}`, { headers: admin })).status()).toBe(204);
  });

  test('paid students in no batch are in the overview, and several move into a batch at once', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const waiting = [await apiStudent(request, { tag: 'unplaced' }), await apiStudent(request, { tag: 'unplaced' })];
    for (const s of waiting)
      expect((await request.patch(`/students/${s.id}`, { headers: admin, data: { student_status: 1 } })).ok()).toBe(
        true,
      );

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect(attention).toContainText(/\d+ paid students? in no batch/);
    await attention.getByRole('button', { name: 'Place them in a batch' }).click();
    const panel = page.getByRole('region', { name: 'Create Batch (Add Students to a Batch)' });
    await expect(panel).toBeInViewport();
    await panel.getByLabel('Batch number').fill(String(batch));
    for (const s of waiting)
      await panel.getByRole('checkbox', { name: new RegExp(s.email.replace('.', '\\.')) }).check();
    await saveScreenshot(page, 'unplaced-students', info.project.name);
    await panel.getByRole('button', { name: `Move 2 selected to batch ${batch}` }).click();
    await expect(panel.getByRole('status').filter({ hasText: `2 students moved to batch ${batch}.` })).toBeVisible();
    const members = (await (
      await request.get(`/students/getbatch?student_batch=${batch}`, { headers: admin })
    ).json()) as {
      email: string;
    }[];
    expect(members.map((m) => m.email).sort()).toEqual(waiting.map((s) => s.email).sort());
    await expect(panel.getByRole('checkbox', { name: new RegExp(waiting[0]!.email.replace('.', '\\.')) })).toHaveCount(
      0,
    );
  });
});
