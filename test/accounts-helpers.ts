import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { nowMs } from '../src/contracts/clock.js';
import type { AppOptions } from '../src/api/app.js';
import { type AccountLimits, defaultAccountLimits } from '../src/api/accounts/accounts.service.js';
import { seedIfEmpty } from '../src/api/db/seed.js';
import { createTestApp, type TestContext } from './test-app.js';

export const GOOD_PASSWORD = 'Kernighan#1978';

let counter = 0;
export function uniqueEmail(prefix = 'student'): string {
  counter += 1;
  return `${prefix}${counter}.${nowMs().toString(36)}@example.com`;
}

export async function signup(app: FastifyInstance, email: string, password = GOOD_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/students',
    payload: { email, password, first_name: 'Dennis', last_name: 'Ritchie' },
  });
}

/** The newest outbox message to an address (as stored; compared case-insensitively). */
export async function lastMailTo(ctx: TestContext, email: string) {
  const rows = await ctx.database.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').execute();
  const row = rows.find((r) => r.to_address.toLowerCase() === email.toLowerCase());
  expect(row, `a mail to ${email}`).toBeDefined();
  return row!;
}

export function tokenFromLink(text: string): string {
  const match = text.match(/token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no token in ${text}`);
  return decodeURIComponent(match[1]);
}

/** Signs a student up and follows the verification link; returns the session token. */
export async function verifiedStudent(
  ctx: TestContext,
  email = uniqueEmail(),
): Promise<{ email: string; token: string; id: number }> {
  const created = await signup(ctx.app, email);
  expect(created.statusCode).toBe(201);
  const mail = await lastMailTo(ctx, email);
  const verify = await ctx.app.inject({
    method: 'GET',
    url: `/students/verify_email?token=${encodeURIComponent(tokenFromLink(mail.text_body))}`,
  });
  expect(verify.statusCode).toBe(303);
  const token = tokenFromLink(String(verify.headers.location));
  return { email, token, id: Number(created.json().data.id) };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * A verified student marked paid by the teacher, moved into `batch`, with program `programNumber` sent to them (the
 * original client's one-student call). Returns the student and the id of their copy of the program.
 */
export async function studentWithProgram(
  ctx: TestContext,
  adminToken: string,
  { batch, programNumber }: { batch: number; programNumber: number },
): Promise<{ email: string; token: string; id: number; spId: number }> {
  const s = await verifiedStudent(ctx);
  const asAdmin = (method: 'PATCH' | 'POST', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: bearer(adminToken), payload });
  expect((await asAdmin('PATCH', `/students/${s.id}`, { student_status: 1 })).statusCode).toBe(200);
  const moved = await asAdmin('PATCH', '/students/update_batch', { email: s.email, student_batch: batch });
  expect(moved.statusCode).toBe(200);
  const sent = await asAdmin('POST', '/student_programs', {
    student_id: s.id,
    program_number: programNumber,
    task: 'Print the sum of two numbers.',
    solution: '',
  });
  expect(sent.statusCode).toBe(201);
  return { ...s, spId: sent.json().id as number };
}

/**
 * A fresh app and database with the seeded admin signed in (and generous per-IP limits for the many calls of a test
 * file).
 */
export async function createAdminTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'gatewayTimeoutMs' | 'clock' | 'notificationPollMs' | 'onMailQueued' | 'importReader'> = {},
  distDir?: string,
): Promise<{ ctx: TestContext; adminToken: string }> {
  // Generous limits: a test file makes many calls as one admin and from one address.
  const ctx = await createTestApp({ ADMIN_PASSWORD: 'Teacher#2026x', ...env }, distDir, {
    ipRateLimits: { login: 1000, signup: 1000, email: 1000 },
    accountWriteLimits: { perMinute: 1_000_000 },
    ...options,
  });
  await seedIfEmpty(ctx.database.db, ctx.config);
  return { ctx, adminToken: await adminLogin(ctx) };
}

/** A new session of the teacher made by createAdminTestApp (after a test moved the clock past the first one's end). */
export async function adminLogin(ctx: TestContext): Promise<string> {
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/students/login',
    payload: { email: 'teacher@example.com', password: 'Teacher#2026x' },
  });
  expect(login.statusCode).toBe(200);
  return login.json().meta.token as string;
}

/** The site's account limits with some replaced (tests use small windows and short slowdowns). */
export function accountLimits(overrides: Partial<AccountLimits>): AccountLimits {
  return { ...defaultAccountLimits(), ...overrides };
}

/** Approves a student's feedback as the teacher's panel does: naming the revision it read in the list. */
export async function approveTestimonial(app: FastifyInstance, adminToken: string, studentId: number) {
  const list = (
    await app.inject({ method: 'GET', url: '/api/v1/admin/testimonials', headers: bearer(adminToken) })
  ).json() as { student_id: number; revision: number }[];
  const entry = list.find((item) => item.student_id === studentId);
  return app.inject({
    method: 'PUT',
    url: `/api/v1/admin/testimonials/${studentId}`,
    headers: bearer(adminToken),
    payload: { state: 'approved', revision: entry?.revision ?? -1 },
  });
}
