import sharp from 'sharp';
import { ADMIN, approveTestimonial, linkFromOutbox, newEmail, nextAlert, signInAsTeacher, signUp } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, open, saveScreenshot, test } from './fixtures.js';
import { ownSiteTest } from './own-site.js';

test.describe('student dashboard', () => {
  test.setTimeout(180_000);

  test('a paid student watches a class, submits a solution, takes the test, asks a doubt, and leaves feedback after the course', async ({
    page,
    request,
    browser,
  }, info) => {
    // The lesson video's thumbnail and player come from YouTube, which this machine can't reach: serve stand-ins.
    const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    await page.route('https://i.ytimg.com/**', (route) =>
      route.fulfill({ body: thumbnail, contentType: 'image/jpeg' }),
    );
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ body: '<!doctype html><title>player</title><p>player</p>', contentType: 'text/html' }),
    );
    await page.route('https://drive.google.com/**', (route) =>
      route.fulfill({ body: '<!doctype html><title>book</title><p>book</p>', contentType: 'text/html' }),
    );

    const email = newEmail('dash');
    await signUp(page, email);
    const verify = await linkFromOutbox(request, email, /Verify your email/);
    await open(page, verify.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('Email Verification Success !')).toBeVisible();

    const admin = (await (await request.post('/students/login', { data: ADMIN })).json()).meta.token as string;
    const headers = { authorization: `Bearer ${admin}` };
    const me = (await (
      await request.get('/students/profile', {
        headers: { authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('token'))}` },
      })
    ).json()) as { id: number };
    const batch = info.project.name === 'phone' ? 62 : 61;

    // Unpaid: classes are closed, with a way to My Payment.
    await open(page, '/DashPage/myclasses');
    await expect(page.getByText('The classes open once your course fee is paid.')).toBeVisible();
    await open(page, '/DashPage/mypayment');
    await expect(page.locator('.status-unpaid')).toHaveText('Unpaid');

    // The teacher takes the fee, puts the student in a batch, adds a session with a video and sends a program.
    expect((await request.patch(`/students/${me.id}`, { headers, data: { student_status: 1 } })).ok()).toBe(true);
    expect(
      (await request.patch('/students/update_batch', { headers, data: { email, student_batch: batch } })).ok(),
    ).toBe(true);
    expect(
      (
        await request.put(`/api/v1/batches/${batch}`, {
          headers,
          data: { start_date: '2027-03-01', meeting_link: `https://meet.example.com/c-${batch}` },
        })
      ).ok(),
    ).toBe(true);
    await request.post('/courses/', {
      headers,
      data: {
        session_number: batch * 10 + 1,
        session_date: '2027-03-01',
        topics: `Video session for batch ${batch}`,
        lesson_video: 'dQw4w9WgXcQ',
      },
    });
    expect(
      (
        await request.post('/student_programs/', {
          headers,
          data: { student_id: me.id, program_number: batch * 10, task: 'Print the sum of two numbers.', solution: '' },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await request.put('/api/v1/admin/course_book', {
          headers,
          data: { url: 'https://drive.google.com/file/d/1CourseBookFileId/view' },
        })
      ).ok(),
    ).toBe(true);

    await open(page, '/DashPage/myclasses');
    await expect(page.getByText(`Batch ${batch} starts on 1 Mar 2027.`)).toBeVisible();
    // The student's own join address, which records the attendance during a class, then opens the meeting.
    const banner = page.getByRole('link', { name: 'Join the class (video meeting)' });
    await expect(banner).toHaveAttribute('href', /^\/join\/[\w-]{43}$/);
    const followed = await request.get((await banner.getAttribute('href'))!, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe(`https://meet.example.com/c-${batch}`);
    const session = page.locator('.session-list li', { hasText: `Video session for batch ${batch}` });
    await expect(session.getByRole('button', { name: /Play the lesson video/ })).toBeVisible();
    await expect(session.locator('iframe')).toHaveCount(0);
    await session.getByRole('button', { name: /Play the lesson video/ }).click();
    await expect(session.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    await expect(page.locator('iframe[title="Course book"]')).toHaveAttribute(
      'src',
      /^https:\/\/drive\.google\.com\/file\/d\/[A-Za-z0-9_-]+\/preview$/,
    );
    await saveScreenshot(page, 'my-classes', info.project.name);

    // A program without test cases: the card and the editor agree it is handed in to the teacher, in the editor.
    await open(page, '/DashPage/myprogs');
    const program = page.locator('li.card', { hasText: `Program ${batch * 10}` });
    await expect(program).toContainText('then hand it in there: your teacher reads and reviews it');
    await expect(program.getByRole('textbox')).toHaveCount(0);
    await program.getByRole('link', { name: 'Open in the editor' }).click();
    await expect(page.getByText('then hand it in there: your teacher reads and reviews it')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(
      '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }',
    );
    await page.getByRole('button', { name: 'Hand in' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Handed in: your teacher will read it.' })).toBeVisible();
    await open(page, '/DashPage/myprogs');
    await expect(program.locator('summary')).toContainText('Your solution, submitted');
    await saveScreenshot(page, 'my-progs', info.project.name);

    await open(page, '/DashPage/test');
    const questions = page.locator('ol.quiz > li');
    await expect(questions).toHaveCount(10);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByRole('alert')).toHaveText('Answer all 10 questions.');
    for (let i = 0; i < 10; i += 1) await questions.nth(i).getByRole('radio').first().check();
    await saveScreenshot(page, 'self-test', info.project.name);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByRole('status')).toHaveText(/^You scored \d+ out of 10$/);
    await open(page, '/DashPage/mytests');
    await expect(page.locator('main details summary').first()).toContainText('out of 10');

    await open(page, '/DashPage/mydoubts');
    await page.getByLabel('Your doubt').fill('Why does scanf need the & operator?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByText('Waiting for your teacher’s answer.')).toBeVisible();
    // The teacher answers from the Doubts panel, in another browser.
    const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const adminPage = await adminContext.newPage();
    await signInAsTeacher(adminPage);
    await adminPage.getByRole('button', { name: 'Doubts' }).click();
    const doubtCard = adminPage.locator('.card', { hasText: email }).first();
    await expect(doubtCard).toContainText('waiting');
    await doubtCard.getByLabel('Answer').fill('scanf stores into the variable, so it needs its address.');
    await doubtCard.getByRole('button', { name: 'Send answer' }).click();
    await expect(doubtCard).toContainText('answered');
    await saveScreenshot(adminPage, 'admin-doubts', info.project.name);
    await adminContext.close();
    await open(page, '/DashPage/mydoubts');
    await expect(page.locator('.doubt-answer')).toHaveText(
      'Answer: scanf stores into the variable, so it needs its address.',
    );
    await saveScreenshot(page, 'my-doubts', info.project.name);

    await open(page, '/DashPage/myfeedback');
    await expect(page.getByText('Feedback opens once you have completed the course.')).toBeVisible();
    expect((await request.put(`/students/${me.id}`, { headers, data: { student_status: 2 } })).ok()).toBe(true);
    await open(page, '/DashPage/myfeedback');
    const quote = `Batch ${batch} taught me pointers for good.`;
    await page.getByLabel('Your feedback').fill(quote);
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Submit feedback' }).click();
    expect(await alert).toBe('Feedback submitted successfully');
    await saveScreenshot(page, 'my-feedback', info.project.name);
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole('status')).toContainText('Waiting for the teacher’s approval');

    // Feedback is a testimonial once the teacher approves it.
    expect((await approveTestimonial(request, headers, me.id)).ok()).toBe(true);
    await open(page, '/');
    await expect(page.locator('section#testimonials figure', { hasText: quote })).toContainText('Grace Hopper');
  });

  ownSiteTest('the admin edits the question bank of the self assessment test', async ({ page }, info) => {
    await signInAsTeacher(page);
    await page.getByRole('button', { name: 'Self assessment questions' }).click();
    const panel = page.getByRole('region', { name: 'Self assessment questions' });
    await expect(panel.locator('details').first()).toBeVisible();
    const question = `Which operator dereferences a pointer? (${info.project.name})`;
    await panel.getByLabel('Question').last().fill(question);
    for (const [index, text] of ['&', '*', '->', '.'].entries())
      await panel
        .getByLabel(`Option ${index + 1}`, { exact: true })
        .last()
        .fill(text);
    // A new question has no right answer marked: added so, it asks for one.
    const form = panel.locator('form').last();
    await expect(form.getByRole('radio', { checked: true })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Add question' }).click();
    await expect(form.getByText('Choose the right answer')).toBeVisible();
    await panel.getByLabel('Option 2 is the right answer').last().check();
    // The four options and the right-answer choice are labelled on screen, not only for screen readers.
    for (const index of [1, 2, 3, 4])
      await expect(form.locator('label', { hasText: new RegExp(`^Option ${index}$`) })).toBeVisible();
    await expect(form.locator('label', { hasText: /right answer$/ })).toHaveCount(4);
    await expect(form.locator('label', { hasText: /right answer$/ }).first()).toBeVisible();
    await panel.getByRole('button', { name: 'Add question' }).click();
    await expect(panel.locator('summary', { hasText: question })).toContainText('(*)');
    // It says so, and the next question starts blank again, no answer marked.
    await expect(panel.getByRole('status')).toHaveText(
      /^Question added: “Which operator dereferences a pointer\? .*”\. The test now draws from \d+ questions\.$/,
    );
    await expect(panel.locator('form').last().getByRole('radio', { checked: true })).toHaveCount(0);
    await saveScreenshot(page, 'admin-questions', info.project.name);
    await panel.locator('details', { hasText: question }).locator('summary').click();
    await panel
      .locator('details', { hasText: question })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete this question?' })
      .getByRole('button', { name: 'Delete question' })
      .click();
    await expect(panel.locator('summary', { hasText: question })).toHaveCount(0);
  });
});
