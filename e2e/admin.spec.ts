import { readFileSync } from 'node:fs';
import { ADMIN, PASSWORD, apiStudent, linkFromOutbox, logIn, newEmail, signInAsTeacher, signUp } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, open, saveScreenshot, test } from './fixtures.js';

interface Delivered {
  to: string;
  subject: string;
  text: string;
}
const delivered = (): Delivered[] => JSON.parse(readFileSync('.tmp/e2e-data/mail.json', 'utf8')) as Delivered[];

test.describe('admin dashboard', () => {
  test.setTimeout(240_000);
  // Unknown emails and duplicate numbers are answered with 404/409 on purpose; the browser logs each one.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 40[49]/] });
  // One walk through every panel is enough; the phone run checks the same screens at 360 px.
  test('the admin runs a batch: students, batch, sessions, program, task, payment, completion, announcements', async ({
    page,
    browser,
    request,
  }, info) => {
    const batch = info.project.name === 'phone' ? 41 : 31;
    const sessionNumber = batch * 10;
    const students = [newEmail('ada'), newEmail('alan')];
    // Two students sign up and verify, in their own browser context.
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    for (const email of students) {
      await signUp(studentPage, email);
      const link = await linkFromOutbox(request, email, /Verify your email/);
      await open(studentPage, link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(studentPage.getByText('Email Verification Success !')).toBeVisible();
      await studentPage.evaluate(() => window.localStorage.clear());
    }
    await studentContext.close();

    await open(page, '/StudentLogin');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // Lists: regd students shows both with Unpaid status, searchable on the server.
    await page.getByRole('button', { name: 'List of Regd Students' }).click();
    const regd = page.getByRole('region', { name: 'List of Regd Students' });
    await regd.getByRole('searchbox').fill(students[0]!);
    await regd.getByRole('button', { name: 'Search' }).click();
    await expect(regd.locator('tbody tr')).toHaveCount(1);
    await expect(regd.locator('tbody tr .status-unpaid')).toHaveText('Unpaid');
    // What the teacher acts on (status, batch) right after the name, in view without scrolling.
    await expect(regd.locator('thead th')).toContainText([
      'Pic',
      'Id',
      'First Name',
      'Last Name',
      'Status',
      'Batch',
      'Email',
      'Mobile',
      'City',
      'Country',
      'Study',
      'College',
      'Activated',
      'Delete',
    ]);
    // At 1280 px no column runs under the Delete column pinned at the right edge: the whole row fits.
    if ((page.viewportSize()?.width ?? 0) >= 1280) {
      const overlap = await regd
        .locator('tbody tr')
        .first()
        .evaluate((row) => {
          const [before, last] = Array.from(row.children)
            .slice(-2)
            .map((cell) => cell.getBoundingClientRect());
          return before!.right - last!.left;
        });
      expect(overlap).toBeLessThanOrEqual(1);
    }
    await saveScreenshot(page, 'admin-regd-students', info.project.name);
    await expectNoSeriousA11yViolations(page);
    await regd.getByRole('button', { name: 'Exit' }).click();
    await expect(regd).toHaveCount(0);

    // Create Batch: move both students in, set the start date and link.
    await page.getByRole('button', { name: 'Create Batch' }).click();
    const batchPanel = page.getByRole('region', { name: 'Create Batch (Add Students to a Batch)' });
    await expect(batchPanel).toContainText('When you finish, click on Exit');
    // With no number, Show Present Students says what it needs rather than being greyed out.
    await batchPanel.getByRole('button', { name: 'Show Present Students' }).click();
    await expect(batchPanel.getByText('Give a batch number: 1 or more.')).toBeVisible();
    await expect(batchPanel.getByLabel('Email')).toHaveCount(0);
    await batchPanel.getByLabel('Batch number').fill(String(batch));
    await batchPanel.getByRole('button', { name: 'Show Present Students' }).click();
    await expect(batchPanel.getByText(`No student in batch ${batch} yet.`)).toBeVisible();
    await batchPanel.getByLabel('Start date').fill('2027-01-04');
    await batchPanel.getByLabel('Video-meeting link').fill(`https://meet.example.com/batch-${batch}`);
    await batchPanel.getByRole('button', { name: 'Save' }).click();
    await expect(batchPanel.getByRole('status')).toHaveText(`Batch ${batch} saved.`);
    // The start date goes to every registered student not yet in a batch.
    await batchPanel.getByRole('button', { name: 'Announce start date' }).click();
    await expect(batchPanel.getByRole('status')).toContainText(/^\d+ emails? queued: start date announced/);
    await batchPanel.getByLabel('Email').fill('nobody@example.com');
    await batchPanel.getByRole('button', { name: 'Update' }).click();
    await expect(batchPanel.getByRole('alert')).toHaveText('Please check email');
    for (const email of students) {
      await batchPanel.getByLabel('Email').fill(email);
      await batchPanel.getByRole('button', { name: 'Update' }).click();
      await expect(batchPanel.getByRole('status')).toHaveText(`Moved ${email} to batch ${batch}.`);
    }
    await expect(batchPanel.getByRole('region', { name: 'Students in the batch' }).locator('tbody tr')).toHaveCount(2);
    await saveScreenshot(page, 'admin-create-batch', info.project.name);
    await batchPanel.getByRole('button', { name: 'Exit' }).click();

    // Create Course: add a session from a YouTube link; a duplicate number is refused.
    await page.getByRole('button', { name: 'Create Course' }).click();
    const course = page.getByRole('region', { name: 'Create Course (Add/Delete Your Session Details)' });
    await course.getByLabel('Session number').fill(String(sessionNumber));
    await course.getByLabel('Planned date').fill('2027-01-05');
    await course.getByLabel('Lesson video (YouTube link or id)').fill('https://youtu.be/dQw4w9WgXcQ');
    await course.getByLabel('Topics').fill(`Pointer drills for batch ${batch}`);
    await course.getByRole('button', { name: 'Add' }).click();
    await expect(course.locator('tbody tr', { hasText: `Pointer drills for batch ${batch}` })).toContainText(
      'dQw4w9WgXcQ',
    );
    await course.getByLabel('Session number').fill(String(sessionNumber));
    await course.getByLabel('Planned date').fill('2027-01-06');
    await course.getByLabel('Topics').fill('Again');
    await course.getByRole('button', { name: 'Add' }).click();
    await expect(course.getByRole('alert')).toHaveText('Session number should be unique');
    // A session is edited in place: its topics and planned date change, its row stays.
    await course.getByRole('button', { name: `Edit session ${sessionNumber}`, exact: true }).click();
    await expect(course.getByRole('heading', { name: `Edit session ${sessionNumber}` })).toBeFocused();
    await expect(course.getByLabel('Topics')).toHaveValue(`Pointer drills for batch ${batch}`);
    await course.getByLabel('Topics').fill(`Pointer drills, revised, for batch ${batch}`);
    await course.getByLabel('Planned date').fill('2027-01-07');
    await course.getByRole('button', { name: `Save session ${sessionNumber}` }).click();
    const edited = course.locator('tbody tr', { hasText: `Pointer drills, revised, for batch ${batch}` });
    await expect(edited).toContainText('7 Jan 2027');
    await expect(edited).toContainText('dQw4w9WgXcQ');
    await expect(course.getByRole('heading', { name: 'Add a session' })).toBeVisible();
    await saveScreenshot(page, 'admin-create-course', info.project.name);
    await course.getByRole('button', { name: 'Exit' }).click();

    // Program Exercises: add, send to the batch, refuse a second send.
    await page.getByRole('button', { name: 'Program Exercises' }).click();
    const programsPanel = page.getByRole('region', { name: 'Program Exercises (Add/Delete Your Program Details)' });
    await programsPanel.getByLabel('Batch number').fill(String(batch));
    await programsPanel.getByRole('button', { name: 'Show batch List' }).click();
    await expect(programsPanel.getByRole('region', { name: 'Students in the batch' }).locator('tbody tr')).toHaveCount(
      2,
    );
    await programsPanel.getByLabel('Program number').fill(String(sessionNumber));
    await programsPanel.getByLabel('Task').fill(`Swap two numbers using pointers (batch ${batch}).`);
    await programsPanel.getByRole('button', { name: 'Add' }).click();
    await expect(programsPanel.getByRole('status')).toHaveText(
      `Program ${sessionNumber} is added: “Swap two numbers using pointers (batch ${batch}).”. Give it test cases ` +
        '(Test cases, in the list above) to grade it at once, or send it as it is with Send Task.',
    );
    // The form is ready for the next program, with a number not yet in use.
    await expect(programsPanel.getByLabel('Task')).toHaveValue('');
    expect(Number(await programsPanel.getByLabel('Program number').inputValue())).toBeGreaterThan(sessionNumber);
    const row = programsPanel
      .getByRole('listitem')
      .filter({ hasText: `Swap two numbers using pointers (batch ${batch}).` });
    await expect(row.getByRole('heading')).toHaveText(
      `Program ${sessionNumber}: Swap two numbers using pointers (batch ${batch}).`,
    );
    // Send Task with no batch is not greyed out: the batch field says what it needs and takes the focus.
    await programsPanel.getByLabel('Batch number').fill('');
    await row.getByRole('button', { name: 'Send Task' }).click();
    await expect(programsPanel.getByText('Give the batch to send it to.')).toBeVisible();
    await expect(programsPanel.getByLabel('Batch number')).toBeFocused();
    await programsPanel.getByLabel('Batch number').fill(String(batch));
    await row.getByRole('button', { name: 'Send Task' }).click();
    await expect(programsPanel.getByRole('status')).toHaveText(
      `Program ${sessionNumber} sent to 2 students of batch ${batch}.`,
    );
    await row.getByRole('button', { name: 'Send Task' }).click();
    await expect(programsPanel.getByRole('alert')).toHaveText('This program already sent');
    await row.getByRole('button', { name: 'Close' }).click();
    await expect(programsPanel.getByRole('status')).toHaveText(`Program ${sessionNumber} closed.`);
    await row.getByRole('button', { name: 'Reopen' }).click();
    await expect(programsPanel.getByRole('status')).toHaveText(`Program ${sessionNumber} reopened.`);
    await programsPanel.getByLabel('Program number').fill(String(sessionNumber));
    await programsPanel.getByLabel('Task').fill('Duplicate');
    await programsPanel.getByRole('button', { name: 'Add' }).click();
    await expect(programsPanel.getByRole('alert')).toContainText('Program number should be unique');
    await saveScreenshot(page, 'admin-programs', info.project.name);
    await programsPanel.getByRole('button', { name: 'Exit' }).click();

    // Update Payment Status, then the meeting link goes to the paid students of the batch.
    await page.getByRole('button', { name: 'Update Payment Status' }).click();
    const payment = page.getByRole('region', { name: 'Update Payment Status' });
    for (const email of students) {
      await payment.getByRole('searchbox').fill(email);
      await payment.getByRole('button', { name: 'Search' }).click();
      await expect(payment.locator('tbody tr')).toHaveCount(1);
      await payment
        .locator('tbody tr')
        .getByRole('button', { name: /^Update/ })
        .click();
      // The fee received in cash, as the dialog proposes.
      await page.getByRole('dialog').getByRole('button', { name: 'Record the payment' }).click();
      await expect(payment.locator('tbody tr .status-paid')).toHaveText('Paid');
    }
    await saveScreenshot(page, 'admin-payment', info.project.name);
    await payment.getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await batchPanel.getByLabel('Batch number').fill(String(batch));
    await batchPanel.getByRole('button', { name: 'Show Present Students' }).click();
    await batchPanel.getByRole('button', { name: 'Send meeting link' }).click();
    await expect(batchPanel.getByRole('status')).toContainText(
      `2 emails queued: meeting link sent to the paid students of batch ${batch}.`,
    );
    await batchPanel.getByRole('button', { name: 'Exit' }).click();

    // Update Course Completion for one student: the old students list shows them.
    await page.getByRole('button', { name: 'Update Course Completion' }).click();
    const completion = page.getByRole('region', { name: 'Update Course Completion' });
    await completion.getByRole('searchbox').fill(students[1]!);
    await completion.getByRole('button', { name: 'Search' }).click();
    await completion
      .locator('tbody tr')
      .getByRole('button', { name: /^Update/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as completed' }).click();
    // The student stays listed, now completed.
    await expect(completion.locator('tbody tr .status-completed')).toHaveText('Completed');
    await completion.getByRole('button', { name: 'Exit' }).click();
    await page.getByRole('button', { name: 'List of Old Students' }).click();
    const old = page.getByRole('region', { name: 'List of Old Students' });
    await old.getByRole('searchbox').fill(students[1]!);
    await old.getByRole('button', { name: 'Search' }).click();
    await expect(old.locator('tbody tr')).toHaveCount(1);
    await expect(old.locator('thead th').nth(1)).toHaveText('First Name');
    await saveScreenshot(page, 'admin-old-students', info.project.name);
    await old.getByRole('button', { name: 'Exit' }).click();

    // The announcements and the task arrived at the real SMTP server.
    await expect
      .poll(
        () => {
          const mails = delivered();
          return students.map((email) => ({
            task: mails.some(
              (m) => m.to.includes(email) && m.subject === `New program exercise: Program ${sessionNumber}`,
            ),
            link: mails.some(
              (m) =>
                m.to.includes(email) &&
                m.subject === `Your class link for batch ${batch}` &&
                // The student's own join address (it records the attendance), not the meeting's.
                /\/join\/[\w-]{43}/.test(m.text),
            ),
            start: mails.some(
              (m) =>
                m.to.includes(email) &&
                m.subject.startsWith(`Batch ${batch} of the C Programming Language course starts on 4 Jan 2027`),
            ),
          }));
        },
        { timeout: 20_000 },
      )
      .toEqual(students.map(() => ({ task: true, link: true, start: true })));

    // Data View and delete with confirmation.
    await page.getByRole('button', { name: 'Data View' }).click();
    const data = page.getByRole('region', { name: 'Student Data' });
    await data.getByRole('searchbox').fill(students[0]!);
    await data.getByRole('button', { name: 'Search' }).click();
    await expect(data.locator('tbody tr')).toHaveCount(1);
    await saveScreenshot(page, 'admin-data-view', info.project.name);
    await data.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('dialog', { name: /^Delete .*\?$/ })
      .getByRole('button', { name: 'Delete student' })
      .click();
    await expect(data.getByText('No student matches the search.')).toBeVisible();
  });

  test('students are sent away from /AdminPage', async ({ page, request }) => {
    const email = newEmail('nosy');
    await signUp(page, email);
    const link = await linkFromOutbox(request, email, /Verify your email/);
    await open(page, link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('Email Verification Success !')).toBeVisible();
    await open(page, '/AdminPage');
    await expect(page).toHaveURL(/\/DashPage$/);
    void PASSWORD;
  });

  test('a panel opened from the menu comes into view with focus, and Exit hands focus back', async ({ page }) => {
    await signInAsTeacher(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    for (const [name, title] of [
      ['Program Exercises', 'Program Exercises (Add/Delete Your Program Details)'],
      ['Site Settings', 'Site Settings'],
    ] as const) {
      const button = page.getByRole('navigation', { name: 'Panels' }).getByRole('button', { name, exact: true });
      await button.click();
      const panel = page.getByRole('region', { name: title });
      const heading = panel.getByRole('heading', { name: title, level: 2 });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await panel.getByRole('button', { name: 'Exit' }).click();
      await expect(button).toBeFocused();
    }
  });

  test('at 1280 px the longest values a profile takes still fit beside the pinned Delete column', async ({
    page,
    request,
  }, info) => {
    test.skip(info.project.name !== 'desktop', 'the row fits at 1280 px; on a phone the table scrolls under it');
    const student = await apiStudent(request, {
      tag: `a-very-long-address-for-the-student-list-${'x'.repeat(8)}`,
      firstName: 'Venkatanarasimharajuvaripeta',
      lastName: 'Chakravarthy-Subramanian',
      profile: false,
    });
    const longest = (words: string) => words.repeat(20).slice(0, 100);
    const saved = await request.patch(`/students/${student.id}`, {
      headers: student.headers,
      multipart: {
        mobile: '9876543210',
        city: longest('Thiruvananthapuram '),
        country: longest('United Arab Emirates '),
        study: longest('Bachelor of Technology in Computer Science '),
        institution: longest('CollegeOfEngineeringAndTechnologyWithoutSpaces'),
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await signInAsTeacher(page);
    await page.getByRole('button', { name: 'List of Regd Students' }).click();
    const regd = page.getByRole('region', { name: 'List of Regd Students' });
    await regd.getByRole('searchbox').fill(student.email);
    await regd.getByRole('button', { name: 'Search' }).click();
    await expect(regd.locator('tbody tr')).toHaveCount(1);
    const row = regd.locator('tbody tr').first();
    await expect(row).toContainText('CollegeOfEngineering');
    // No cell runs under the Delete column, and the list needs no sideways scroll.
    const layout = await row.evaluate((tr) => {
      const cells = Array.from(tr.children).map((cell) => cell.getBoundingClientRect());
      const last = cells.at(-1)!;
      const scroller = tr.closest('.scroll-region') ?? tr.closest('table')!.parentElement!;
      return {
        overlap: Math.max(...cells.slice(0, -1).map((cell) => cell.right - last.left)),
        sideways: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(layout.overlap).toBeLessThanOrEqual(1);
    expect(layout.sideways).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'admin-regd-long-values', info.project.name);
  });
});
