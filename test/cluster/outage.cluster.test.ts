/**
 * Crashes and outages against the built server as a real process: SIGKILL in the middle of signups, profile saves
 * and payments, on SQLite and on PostgreSQL; PostgreSQL stopped and started under load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/api/db/database.js';
import { type PgCluster, startPgCluster } from '../pg-cluster.js';
import { startSmtpCapture } from '../smtp-capture.js';
import { type SiteProcess, startSite } from './site-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let visitor = 0;
async function call(site: SiteProcess, method: string, path: string, body?: unknown, token?: string) {
  visitor += 1;
  const response = await fetch(site.url + path, {
    method,
    redirect: 'manual',
    headers: {
      'x-forwarded-for': `10.44.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, json, headers: response.headers };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function crashDuringBurst(databaseUrl: string) {
  const smtp = await startSmtpCapture();
  cleanups.push(() => smtp.close());
  const site = await startSite({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: 'teacher@example.com',
    ADMIN_PASSWORD: 'Teacher#2026',
  });
  cleanups.push(() => site.stop());
  const stamp = Date.now().toString(36);

  // Students ready for profile saves and payments.
  const ready: { id: number; token: string; order: string }[] = [];
  for (let i = 0; i < 8; i += 1) {
    const email = `ready${i}.${stamp}@example.com`;
    const created = await call(site, 'POST', '/students', {
      email,
      password: 'Kernighan#1978',
      first_name: 'Ready',
      last_name: String(i),
    });
    const mail = await until('verification mail', async () => smtp.messages.find((m) => m.to.includes(email)));
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    const verified = await call(site, 'GET', link.pathname + link.search);
    const token = decodeURIComponent(String(verified.headers.get('location')).match(/token=([^&]+)/)![1]!);
    const order = (await call(site, 'POST', '/api/v1/payments', {}, token)).json.order_id as string;
    ready.push({ id: Number((created.json.data as { id: string }).id), token, order });
  }

  const signupEmails = Array.from({ length: 25 }, (_, i) => `crash${i}.${stamp}@example.com`);
  let answeredSoFar = 0;
  const signups = signupEmails.map(async (email, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 12));
    const res = await call(site, 'POST', '/students', {
      email,
      password: 'Kernighan#1978',
      first_name: 'Crash',
      last_name: String(i),
    }).catch(() => ({ status: 0 }));
    if (res.status === 201) answeredSoFar += 1;
    return { email, status: res.status };
  });
  const saves = ready.map(async (s, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 25));
    const mobile = `98765432${String(i).padStart(2, '0')}`;
    const res = await call(
      site,
      'PATCH',
      `/students/${s.id}`,
      { mobile, city: 'Pune', country: 'India', study: 'BSc', institution: 'College' },
      s.token,
    ).catch(() => ({ status: 0 }));
    return { id: s.id, mobile, status: res.status };
  });
  // Photo saves: a photo is stored in the same transaction as the row that names it, so a kill leaves no orphan.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const photoSaves = ready.map(async (s, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 20));
    const form = new FormData();
    // The same mobile as this student's JSON save above, which races with it: whichever lands last, the mobile is
    // right.
    for (const [name, value] of Object.entries({
      mobile: `98765432${String(i).padStart(2, '0')}`,
      city: 'Kochi',
      country: 'India',
      study: 'BSc',
      institution: 'College',
    }))
      form.append(name, value);
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${site.url}/students/${s.id}`, {
      method: 'PATCH',
      body: form,
      headers: { authorization: `Bearer ${s.token}`, 'x-forwarded-for': `10.45.0.${i + 1}` },
    }).catch(() => ({ status: 0 }));
    return { id: s.id, status: res.status };
  });
  const payments = ready.map(async (s, i) => {
    await new Promise((resolve) => setTimeout(resolve, i * 30));
    try {
      const paid = await call(
        site,
        'POST',
        '/api/v1/payments/test_checkout',
        { order_id: s.order, outcome: 'success' },
        s.token,
      );
      const verified = await call(site, 'POST', '/api/v1/payments/update_payment_status', paid.json, s.token);
      return { id: s.id, order: s.order, status: verified.status };
    } catch {
      return { id: s.id, order: s.order, status: 0 };
    }
  });
  // Killed once a few signups have been answered, with the rest (and the saves and payments) still in flight.
  await until('the first answers', async () => answeredSoFar >= 3, 10_000);
  await site.kill('SIGKILL');
  const [signedUp, saved, paid] = await Promise.all([
    Promise.all(signups),
    Promise.all(saves),
    Promise.all(payments),
    Promise.all(photoSaves),
  ]);
  await site.restart();

  const handle = openDatabase(databaseUrl);
  try {
    const db = handle.db;
    const killedSome = [...signedUp, ...saved, ...paid].some((r) => r.status === 0 || r.status >= 500);
    const answered = signedUp.filter((r) => r.status === 201).map((r) => r.email);
    const rows = await db.selectFrom('students').select('email').where('email', 'in', signupEmails).execute();
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
    for (const email of answered) expect(counts.get(email), email).toBe(1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const s of saved.filter((r) => r.status === 200)) {
      expect(
        (await db.selectFrom('students').select('mobile').where('id', '=', s.id).executeTakeFirstOrThrow()).mobile,
      ).toBe(s.mobile);
    }
    for (const p of paid.filter((r) => r.status === 200)) {
      expect(
        (await db.selectFrom('students').select('student_status').where('id', '=', p.id).executeTakeFirstOrThrow())
          .student_status,
      ).toBe(1);
      const captured = await db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', p.order)
        .where('status', '=', 'captured')
        .execute();
      expect(captured).toHaveLength(1);
    }
    // Nobody is marked paid without a captured payment, and no order is paid twice.
    const paidStudents = await db
      .selectFrom('students')
      .select('id')
      .where(
        'id',
        'in',
        ready.map((s) => s.id),
      )
      .where('student_status', '=', 1)
      .execute();
    for (const { id } of paidStudents) {
      expect(
        await db
          .selectFrom('payments')
          .select('id')
          .where('student_id', '=', id)
          .where('status', '=', 'captured')
          .execute(),
      ).toHaveLength(1);
    }
    // Every stored photo is named by a student: none was left behind by a save the kill cut short.
    const orphans = await db
      .selectFrom('stored_files')
      .select('name')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('students').select('id').whereRef('students.image_path', '=', 'stored_files.name'))),
      )
      .execute();
    expect(orphans).toEqual([]);
    // The restarted process serves the data.
    expect((await call(site, 'GET', '/students/profile', undefined, ready[0]!.token)).status).toBe(200);
    return { answered: answered.length, killedSome };
  } finally {
    await handle.destroy();
  }
}

describe('crashes', () => {
  it('SIGKILL during signups, profile saves and payments on SQLite: nothing answered is lost or doubled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'course-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const result = await crashDuringBurst(`sqlite:${join(dir, 'app.db')}`);
    expect(result.answered).toBeGreaterThan(0);
  }, 120_000);

  it('SIGKILL during signups, profile saves and payments on PostgreSQL: nothing answered is lost or doubled', async () => {
    const pg = await startPgCluster();
    cleanups.push(() => pg.stop());
    const result = await crashDuringBurst(pg.url('postgres'));
    expect(result.answered).toBeGreaterThan(0);
  }, 120_000);
});

describe('outages', () => {
  let pg: PgCluster;

  it('PostgreSQL stopped under load: 503 while it is down, served again after, by the same process', async () => {
    pg = await startPgCluster();
    cleanups.push(() => pg.stop());
    const site = await startSite({
      DATABASE_URL: pg.url('postgres'),
      ADMIN_EMAIL: 'teacher@example.com',
      ADMIN_PASSWORD: 'Teacher#2026',
    });
    cleanups.push(() => site.stop());
    const token = (
      await call(site, 'POST', '/students/login', { email: 'teacher@example.com', password: 'Teacher#2026' })
    ).json.meta as { token: string };
    const pid = site.child.pid;

    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const res = await call(site, 'GET', '/courses/', undefined, token.token).catch(() => ({ status: 0, json: {} }));
        statuses.push(res.status);
        if (res.status === 503) expect(res.json).toMatchObject({ code: 'unavailable' });
      }
    })();
    await until('some answers', async () => statuses.length > 20);
    pg.halt();
    await until(
      'a 503 while the database is down',
      async () => statuses.slice(-5).every((s) => s === 503) && statuses.length > 25,
      30_000,
    );
    pg.resume();
    const before = statuses.length;
    await until(
      'answers again after the database is back',
      async () => statuses.slice(before).filter((s) => s === 200).length >= 5,
      30_000,
    );
    running = false;
    await load;

    expect(statuses).toContain(503);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(site.child.pid).toBe(pid);
    expect(site.child.exitCode).toBeNull();
  }, 120_000);
});
