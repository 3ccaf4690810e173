import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastMailTo, verifiedStudent, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { doubtMessages } from '../../contracts/doubts.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('doubts', () => {
  it('a student asks (optionally about a session), the admin answers, the student sees it and gets an email', async () => {
    const s = await verifiedStudent(ctx);
    const session = await ctx.database.db
      .selectFrom('course_sessions')
      .select(['id', 'session_number'])
      .orderBy('session_number')
      .executeTakeFirstOrThrow();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'Why does scanf need &?', session_id: session.id },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      question: 'Why does scanf need &?',
      session_number: session.session_number,
      answer: null,
    });
    const general = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'Is there a book?' },
    });
    expect(general.json().session_id).toBeNull();

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    expect(
      list
        .json()
        .items.slice(0, 2)
        .map((d: { answered_at: string | null }) => d.answered_at),
    ).toEqual([null, null]);
    const answered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/doubts/${asked.json().id}`,
      headers: bearer(adminToken),
      payload: { answer: 'scanf writes into the variable, so it needs its address.' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().answered_at).not.toBeNull();
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    expect(after.json().items[0].id).toBe(general.json().id);

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(s.token) });
    expect(mine.json().find((d: { id: number }) => d.id === asked.json().id).answer).toBe(
      'scanf writes into the variable, so it needs its address.',
    );
    const mail = await lastMailTo(ctx, s.email);
    expect(mail.subject).toBe('Your teacher answered your doubt');
    expect(mail.text_body).toContain('needs its address');
  });

  it('keeps doubts private and refuses empty ones, unknown sessions, and students answering', async () => {
    const a = await verifiedStudent(ctx);
    const b = await verifiedStudent(ctx);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(a.token),
      payload: { question: 'Private question' },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(b.token) })).json()).toEqual(
      [],
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: '   ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: 'x', session_id: 999999 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(a.token),
          payload: { question: 'x'.repeat(4001) },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/doubts/${asked.json().id}`,
          headers: bearer(b.token),
          payload: { answer: 'hack' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(a.token) })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/v1/admin/doubts/999999',
          headers: bearer(adminToken),
          payload: { answer: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/doubts/${asked.json().id}`,
          headers: bearer(adminToken),
          payload: { answer: '' },
        })
      ).statusCode,
    ).toBe(400);
  });
  it('a doubt asked from Step through keeps its run; the lists carry only its summary, the teacher fetches the run', async () => {
    const s = await verifiedStudent(ctx);
    // Two-byte and four-byte characters: the sizes are UTF-8 bytes, not characters.
    const trace = {
      code: 'int main(void) {\n  int *p = 0; // café\n  return *p;\n}\n',
      stdin: '3 4 🙂',
      files: [
        { name: 'in.txt', content: '1 2' },
        { name: 'names.txt', content: 'Zoë\n' },
      ],
      step: 2,
      line: 3,
    };
    const summary = { step: 2, line: 3, code_bytes: 55, stdin_bytes: 8, files: 2, files_bytes: 8 };
    expect(summary.code_bytes).toBe(Buffer.byteLength(trace.code));
    expect(summary.stdin_bytes).toBe(Buffer.byteLength(trace.stdin));
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'At step 3 (line 3): why does it stop?', trace },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().run).toEqual(summary);
    const id: number = asked.json().id;

    // Neither list, nor the answers of asking and answering, hold the code, the input or the files.
    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/doubts', headers: bearer(adminToken) });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/doubts', headers: bearer(s.token) });
    const answered = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/doubts/${id}`,
      headers: bearer(adminToken),
      payload: { answer: 'p is NULL: reading *p stops the program.' },
    });
    expect(answered.statusCode).toBe(200);
    const listed = all.json().items.find((d: { id: number }) => d.id === id);
    for (const doubt of [listed, mine.json()[0], asked.json(), answered.json()]) {
      expect(doubt.id).toBe(id);
      expect(doubt.run).toEqual(summary);
      // Exactly the summary (toEqual fails on any other key), and no run beside it.
      for (const key of ['trace', 'code', 'stdin', 'files']) expect(doubt).not.toHaveProperty(key);
    }
    for (const body of [all.body, mine.body, asked.body, answered.body]) {
      expect(body).not.toContain('café');
      expect(body).not.toContain('Zoë');
      expect(body).not.toContain('in.txt');
    }

    // The run, exactly as asked, for the teacher only.
    const run = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/doubts/${id}/run`,
      headers: bearer(adminToken),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ args: [], ...trace });
    const asStudent = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/doubts/${id}/run`,
      headers: bearer(s.token),
    });
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.body).not.toContain('café');
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/doubts/${id}/run` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('café');

    // A doubt without a run, and no doubt at all: 404, said in words.
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/doubts',
      headers: bearer(s.token),
      payload: { question: 'No run here' },
    });
    expect(plain.json().run).toBeNull();
    const noRun = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/doubts/${plain.json().id}/run`,
      headers: bearer(adminToken),
    });
    expect([noRun.statusCode, noRun.json()]).toEqual([404, { errors: [doubtMessages.noRun], code: 'notFound' }]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/doubts/999999/run',
      headers: bearer(adminToken),
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { errors: [doubtMessages.noSuchDoubt], code: 'notFound' },
    ]);
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/doubts/x/run',
      headers: bearer(adminToken),
    });
    expect(badId.statusCode).toBe(400);

    // A step past the limit, a negative line, a missing code: refused, nothing stored.
    for (const bad of [
      { ...trace, step: 100_001 },
      { ...trace, line: -1 },
      { stdin: '', files: [], step: 0, line: 0 },
      { ...trace, extra: true },
    ]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/doubts',
        headers: bearer(s.token),
        payload: { question: 'Refused?', trace: bad },
      });
      expect(refused.statusCode).toBe(400);
    }
    const count = await ctx.database.db
      .selectFrom('doubts')
      .where('question', '=', 'Refused?')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe("the teacher's list, a page at a time", () => {
  type Page = { items: { id: number; answered_at: string | null }[]; has_more: boolean; next: string | null };
  type Counts = { waiting: number; total: number };

  const page = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/doubts${query}`,
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page & Counts;
  };

  /** Every page of `limit` from the start, following `next`. */
  async function walk(limit: number, between?: (pages: Page[]) => Promise<void>) {
    const pages: (Page & Counts)[] = [await page(`?limit=${limit}`)];
    while (pages.at(-1)!.next) {
      await between?.(pages);
      pages.push(await page(`?limit=${limit}&after=${pages.at(-1)!.next}`));
    }
    return pages;
  }

  /** The whole list as the teacher should read it: waiting oldest first, then answered newest first. */
  async function expectedOrder() {
    const rows = await ctx.database.db.selectFrom('doubts').select(['id', 'answered_at']).execute();
    return [
      ...rows
        .filter((r) => r.answered_at === null)
        .map((r) => r.id)
        .sort((a, b) => a - b),
      ...rows
        .filter((r) => r.answered_at !== null)
        .map((r) => r.id)
        .sort((a, b) => b - a),
    ];
  }

  const answer = (id: number) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/doubts/${id}`,
      headers: bearer(adminToken),
      payload: { answer: 'Answered.' },
    });

  it('waiting first (oldest first), then answered (newest first), each doubt once; says whether more follow', async () => {
    const s = await verifiedStudent(ctx);
    const ids: number[] = [];
    for (let n = 0; n < 7; n++) {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/doubts',
        headers: bearer(s.token),
        payload: { question: `Paged doubt ${n}` },
      });
      ids.push(asked.json().id);
    }
    for (const id of [ids[1]!, ids[4]!, ids[5]!]) expect((await answer(id)).statusCode).toBe(200);

    const order = await expectedOrder();
    const pages = await walk(3);
    expect(pages.flatMap((p) => p.items.map((d) => d.id))).toEqual(order);
    expect(pages.map((p) => p.items.length)).toEqual(
      pages.map((_, i) => (i < pages.length - 1 ? 3 : order.length - 3 * (pages.length - 1))),
    );
    expect(pages.map((p) => p.has_more)).toEqual(pages.map((_, i) => i < pages.length - 1));
    expect(pages.at(-1)!.next).toBeNull();
    // A page that ends in the waiting doubts goes on among them; one that ends among the answered, there.
    for (const p of pages.slice(0, -1)) {
      const last = p.items.at(-1)!;
      expect(p.next).toBe(`${last.answered_at === null ? 'waiting' : 'answered'}-${last.id}`);
    }
    const waiting =
      order.length -
      (await ctx.database.db.selectFrom('doubts').select('id').where('answered_at', 'is not', null).execute()).length;
    expect(pages.map((p) => [p.waiting, p.total])).toEqual(pages.map(() => [waiting, order.length]));

    // The default page holds 50; the whole list here is shorter, so it is all there and nothing follows.
    const first = await page('');
    expect(first.items.map((d) => d.id)).toEqual(order.slice(0, 50));
    expect(first.has_more).toBe(order.length > 50);
    // An exact fit: the page is full and nothing follows.
    const exact = await page(`?limit=${order.length}`);
    expect([exact.items.length, exact.has_more, exact.next]).toEqual([order.length, false, null]);
  });

  it('a doubt answered or asked while the teacher pages on moves no other doubt out of the pages still to come', async () => {
    const s = await verifiedStudent(ctx);
    for (let n = 0; n < 4; n++)
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/doubts',
        headers: bearer(s.token),
        payload: { question: `Moving doubt ${n}` },
      });
    const before = await expectedOrder();
    let answeredId = 0;
    let askedId = 0;
    const pages = await walk(2, async (shown) => {
      if (shown.length !== 1) return;
      // After the first page: the teacher answers the first doubt shown, and a student asks a new one.
      answeredId = shown[0]!.items[0]!.id;
      expect((await answer(answeredId)).statusCode).toBe(200);
      askedId = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/doubts',
          headers: bearer(s.token),
          payload: { question: 'Asked meanwhile' },
        })
      ).json().id;
    });
    const seen = pages.flatMap((p) => p.items.map((d) => d.id));
    // Every doubt there was is seen; the answered one again among the answered, the new one among the waiting.
    expect(new Set(seen)).toEqual(new Set([...before, askedId]));
    expect(seen.filter((id) => id === answeredId)).toHaveLength(2);
    expect(seen.length).toBe(before.length + 2);
  });

  it('refuses a bad place or page size with a clear 400', async () => {
    for (const query of [
      '?after=12',
      '?after=waiting-',
      '?after=waiting-0',
      '?after=waiting-012',
      '?after=later-5',
      '?after=answered-99999999999',
      '?after=waiting-1&after=answered-2',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/doubts${query}`,
        headers: bearer(adminToken),
      });
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json()).toEqual({ errors: [doubtMessages.badCursor], code: 'validation' });
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=2.5', '?limit=many', '?limit=']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/doubts${query}`,
        headers: bearer(adminToken),
      });
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json()).toEqual({ errors: [doubtMessages.badLimit], code: 'validation' });
    }
  });
});
