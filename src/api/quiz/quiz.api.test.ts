import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedStudent, createAdminTestApp } from '../../../test/accounts-helpers.js';
import type { TestContext } from '../../../test/test-app.js';
import { quizMessages } from '../../contracts/quiz.js';
import { sampleQuizQuestions } from '../db/seed-content.js';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ({ ctx, adminToken } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const correctIndex = (question: string) => sampleQuizQuestions.find((q) => q.question === question)!.answer;

describe('self assessment test', () => {
  it('serves 10 questions of 4 options without their answers', async () => {
    const { token } = await verifiedStudent(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const questions = response.json();
    expect(questions).toHaveLength(10);
    expect(new Set(questions.map((q: { id: number }) => q.id)).size).toBe(10);
    for (const q of questions) expect(q.options).toHaveLength(4);
    expect(response.body).not.toMatch(/answer/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz' })).statusCode).toBe(401);
  });

  it('scores on the server, stores the attempt, and lists it with the review', async () => {
    const { token } = await verifiedStudent(ctx);
    const questions = (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) })).json() as {
      id: number;
      question: string;
    }[];
    // Seven right, three wrong.
    const answers = questions.map((q, i) => ({
      question_id: q.id,
      answer_index: i < 7 ? correctIndex(q.question) : (correctIndex(q.question) + 1) % 4,
    }));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/attempts',
      headers: bearer(token),
      payload: { answers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('You scored 7 out of 10');
    expect(response.json().attempt).toMatchObject({ score: 7, total: 10 });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz/attempts', headers: bearer(token) });
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0].review[9]).toMatchObject({ chosen: expect.any(Number), correct: expect.any(Number) });
    expect(mine.json()[0].review[9].chosen).not.toBe(mine.json()[0].review[9].correct);

    // Another student sees only their own attempts.
    const other = await verifiedStudent(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz/attempts', headers: bearer(other.token) })).json(),
    ).toEqual([]);
  });

  it('refuses missing, extra, repeated, unknown and out-of-range answers, storing nothing', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const questions = (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) })).json() as {
      id: number;
    }[];
    const answers = questions.map((q) => ({ question_id: q.id, answer_index: 0 }));
    const bad = [
      { answers: answers.slice(0, 9) },
      { answers: [...answers, { question_id: 999999, answer_index: 0 }] },
      { answers: [...answers.slice(0, 9), answers[0]] },
      { answers: answers.map((a) => ({ ...a, answer_index: 4 })) },
      { answers: answers.map((a) => ({ ...a, answer_index: '1' })) },
      { answers: 'all of them' },
      { answers, score: 10 },
    ];
    for (const payload of bad) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/quiz/attempts',
        headers: bearer(token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    // Well-formed, but not the open test's questions: a conflict with what the student was dealt.
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/attempts',
      headers: bearer(token),
      payload: { answers: [...answers.slice(0, 9), { question_id: 999999, answer_index: 0 }] },
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().errors).toEqual([quizMessages.notYourQuestions]);
    const stored = await ctx.database.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('student_id', '=', id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('accepts answers only to the questions it dealt, once: the answer key cannot be harvested or a 10/10 chosen', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const submit = (answers: { question_id: number; answer_index: number }[]) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/quiz/attempts', headers: bearer(token), payload: { answers } });
    // No test dealt yet: nothing to answer.
    const bank = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/quiz_questions', headers: bearer(adminToken) })
    ).json() as { id: number; question: string }[];
    const chosen = bank.slice(0, 10).map((q) => ({ question_id: q.id, answer_index: correctIndex(q.question) }));
    const undealt = await submit(chosen);
    expect(undealt.statusCode).toBe(409);
    expect(undealt.json().errors).toEqual([quizMessages.noOpenTest]);

    const dealt = (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) })).json() as {
      id: number;
      question: string;
    }[];
    const dealtIds = new Set(dealt.map((q) => q.id));
    // Ten questions of the student's choosing (not the ones dealt): refused, and the review of nothing is sent.
    const others = bank.filter((q) => !dealtIds.has(q.id));
    const picked = [...others, ...dealt].slice(0, 10).map((q) => ({ question_id: q.id, answer_index: 0 }));
    const refused = await submit(picked);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([quizMessages.notYourQuestions]);
    expect(refused.body).not.toContain('correct');

    // The dealt test is still open (the refusal used nothing up): answered, reviewed for its own questions only.
    const answered = await submit(dealt.map((q) => ({ question_id: q.id, answer_index: 0 })));
    expect(answered.statusCode).toBe(201);
    expect(
      answered
        .json()
        .attempt.review.map((r: { question: string }) => r.question)
        .sort(),
    ).toEqual(dealt.map((q) => q.question).sort());
    // Once.
    expect((await submit(dealt.map((q) => ({ question_id: q.id, answer_index: 1 })))).statusCode).toBe(409);
    expect(
      await ctx.database.db.selectFrom('quiz_attempts').select('id').where('student_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('lets a dealt test expire after three hours', async () => {
    const { token, id } = await verifiedStudent(ctx);
    const dealt = (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) })).json() as {
      id: number;
    }[];
    await ctx.database.db
      .updateTable('quiz_deals')
      .set({ created_at: new Date(Date.now() - 3 * 60 * 60_000 - 1000).toISOString() })
      .where('student_id', '=', id)
      .execute();
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/attempts',
      headers: bearer(token),
      payload: { answers: dealt.map((q) => ({ question_id: q.id, answer_index: 0 })) },
    });
    expect(late.statusCode).toBe(409);
  });

  it('lets the admin edit the question bank, and nobody else', async () => {
    const { token } = await verifiedStudent(ctx);
    const input = { question: 'What does `sizeof(char)` return?', options: ['0', '1', '2', '4'], answer_index: 1 };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/quiz_questions',
          headers: bearer(token),
          payload: input,
        })
      ).statusCode,
    ).toBe(403);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/quiz_questions',
      headers: bearer(adminToken),
      payload: input,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/quiz_questions/${id}`,
      headers: bearer(adminToken),
      payload: { ...input, answer_index: 1, question: 'sizeof(char) is?' },
    });
    expect(updated.json()).toMatchObject({ id, question: 'sizeof(char) is?' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/quiz_questions',
          headers: bearer(adminToken),
          payload: { ...input, options: ['a', 'b', 'c'] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/quiz_questions',
          headers: bearer(adminToken),
          payload: { ...input, answer_index: 4 },
        })
      ).statusCode,
    ).toBe(400);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/quiz_questions',
      headers: bearer(adminToken),
    });
    expect(list.json().some((q: { id: number; answer_index: number }) => q.id === id && q.answer_index === 1)).toBe(
      true,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/quiz_questions/${id}`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/quiz_questions/${id}`,
          headers: bearer(adminToken),
        })
      ).statusCode,
    ).toBe(404);
  });
});

interface BankQuestion {
  id: number;
  question: string;
  options: string[];
  answer_index: number;
  topic: string | null;
  explanation: string | null;
}
interface ReviewItem {
  question: string;
  chosen: number;
  correct: number;
  topic: string | null;
  explanation: string | null;
}

describe('quizzes that teach: topics and explanations', () => {
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
  const bank = async () => (await admin('GET', '/api/v1/admin/quiz_questions')).json() as BankQuestion[];
  const base = { question: 'What does `printf("\\\\n")` print?', options: ['a', 'b', 'c', 'd'], answer_index: 2 };

  it('saves, edits and returns a topic and an explanation verbatim, code and markup included', async () => {
    const explanation =
      'It prints a backslash and an n:\n```\nprintf("\\\\n"); // C:\\path\\n\n```\n<script>alert(1)</script> &amp; `a[i]`';
    const created = await admin('POST', '/api/v1/admin/quiz_questions', { ...base, topic: ' Strings ', explanation });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ question: base.question, topic: 'Strings', explanation });
    const id = created.json().id as number;
    expect((await bank()).find((q) => q.id === id)).toMatchObject({ topic: 'Strings', explanation });

    const edited = await admin('PUT', `/api/v1/admin/quiz_questions/${id}`, {
      ...base,
      topic: 'Input and output',
      explanation: 'Changed.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, topic: 'Input and output', explanation: 'Changed.' });
    // Empty (or absent) is none.
    const cleared = await admin('PUT', `/api/v1/admin/quiz_questions/${id}`, { ...base, topic: '  ', explanation: '' });
    expect(cleared.json()).toMatchObject({ topic: null, explanation: null });
    expect((await bank()).find((q) => q.id === id)).toMatchObject({ topic: null, explanation: null });
    const bare = await admin('POST', '/api/v1/admin/quiz_questions', base);
    expect(bare.json()).toMatchObject({ topic: null, explanation: null });
  });

  it('refuses a too long topic or explanation, or a topic of two lines, with a clear message', async () => {
    const cases: [object, string][] = [
      [{ topic: 'x'.repeat(61) }, 'A topic must be at most 60 characters'],
      [{ topic: 'Pointers\nArrays' }, 'A topic must be one line of text, without line breaks or control characters.'],
      [{ explanation: 'x'.repeat(2001) }, 'An explanation must be at most 2000 characters'],
      [{ explanation: 'nul \u0000 here' }, 'Text cannot contain the NUL character (\\0).'],
      [{ topic: 7 }, ''],
    ];
    const before = (await bank()).length;
    for (const [fields, message] of cases) {
      const response = await admin('POST', '/api/v1/admin/quiz_questions', { ...base, ...fields });
      expect(response.statusCode, JSON.stringify(fields).slice(0, 60)).toBe(400);
      if (message) expect(JSON.stringify(response.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
    const id = (await bank())[0]!.id;
    const put = await admin('PUT', `/api/v1/admin/quiz_questions/${id}`, { ...base, explanation: 'x'.repeat(2001) });
    expect(put.statusCode).toBe(400);
    expect((await bank()).length).toBe(before);
    // 60 and 2000 are allowed.
    const longest = await admin('POST', '/api/v1/admin/quiz_questions', {
      ...base,
      topic: 't'.repeat(60),
      explanation: 'e'.repeat(2000),
    });
    expect(longest.statusCode).toBe(201);
    expect((await admin('PUT', `/api/v1/admin/quiz_questions/999999`, base)).statusCode).toBe(404);
  });

  it('snapshots the why of the dealt questions only into the attempt; the deal and submission reveal no other', async () => {
    const { token } = await verifiedStudent(ctx);
    // Every question has a topic and an explanation naming it, so any leak of an undealt one shows.
    for (const q of await bank()) {
      await admin('PUT', `/api/v1/admin/quiz_questions/${q.id}`, {
        question: q.question,
        options: q.options,
        answer_index: q.answer_index,
        topic: `Topic ${q.id}`,
        explanation: `Why-${q.id}-because`,
      });
    }
    const questions = await bank();
    const dealtResponse = await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) });
    expect(dealtResponse.body).not.toMatch(/answer|explanation|Why-|topic/i);
    const dealt = dealtResponse.json() as { id: number }[];
    const dealtIds = new Set(dealt.map((q) => q.id));
    expect(questions.length).toBeGreaterThan(dealt.length);

    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/attempts',
      headers: bearer(token),
      payload: { answers: dealt.map((q) => ({ question_id: q.id, answer_index: 0 })) },
    });
    expect(submitted.statusCode).toBe(201);
    const review = submitted.json().attempt.review as ReviewItem[];
    expect(review).toHaveLength(10);
    for (const [index, item] of review.entries()) {
      const question = questions.find((q) => q.id === dealt[index]!.id)!;
      expect(item).toMatchObject({
        question: question.question,
        chosen: 0,
        correct: question.answer_index,
        topic: `Topic ${question.id}`,
        explanation: `Why-${question.id}-because`,
      });
    }
    for (const q of questions.filter((q) => !dealtIds.has(q.id))) {
      expect(submitted.body).not.toContain(`Why-${q.id}-because`);
    }

    // A later edit does not rewrite the attempt's review.
    const first = questions.find((q) => q.id === dealt[0]!.id)!;
    await admin('PUT', `/api/v1/admin/quiz_questions/${first.id}`, {
      question: first.question,
      options: first.options,
      answer_index: first.answer_index,
      topic: 'Renamed',
      explanation: 'Rewritten',
    });
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz/attempts', headers: bearer(token) })).json();
    expect(mine[0].review[0]).toMatchObject({ topic: `Topic ${first.id}`, explanation: `Why-${first.id}-because` });
    const listed = JSON.stringify(mine);
    for (const q of questions.filter((q) => !dealtIds.has(q.id))) expect(listed).not.toContain(`Why-${q.id}-because`);

    // Another student reads neither the attempts nor the topics.
    const other = await verifiedStudent(ctx);
    for (const url of ['/api/v1/quiz/attempts', '/api/v1/quiz/topics'])
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(other.token) })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/quiz/topics' })).statusCode).toBe(401);
  });
});

describe('My Tests: scores per topic over time', () => {
  let own: TestContext;
  let ownAdmin: string;
  beforeAll(async () => {
    ({ ctx: own, adminToken: ownAdmin } = await createAdminTestApp());
  });
  afterAll(() => own.close());

  it('counts each attempt per topic (correct of asked), oldest first, untopical questions under Other', async () => {
    const headers = bearer(ownAdmin);
    let questions = (
      await own.app.inject({ method: 'GET', url: '/api/v1/admin/quiz_questions', headers })
    ).json() as BankQuestion[];
    // Exactly ten questions, so every test deals all of them: 4 on Pointers, 3 on Loops, 3 without a topic.
    for (const q of questions.slice(10))
      await own.app.inject({ method: 'DELETE', url: `/api/v1/admin/quiz_questions/${q.id}`, headers });
    questions = questions.slice(0, 10);
    const topicOf = (index: number) => (index < 4 ? 'Pointers' : index < 7 ? 'Loops' : null);
    for (const [index, q] of questions.entries()) {
      const response = await own.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/quiz_questions/${q.id}`,
        headers,
        payload: { question: q.question, options: q.options, answer_index: q.answer_index, topic: topicOf(index) },
      });
      expect(response.statusCode).toBe(200);
    }
    const { token } = await verifiedStudent(own);
    const empty = await own.app.inject({ method: 'GET', url: '/api/v1/quiz/topics', headers: bearer(token) });
    expect(empty.json()).toEqual([]);

    // First test: all right. Second: only the first Pointers question right.
    const take = async (rightIds: Set<number>) => {
      const dealt = (await own.app.inject({ method: 'GET', url: '/api/v1/quiz', headers: bearer(token) })).json() as {
        id: number;
      }[];
      const answers = dealt.map((d) => {
        const q = questions.find((x) => x.id === d.id)!;
        return { question_id: q.id, answer_index: rightIds.has(q.id) ? q.answer_index : (q.answer_index + 1) % 4 };
      });
      const response = await own.app.inject({
        method: 'POST',
        url: '/api/v1/quiz/attempts',
        headers: bearer(token),
        payload: { answers },
      });
      expect(response.statusCode).toBe(201);
      return response.json().attempt as { id: number; created_at: string; score: number };
    };
    const first = await take(new Set(questions.map((q) => q.id)));
    const second = await take(new Set([questions[0]!.id]));
    expect([first.score, second.score]).toEqual([10, 1]);

    const topics = await own.app.inject({ method: 'GET', url: '/api/v1/quiz/topics', headers: bearer(token) });
    expect(topics.statusCode).toBe(200);
    const at = (attempt: typeof first) => ({ attempt_id: attempt.id, created_at: attempt.created_at });
    expect(topics.json()).toEqual([
      {
        topic: 'Loops',
        results: [
          { ...at(first), correct: 3, asked: 3 },
          { ...at(second), correct: 0, asked: 3 },
        ],
      },
      {
        topic: 'Pointers',
        results: [
          { ...at(first), correct: 4, asked: 4 },
          { ...at(second), correct: 1, asked: 4 },
        ],
      },
      {
        topic: 'Other',
        results: [
          { ...at(first), correct: 3, asked: 3 },
          { ...at(second), correct: 0, asked: 3 },
        ],
      },
    ]);
  });

  it('reads attempts scored before topics existed: no topic or why, counted under Other', async () => {
    const { token, id } = await verifiedStudent(own);
    const review = [0, 1, 2].map((i) => ({
      question: `Old ${i}?`,
      options: ['a', 'b', 'c', 'd'],
      chosen: i,
      correct: 1,
    }));
    await own.database.db
      .insertInto('quiz_attempts')
      .values({ student_id: id, score: 1, total: 3, review: JSON.stringify(review) })
      .execute();
    const attempts = (
      await own.app.inject({ method: 'GET', url: '/api/v1/quiz/attempts', headers: bearer(token) })
    ).json();
    expect(attempts[0].review[1]).toEqual({ ...review[1], topic: null, explanation: null });
    const topics = (await own.app.inject({ method: 'GET', url: '/api/v1/quiz/topics', headers: bearer(token) })).json();
    expect(topics).toMatchObject([{ topic: 'Other', results: [{ correct: 1, asked: 3 }] }]);
  });
});
