/**
 * The site as it runs scaled out: three processes on one PostgreSQL behind nginx (scripts/cluster.ts), with a real
 * SMTP server and a fake Razorpay on loopback. Needs the build (dist/) and nginx; `npm test` runs it after the build.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.js';
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay.js';
import { startSmtpCapture } from '../smtp-capture.js';

let cluster: Cluster;
let fake: FakeRazorpay;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let database: pg.Client;
let adminToken: string;
let visitor = 0;

/** Each call comes from its own address (nginx passes X-Forwarded-For on), unless one is given. */
// The test reads many response shapes (json: any); the assertions check them.
async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  ip?: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any; headers: Headers }> {
  visitor += 1;
  const response = await fetch(cluster.url + path, {
    method,
    redirect: 'manual',
    headers: {
      'x-forwarded-for': ip ?? `10.9.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json, headers: response.headers };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Signs up through nginx and follows the verification link from the captured email; returns the session. */
async function verifiedStudent(email: string): Promise<{ id: number; token: string }> {
  const created = await call('POST', '/students', {
    email,
    password: 'Kernighan#1978',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  expect(created.status).toBe(201);
  const mail = await until(`the verification mail to ${email}`, async () =>
    smtp.messages.find((m) => m.to.includes(email) && /Verify/.test(m.subject)),
  );
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  const verified = await call('GET', link.pathname + link.search);
  const token = decodeURIComponent(String(verified.headers.get('location')).match(/token=([^&]+)/)![1]!);
  return { id: Number(created.json.data.id), token };
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  smtp = await startSmtpCapture();
  cluster = await startCluster({
    processes: 3,
    env: {
      SMTP_URL: smtp.url,
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      // Mail claimed by the process the crash test kills comes back after 10 s instead of 5 minutes.
      MAIL_LEASE_SECONDS: '10',
    },
  });
  database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  adminToken = (await call('POST', '/students/login', { email: 'teacher@example.com', password: 'Teacher#2026' })).json
    .meta.token;
}, 180_000);

afterAll(async () => {
  await database?.end();
  await cluster?.stop();
  await fake?.close();
  await smtp?.close();
});

describe('three processes behind nginx', () => {
  it('migrated and seeded once', async () => {
    const admins = await database.query("select count(*)::int as n from students where role = 'admin'");
    expect(admins.rows[0].n).toBe(1);
    const migrations = await database.query('select count(*)::int as n from kysely_migration');
    expect(migrations.rows[0].n).toBeGreaterThanOrEqual(7);
  });

  it('carries a student through signup, verification, profile, payment by webhook, and a graded program', async () => {
    const email = `journey.${Date.now()}@example.com`;
    const s = await verifiedStudent(email);
    const profile = await call(
      'PATCH',
      `/students/${s.id}`,
      { mobile: '9876543210', city: 'Pune', country: 'India', study: 'BSc', institution: 'Fergusson College' },
      s.token,
    );
    expect(profile.status).toBe(200);

    const order = await call('POST', '/api/v1/payments', {}, s.token);
    expect(order.status).toBe(201);
    const payment = fake.pay(order.json.order_id, 'captured');
    const delivery = fake.webhook('payment.captured', payment);
    const hook = await fetch(`${cluster.url}/api/v1/payments/webhook`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(hook.status).toBe(200);
    expect((await call('GET', '/students/profile', undefined, s.token)).json.student_status).toBe(1);

    const program = await call('POST', '/programs/', { program_number: 501, task: 'Print the sum.' }, adminToken);
    await call(
      'PUT',
      `/api/v1/programs/${program.json.id}/exercise`,
      {
        tests: [
          { stdin: '2 3', expected_output: '5' },
          { stdin: '4 4', expected_output: '8', visible: false },
        ],
      },
      adminToken,
    );
    const sent = await call(
      'POST',
      '/student_programs/',
      { student_id: s.id, program_number: 501, task: 'Print the sum.', solution: '' },
      adminToken,
    );
    const graded = await call(
      'POST',
      `/api/v1/student_programs/${sent.json.id}/submissions`,
      { code: '#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}' },
      s.token,
    );
    expect(graded.status).toBe(201);
    expect(graded.json).toMatchObject({ score: 2, total: 2 });
  }, 120_000);

  it('holds a rate limit across the processes', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push(
        (
          await call(
            'POST',
            '/students/login',
            { email: `nobody${i}@example.com`, password: 'Wrong#Pass1' },
            undefined,
            ip,
          )
        ).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('loses and doubles nothing when a process is killed in the middle of signups and payments', async () => {
    // Orders to pay by webhook during the burst.
    const payers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifiedStudent(`payer${i}.${Date.now()}@example.com`)),
    );
    const orders = await Promise.all(
      payers.map(async (p) => (await call('POST', '/api/v1/payments', {}, p.token)).json.order_id as string),
    );
    const deliveries = orders.map((orderId) => fake.webhook('payment.captured', fake.pay(orderId, 'captured')));

    const emails = Array.from({ length: 30 }, (_, i) => `burst${i}.${Date.now()}@example.com`);
    const signups = emails.map(async (email, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 15));
      const res = await call('POST', '/students', {
        email,
        password: 'Kernighan#1978',
        first_name: 'Burst',
        last_name: String(i),
      }).catch(() => ({ status: 0 }));
      return { email, status: res.status };
    });
    // Each webhook delivered twice, as Razorpay may.
    const hooks = [...deliveries, ...deliveries].map(async (d, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      return fetch(`${cluster.url}/api/v1/payments/webhook`, { method: 'POST', headers: d.headers, body: d.body }).then(
        (r) => r.status,
        () => 0,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const victim = cluster.processes[1]!;
    victim.child.kill('SIGKILL');
    const signupResults = await Promise.all(signups);
    const hookStatuses = await Promise.all(hooks);
    await victim.restart();

    // Razorpay retries deliveries that weren't acknowledged.
    for (const [i, status] of hookStatuses.entries()) {
      if (status !== 200) {
        const d = deliveries[i % deliveries.length]!;
        expect(
          (await fetch(`${cluster.url}/api/v1/payments/webhook`, { method: 'POST', headers: d.headers, body: d.body }))
            .status,
        ).toBe(200);
      }
    }

    // Every answered signup is stored exactly once; nothing answered 201 is missing.
    const answered = signupResults.filter((r) => r.status === 201).map((r) => r.email);
    expect(answered.length).toBeGreaterThan(0);
    const stored = await database.query(
      'select lower(email) as email, count(*)::int as n from students where email = any($1) group by lower(email)',
      [emails],
    );
    for (const email of answered) expect(stored.rows.find((r) => r.email === email.toLowerCase())?.n, email).toBe(1);
    expect(stored.rows.every((r) => r.n === 1)).toBe(true);

    // Every payment credited once: one captured row per order, each payer paid, one receipt each.
    const captured = await database.query(
      "select order_id, count(*)::int as n from payments where order_id = any($1) and status = 'captured' group by order_id",
      [orders],
    );
    expect(captured.rows).toHaveLength(orders.length);
    const paid = await database.query(
      'select count(*)::int as n from students where id = any($1) and student_status = 1',
      [payers.map((p) => p.id)],
    );
    expect(paid.rows[0].n).toBe(payers.length);

    // Every verification and receipt email is sent exactly once, by whichever process claimed it.
    const expectedMail = [
      ...stored.rows.map((r) => `${r.email}|Verify`),
      ...payers.map((_, i) => `payer${i}|Payment receipt`),
    ];
    await until(
      'the outbox to drain',
      async () => {
        const pending = await database.query("select count(*)::int as n from outbox where status = 'pending'");
        return pending.rows[0].n === 0;
      },
      90_000,
    );
    for (const key of expectedMail) {
      const [who, subject] = key.split('|') as [string, string];
      const copies = smtp.messages.filter((m) => m.to.toLowerCase().includes(who) && m.subject.includes(subject));
      expect(copies.length, key).toBe(1);
    }
  }, 180_000);
});
