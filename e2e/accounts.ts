import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expect, open, test } from './fixtures.js';
import { ADMIN } from './teacher.js';
import { openSqliteFile } from '../src/api/db/sqlite-driver.js';

export { ADMIN };
export const PASSWORD = 'Kernighan#1978';

let adminToken: string | undefined;

export function newEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The newest link in the outbox to an address, read as the admin reads mail when no SMTP server is set. */
export async function linkFromOutbox(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  const outbox = () => request.get('/api/v1/admin/outbox', { headers: { authorization: `Bearer ${adminToken}` } });
  let link: string | undefined;
  await expect
    .poll(async () => {
      let response = await outbox();
      // The token is kept for the worker's next calls; a worker's own copy of the site (own-site.ts) has its own.
      if (response.status() === 401) {
        const login = await request.post('/students/login', { data: ADMIN });
        expect(login.ok()).toBe(true);
        adminToken = (await login.json()).meta.token as string;
        response = await outbox();
      }
      expect(response.ok()).toBe(true);
      const mails = (await response.json()) as { to_address: string; subject: string; text_body: string }[];
      const mail = mails.find((m) => m.to_address === to && subject.test(m.subject));
      link = mail?.text_body.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** Accepts the next window.alert and returns its text. */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      void dialog.accept();
      resolve(dialog.message());
    });
  });
}

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await open(page, '/StudentSignup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'You are almost there!' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  // A client-side navigation keeps the previous page on screen until the next page's code has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The admin's bearer token, for setting up a test's data through the API. */
export async function adminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  const login = await request.post('/students/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).meta.token as string}` };
}

/** Approves a student's feedback as the teacher's panel does: naming the revision it read in the list. */
export async function approveTestimonial(
  request: APIRequestContext,
  admin: { authorization: string },
  studentId: number,
): Promise<APIResponse> {
  const list = (await (await request.get('/api/v1/admin/testimonials', { headers: admin })).json()) as {
    student_id: number;
    revision: number;
  }[];
  const entry = list.find((item) => item.student_id === studentId);
  return request.put(`/api/v1/admin/testimonials/${studentId}`, {
    headers: admin,
    data: { state: 'approved', revision: entry?.revision ?? -1 },
  });
}

export interface ApiStudent {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * A verified student made through the API (signup, the emailed link, and optionally the profile), so a test
 * about a screen doesn't walk through the signup screens first.
 */
export async function apiStudent(
  request: APIRequestContext,
  {
    tag,
    firstName = 'Asha',
    lastName = 'Nair',
    email = newEmail(tag),
    profile = true,
  }: { tag: string; firstName?: string; lastName?: string; email?: string; profile?: boolean },
): Promise<ApiStudent> {
  const signup = await request.post('/students', {
    data: { email, password: PASSWORD, first_name: firstName, last_name: lastName },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = await linkFromOutbox(request, email, /Verify your email/);
  const verified = await request.get(link.replace(/^https?:\/\/[^/]+/, ''), { maxRedirects: 0 });
  const token = new URL(verified.headers().location ?? '', 'http://x').searchParams.get('token');
  expect(token, 'the verification link signs the student in').toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/students/profile', { headers })).json()) as { id: number };
  if (profile) {
    const saved = await request.patch(`/students/${me.id}`, {
      headers,
      multipart: {
        mobile: '9876543210',
        city: 'Thiruvananthapuram',
        country: 'India',
        study: 'B.Tech Computer Science',
        institution: 'College of Engineering',
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return { id: me.id, email, token: token!, headers };
}

/**
 * Makes a student paid and puts them in a batch, as the admin does (Update Payment Status, Create Batch); with
 * `batchFields`, also sets the batch's start date or meeting link.
 */
export async function placePaidStudent(
  request: APIRequestContext,
  admin: { authorization: string },
  student: Pick<ApiStudent, 'id' | 'email'>,
  batch: number,
  batchFields?: { start_date?: string; meeting_link?: string },
): Promise<void> {
  const calls = [
    () => request.patch(`/students/${student.id}`, { headers: admin, data: { student_status: 1 } }),
    () =>
      request.patch('/students/update_batch', { headers: admin, data: { email: student.email, student_batch: batch } }),
    ...(batchFields ? [() => request.put(`/api/v1/batches/${batch}`, { headers: admin, data: batchFields })] : []),
  ];
  for (const call of calls) {
    const response = await call();
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** The browser tests' site keeps its database here (scripts/e2e-server.mjs); a test's own copy elsewhere. */
export const E2E_DATABASE = '.tmp/e2e-data/app.db';

/**
 * Records the student as in their batch since `since`, written straight into the site's database: the site records
 * the moment the teacher places a student, and a class held before it is not the student's to have missed. For a
 * test whose past class is made after the student was placed. Only for the shared site, not a test's own copy.
 */
export function inBatchSince(student: Pick<ApiStudent, 'id'>, since: Date): void {
  const db = openSqliteFile(E2E_DATABASE, { mustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('update students set batch_joined_at = ? where id = ?').run([since.toISOString(), student.id]);
  } finally {
    db.close();
  }
}

let signIns = 0;
/**
 * Signs the browser in with a token, as the verification page does, and opens a page. The token is stored before
 * the page's own scripts run, once for this tab (a later logout stays logged out), without opening another page
 * first.
 */
export async function signInWithToken(page: Page, token: string, url: string): Promise<void> {
  signIns += 1;
  await page.addInitScript(
    ({ value, flag }) => {
      try {
        if (window.sessionStorage.getItem(flag)) return;
        window.sessionStorage.setItem(flag, '1');
        window.localStorage.setItem('token', value);
      } catch {
        // A document with no origin of its own (a popup's first blank page, a sandboxed frame) has no storage.
      }
    },
    { value: token, flag: `signed-in-${signIns}` },
  );
  await open(page, url);
}

/** The teacher, signed in with a token from the API (their login page is tested in the login tests), on a page. */
export async function signInAsTeacher(page: Page, url = '/AdminPage'): Promise<void> {
  const { authorization } = await adminHeaders(page.request);
  await signInWithToken(page, authorization.slice('Bearer '.length), url);
}

let numbersDrawn = 0;
/**
 * A batch, program or session number no other test of this run uses (the browser tests share one database): each
 * worker process has its own index in the run, and so its own thousand numbers (random ones collided about once in a
 * hundred runs).
 */
export function uniqueNumber(): number {
  numbersDrawn += 1;
  if (numbersDrawn >= 1000) throw new Error('uniqueNumber: this worker drew its thousand numbers');
  return 10_000 + (test.info().workerIndex % 80) * 1000 + numbersDrawn;
}

/** The JSON of a set-up call, which must succeed (its body is the failure's message). */
export async function okJson<T>(
  response: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }>,
): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** The student's copy of the program, their draft, and a graded submission of that code; returns the copy's id. */
export async function handIn(
  request: APIRequestContext,
  student: ApiStudent,
  programNumber: number,
  code: string,
): Promise<number> {
  const mine = await okJson<{ id: number; program_number: number }[]>(
    request.get(`/student_programs/get_my_progs/${student.id}`, { headers: student.headers }),
  );
  const id = mine.find((p) => p.program_number === programNumber)!.id;
  await okJson(request.put(`/api/v1/student_programs/${id}/draft`, { headers: student.headers, data: { code } }));
  await okJson(
    request.post(`/api/v1/student_programs/${id}/submissions`, { headers: student.headers, data: { code } }),
  );
  return id;
}
