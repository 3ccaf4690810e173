import sharp from 'sharp';
import { adminHeaders, signInWithToken } from './accounts.js';
import { expect, expectNoSeriousA11yViolations, saveScreenshot } from './fixtures.js';
import { ownSiteTest } from './own-site.js';

/**
 * The teacher changes what the public pages say. These tests change the fee and the FAQ that other specs check, so
 * they run on each worker's own copy of the site (own-site.ts) instead of the shared one.
 */
const test = ownSiteTest;

test.describe('site settings', () => {
  test.setTimeout(120_000);
  // The fee of zero is refused by the form before it is sent; a refused photo would be answered 400.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('the teacher changes the instructor, the fee and the FAQ, and the landing page shows them', async ({
    page,
    request,
  }, info) => {
    const admin = await adminHeaders(request);
    await signInWithToken(page, admin.authorization.slice('Bearer '.length), '/AdminPage');

    const notice = page.getByRole('region', { name: 'Settings still at their first values' });
    await expect(notice).toContainText('Instructor name');
    await expect(notice).toContainText('Course fee');
    await notice.getByRole('button', { name: 'Open Site Settings' }).click();
    const panel = page.getByRole('region', { name: 'Site Settings' });
    await expect(panel.getByLabel('Instructor name')).toHaveValue('Course instructor');
    await expect(panel.getByLabel('Course fee (rupees)')).toHaveValue('3000');

    const name = `Anita Menon ${info.project.name}`;
    await panel.getByLabel('Instructor name').fill(name);
    await panel.getByLabel('Course fee (rupees)').fill('0');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(panel.getByText('The course fee must be a whole number of rupees from 1 to 100000')).toBeVisible();
    await panel.getByLabel('Course fee (rupees)').fill('3500');
    await panel.getByLabel('Next batch starts on (optional)').fill('2027-01-04');
    // Another zone than the course's first: the browser loads the date module before it hydrates.
    await panel.getByLabel('Course time zone').selectOption('Europe/London');
    await panel.getByLabel('Question 1', { exact: true }).fill('Do I need to know any programming already?');
    await panel.getByRole('button', { name: 'Remove question 4' }).click();
    await panel.getByRole('button', { name: 'Add a question' }).click();
    await panel.getByLabel('Question 4', { exact: true }).fill('Is there a certificate?');
    await panel.getByLabel('Answer 4', { exact: true }).fill('Yes, for everyone who completes the course.');

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await panel.getByLabel(/Choose a photo/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(panel.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
    // While the photo is on its way the button says so and takes no second click (the answer is held until seen).
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/v1/admin/settings/photo', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Upload photo' }).click();
    await expect(panel.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    releaseUpload();
    // The photo and the settings are answered once the public pages are rendered again, which a loaded machine
    // can take longer than the default five seconds to do.
    await expect(panel.getByText('Photo saved.')).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('img', { name: 'The instructor photo shown now' })).toBeVisible();

    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(panel.getByText('Settings saved. The public pages show them now.')).toBeVisible({ timeout: 20_000 });
    await expect(notice).not.toContainText('Instructor name');
    await expect(notice).not.toContainText('Instructor photo');
    // The teacher is named by that name at the top of the dashboard, not by the admin account's "Course Admin".
    await expect(page.getByText(`Logged In: ${name}`)).toBeVisible();
    await saveScreenshot(page, 'site-settings', info.project.name);
    await expectNoSeriousA11yViolations(page);

    // The rest (privacy texts, GSTIN…) the teacher means to keep: the notice goes, and stays gone after a reload.
    await expect(notice).toContainText('GSTIN');
    await notice.getByRole('button', { name: 'Keep these defaults' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
    await expect(notice).toHaveCount(0);

    // The page as the server prerendered it, before any script runs.
    const html = await (await request.get('/')).text();
    expect(html).toContain(name);
    expect(html).toContain('Rs.3,500');

    await page.goto('/');
    await page.locator('html[data-ready="true"]').waitFor();
    await expect(page.locator('section#instructor')).toContainText(name);
    const photo = page.locator('section#instructor img');
    await expect(photo).toHaveAttribute('src', /^\/uploads\/photos\//);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('section#course-fee .fee-new')).toHaveText('Rs.3,500');
    await expect(page.locator('#hero')).toContainText('Next batch starts on 4 Jan 2027');
    const faq = page.locator('section#faq');
    await expect(faq).toContainText('Do I need to know any programming already?');
    await expect(faq).toContainText('Is there a certificate?');
    await expect(faq).not.toContainText('When do I pay the fee?');
    await page.goto('/AboutUs');
    await expect(page.locator('main')).toContainText(name);

    // The facts every other page (My Payment among them) is rendered with.
    const fee = await (await request.get('/api/v1/site')).json();
    expect(fee.courseFeePaise).toBe(350000);
    expect(fee.timeZone).toBe('Europe/London');
  });
});
