import { adminHeaders, apiStudent, signInWithToken, uniqueNumber } from './accounts.js';
import { checkScreen, expect, test } from './fixtures.js';
import { ownSiteTest } from './own-site.js';

/** Issue 20, part 4: quizzes that teach (the review after a test, scores per topic, topics and explanations). */

interface BankQuestion {
  id: number;
  question: string;
  options: string[];
  answer_index: number;
  topic: string | null;
  explanation: string | null;
}

test('after a test the student sees each wrong answer, the right one and why; My Tests shows scores by topic', async ({
  page,
  request,
}, info) => {
  const admin = await adminHeaders(request);
  const student = await apiStudent(request, { tag: 'review' });
  // The ten questions dealt to this student, as the page received them.
  let dealt: { id: number; question: string }[] = [];
  await page.route('**/api/v1/quiz', async (route) => {
    const response = await route.fetch();
    dealt = (await response.json()) as typeof dealt;
    await route.fulfill({ response });
  });
  await signInWithToken(page, student.token, '/DashPage/test');
  const questions = page.locator('ol.quiz > li');
  await expect(questions).toHaveCount(10);
  expect(dealt).toHaveLength(10);

  const bank = (await (await request.get('/api/v1/admin/quiz_questions', { headers: admin })).json()) as BankQuestion[];
  const asked = dealt.map((d) => bank.find((q) => q.id === d.id)!);
  // The first question gets an explanation with code and markup (which must stay text); it is put back afterwards.
  const first = asked[0]!;
  const why = `Because \`&x\` is x's address (${info.project.name}) <b>not bold</b>:\n\`\`\`\nint *p = &x; /* C:\\\\tmp */\n\`\`\``;
  const put = (question: BankQuestion, fields: Partial<BankQuestion>) =>
    request.put(`/api/v1/admin/quiz_questions/${question.id}`, {
      headers: admin,
      data: {
        question: question.question,
        options: question.options,
        answer_index: question.answer_index,
        topic: question.topic,
        explanation: question.explanation,
        ...fields,
      },
    });
  expect((await put(first, { explanation: why })).ok()).toBe(true);
  try {
    // Every answer right but the first.
    const wrongIndex = (first.answer_index + 1) % 4;
    for (const [index, question] of asked.entries())
      await questions
        .nth(index)
        .getByRole('radio')
        .nth(index === 0 ? wrongIndex : question.answer_index)
        .check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByRole('status')).toHaveText('You scored 9 out of 10');
    // The score, above the review that replaced the long form, has the focus (so it is in view).
    await expect(page.getByRole('status')).toBeFocused();
    await expect(page.getByRole('status')).toBeInViewport();

    const review = page.locator('ol.quiz-review > li');
    await expect(review).toHaveCount(10);
    const wrong = review.first();
    await expect(wrong).toContainText('Wrong. Your answer:');
    await expect(wrong.locator('.text-danger')).toContainText(first.options[wrongIndex]!.replaceAll('`', ''));
    await expect(wrong.locator('.quiz-review-correct')).toHaveText(
      `Right answer: ${first.options[first.answer_index]!.replaceAll('`', '')}`,
    );
    const whyBox = wrong.locator('.quiz-review-why');
    await expect(whyBox).toContainText(`is x's address (${info.project.name}) <b>not bold</b>:`);
    await expect(whyBox.locator('code.inline-code')).toHaveText('&x');
    await expect(whyBox.locator('pre code')).toHaveText('int *p = &x; /* C:\\\\tmp */');
    await expect(whyBox.locator('b')).toHaveCount(0);
    // A right answer says so, without a "Right answer" line.
    await expect(review.nth(1)).toContainText('Right. Your answer:');
    await expect(review.nth(1).locator('.quiz-review-correct')).toHaveCount(0);
    await expect(review.filter({ hasText: 'Wrong.' })).toHaveCount(1);
    await checkScreen(page, 'quiz-review', info.project.name);

    // My Tests: per topic, this test's result (correct of asked); the first question's topic has the one miss.
    await page.goto('/DashPage/mytests');
    await expect(page.getByRole('heading', { name: 'Scores by topic' })).toBeVisible();
    const topicOf = (q: BankQuestion) => q.topic || 'Other';
    const topics = [...new Set(asked.map(topicOf))];
    // One row per topic, weakest first: the latest test's share as a bar with its numbers (the only test here).
    const table = page.getByRole('table', { name: 'Your scores by topic, weakest first' });
    await expect(table.locator('tbody tr')).toHaveCount(topics.length);
    for (const topic of topics) {
      const count = asked.filter((q) => topicOf(q) === topic).length;
      const right = topic === topicOf(first) ? count - 1 : count;
      const row = table.locator('tr', { has: page.getByRole('rowheader', { name: topic, exact: true }) });
      await expect(row.locator('.topic-figure')).toHaveText(
        `${right} of ${count} (${Math.round((100 * right) / count)}%)`,
      );
    }
    // The topic with the miss is the weakest, so it comes first.
    await expect(table.locator('tbody tr').first().getByRole('rowheader')).toHaveText(topicOf(first));
    await page.locator('details summary', { hasText: '9 out of 10' }).click();
    await expect(page.locator('details .quiz-review-why').first()).toContainText('<b>not bold</b>');
    await checkScreen(page, 'my-tests-topics', info.project.name);
  } finally {
    await put(first, { explanation: first.explanation });
  }
});

ownSiteTest(
  'the teacher gives a question a topic and an explanation, then edits its topic',
  async ({ page, request }, info) => {
    const admin = await adminHeaders(request);
    const question = `Which loop always runs its body at least once? (${uniqueNumber()})`;
    const created = await request.post('/api/v1/admin/quiz_questions', {
      headers: admin,
      data: {
        question,
        options: ['for', 'while', 'do-while', 'goto'],
        answer_index: 2,
        topic: 'Loops',
        explanation: 'A `do { … } while (cond);` tests its condition after the body.',
      },
    });
    expect(created.status()).toBe(201);
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');
    await page.getByRole('button', { name: 'Self assessment questions', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Self assessment questions' });
    const item = panel.locator('details', { hasText: question });
    await expect(item.locator('summary .question-topic')).toHaveText('Loops');
    await item.locator('summary').click();
    await expect(item.locator('.quiz-review-why code')).toHaveText('do { … } while (cond);');

    // Cancel keeps what was there.
    await item.getByRole('button', { name: /^Edit/ }).click();
    const topic = item.getByLabel(/^Topic/);
    await expect(topic).toHaveValue('Loops');
    await expect(item.getByLabel(/^Explanation/)).toHaveValue(
      'A `do { … } while (cond);` tests its condition after the body.',
    );
    await topic.fill('Something else');
    await item.getByRole('button', { name: 'Cancel' }).click();
    await expect(item.locator('summary .question-topic')).toHaveText('Loops');

    // A too long explanation is refused with the contract's message; a new topic is saved.
    await item.getByRole('button', { name: /^Edit/ }).click();
    await item.getByLabel(/^Explanation/).fill('x'.repeat(2001));
    await item.getByLabel(/^Topic/).fill('Control flow');
    await item.getByRole('button', { name: /^Save question/ }).click();
    await expect(item.getByText('An explanation must be at most 2000 characters')).toBeVisible();
    await item
      .getByLabel(/^Explanation/)
      .fill('`do … while` checks after the body,\nso the body runs once even if the condition is false.');
    await checkScreen(page, 'admin-question-edit', info.project.name);
    await item.getByRole('button', { name: /^Save question/ }).click();
    await expect(item.locator('summary .question-topic')).toHaveText('Control flow');
    await expect(item.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const saved = (
      (await (await request.get('/api/v1/admin/quiz_questions', { headers: admin })).json()) as BankQuestion[]
    ).find((q) => q.question === question)!;
    expect(saved).toMatchObject({
      topic: 'Control flow',
      explanation: '`do … while` checks after the body,\nso the body runs once even if the condition is false.',
    });
    // The topics in use are offered when adding a question.
    await expect(panel.locator('datalist#add-question-topic-suggestions option[value="Control flow"]')).toHaveCount(1);
    await checkScreen(page, 'admin-questions-topics', info.project.name);
    expect((await request.delete(`/api/v1/admin/quiz_questions/${saved.id}`, { headers: admin })).status()).toBe(204);
  },
);
