import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { certificateMessages, type MyCertificate, type PublicCertificate } from '../src/contracts/certificates.js';
import { courseWallClock, DEFAULT_TIME_ZONE, formatDate } from '../src/contracts/dates.js';
import {
  adminHeaders,
  type ApiStudent,
  apiStudent,
  inBatchSince,
  placePaidStudent,
  signInWithToken,
  uniqueNumber,
} from './accounts.js';
import { checkScreen, expect, open, saveScreenshot, test } from './fixtures.js';

const DAY = 24 * 60 * 60_000;

/** A paid student of a new batch whose two classes are over, marked completed by the teacher. */
async function completedStudent(request: APIRequestContext, admin: { authorization: string }, tag: string) {
  const batch = uniqueNumber();
  const student = await apiStudent(request, { tag, firstName: 'Meera', lastName: 'Krishnan' });
  await placePaidStudent(request, admin, student, batch);
  // In the batch since before its classes (a class held before a student joined is not theirs to have missed).
  inBatchSince(student, new Date(Date.now() - 61 * DAY));
  for (const [index, daysAgo] of [60, 2].entries()) {
    const clock = courseWallClock(new Date(Date.now() - daysAgo * DAY), DEFAULT_TIME_ZONE)!;
    const session = await request.post(`/api/v1/batches/${batch}/sessions`, {
      headers: admin,
      data: { session_number: index + 1, date: clock.date, start_time: clock.time, duration_minutes: 60 },
    });
    expect(session.status(), await session.text()).toBe(201);
  }
  await setStatus(request, admin, student, 2);
  return { student, batch, certificate: await myCertificate(request, student) };
}

async function setStatus(request: APIRequestContext, admin: { authorization: string }, s: ApiStudent, status: number) {
  const response = await request.put(`/students/${s.id}`, { headers: admin, data: { student_status: status } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function myCertificate(request: APIRequestContext, s: ApiStudent): Promise<PublicCertificate> {
  const response = await request.get('/api/v1/me/certificate', { headers: s.headers });
  expect(response.ok()).toBe(true);
  const { certificate } = (await response.json()) as MyCertificate;
  expect(certificate).not.toBeNull();
  return certificate!;
}

test.describe('certificates', () => {
  test.setTimeout(120_000);
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('the public page says valid, then revoked, and not found for a made-up code', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const { student, batch, certificate } = await completedStudent(request, admin, 'cert-page');

    // Typed by hand from the paper: lower case, no dashes.
    await open(page, `/certificates/${certificate.code.toLowerCase().replaceAll('-', '')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificate of Completion');
    await expect(page.getByRole('heading', { name: /This certificate is valid/ })).toBeVisible();
    await expect(page.getByText(certificateMessages.validStatement(certificate, DEFAULT_TIME_ZONE))).toBeVisible();
    expect(certificateMessages.validStatement(certificate, DEFAULT_TIME_ZONE)).toContain(
      `Meera Krishnan for completing`,
    );
    expect(certificateMessages.validStatement(certificate, DEFAULT_TIME_ZONE)).toContain(`batch ${batch} (`);
    await expect(page.locator('.certificate-verdict .badge')).toHaveText('Valid');
    await expect(page.locator('.certificate-verdict .badge')).toHaveCSS('background-color', 'rgb(25, 135, 84)');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await checkScreen(page, 'certificate-valid', info.project.name);

    await setStatus(request, admin, student, 1);
    await open(page, `/certificates/${certificate.code}`);
    await expect(page.getByRole('heading', { name: /This certificate is not valid/ })).toBeVisible();
    const revoked = await request.get(`/api/v1/certificates/${certificate.code}`);
    const { revoked_at: revokedAt } = (await revoked.json()) as { revoked_at: string };
    await expect(page.getByText(certificateMessages.revokedStatement(revokedAt, DEFAULT_TIME_ZONE))).toBeVisible();
    await expect(page.locator('.certificate-verdict .badge')).toHaveText('Revoked');
    await expect(page.getByText('Meera Krishnan', { exact: true })).toBeVisible();
    await checkScreen(page, 'certificate-revoked', info.project.name);

    const response = await page.goto('/certificates/ZZZZ-ZZZZ-ZZZ0');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('alert')).toContainText(certificateMessages.notFound);
    await expect(page.getByText('Meera Krishnan')).toHaveCount(0);
    await checkScreen(page, 'certificate-unknown', info.project.name);
  });

  test('a completed student downloads the PDF from the home; a revoked one sees that it was revoked', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const { student, certificate } = await completedStudent(request, admin, 'cert-home');
    await signInWithToken(page, student.token, '/DashPage');
    const card = page.getByRole('region', { name: 'Your certificate' });
    await expect(card).toContainText(certificate.code);
    await expect(card.getByRole('link', { name: /public page/ })).toHaveAttribute(
      'href',
      `/certificates/${certificate.code}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`certificate-${certificate.code}.pdf`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    await checkScreen(page, 'dashboard-certificate', info.project.name);

    await card.getByRole('link', { name: /public page/ }).click();
    await expect(page.getByRole('heading', { name: /This certificate is valid/ })).toBeVisible();

    await setStatus(request, admin, student, 1);
    await open(page, '/DashPage');
    const revoked = page.getByRole('region', { name: 'Your certificate' });
    await expect(revoked).toContainText(/was revoked on .* and is no longer valid/);
    await expect(revoked.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
    await checkScreen(page, 'dashboard-certificate-revoked', info.project.name);

    // The teacher's view of the student lists both: the revoked first one and, completed again, a new valid one.
    await setStatus(request, admin, student, 2);
    const second = await myCertificate(request, student);
    await signInWithToken(page, admin.authorization.replace('Bearer ', ''), `/AdminPage?student=${student.id}`);
    const list = page.getByRole('heading', { name: 'Certificates' }).locator('xpath=..');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText(second.code);
    await expect(list.getByRole('listitem').first()).toContainText('Valid');
    await expect(list.getByRole('listitem').last()).toContainText(certificate.code);
    await expect(list.getByRole('listitem').last()).toContainText('Revoked');
    await checkScreen(page, 'admin-student-certificates', info.project.name);
  });

  test('marked completed mid-batch, the teacher is asked first with the attendance and the classes left', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    const batch = uniqueNumber();
    const student = await apiStudent(request, { tag: 'cert-early', firstName: 'Ravi', lastName: 'Early' });
    await placePaidStudent(request, admin, student, batch);
    // In the batch since before its first class (one held before a student joined is not theirs to have missed).
    inBatchSince(student, new Date(Date.now() - 11 * DAY));
    // One class held (missed) 10 days ago, two still to come.
    for (const [index, days] of [-10, 5, 12].entries()) {
      const clock = courseWallClock(new Date(Date.now() + days * DAY), DEFAULT_TIME_ZONE)!;
      const session = await request.post(`/api/v1/batches/${batch}/sessions`, {
        headers: admin,
        data: { session_number: index + 1, date: clock.date, start_time: clock.time, duration_minutes: 60 },
      });
      expect(session.status(), await session.text()).toBe(201);
    }
    const last = courseWallClock(new Date(Date.now() + 12 * DAY), DEFAULT_TIME_ZONE)!;
    const today = courseWallClock(new Date(), DEFAULT_TIME_ZONE)!;

    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Update Course Completion', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Update Course Completion' });
    await panel.getByRole('searchbox').fill(student.email);
    await panel.getByRole('button', { name: 'Search' }).click();
    const row = panel.getByRole('row').filter({ hasText: student.email });
    await row.getByRole('button', { name: 'Update Ravi Early to completed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Ravi Early as completed before the batch ends?' });
    await expect(dialog).toContainText('Attendance: 0 of 1 class held (0%).');
    await expect(dialog).toContainText(
      `Batch ${batch} still has 2 classes to come, the last on ${formatDate(last.date, DEFAULT_TIME_ZONE)}. ` +
        `Completed now, Ravi Early’s certificate gives today, ${formatDate(today.date, DEFAULT_TIME_ZONE)}, as the end of the course.`,
    );
    await saveScreenshot(page, 'completion-mid-batch-dialog', info.project.name, { fullPage: false });
    await dialog.getByRole('button', { name: 'Mark as completed now' }).click();
    await expect(dialog).toBeHidden();
    const certificate = await myCertificate(request, student);
    // The period it states ends today, not on the batch's last class still to come.
    expect(certificate.batch_end).toBe(today.date);
    await expect(panel.getByRole('status')).toContainText(`Certificate ${certificate.code} was issued`);
    await checkScreen(page, 'completion-reported', info.project.name);
  });
});
