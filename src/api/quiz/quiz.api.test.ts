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
      { answers: [...answers.slice(0, 9), { question_id: 999999, answer_index: 0 }] },
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
    expect(refused.statusCode).toBe(400);
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
