import { clientRoutes } from '../src/contracts/paths.js';
import {
  expect,
  expectHeaderAndFooter,
  expectNoSeriousA11yViolations,
  NAV_TOGGLE,
  saveScreenshot,
  test,
} from './fixtures.js';

const landingSections = [
  ['hero', 'Learn C programming, one live class at a time'],
  ['highlights', 'Why learn with us'],
  ['features', 'Features'],
  ['course-content', 'Course content'],
  ['how-it-works', 'How it works'],
  ['instructor', 'Your instructor'],
  ['testimonials', 'Student testimonials'],
  ['course-fee', 'Course fee'],
  ['faq', 'Frequently asked questions'],
] as const;

const topics = [
  'Introduction to programming',
  'Features of C',
  'Fundamentals',
  'Control flow',
  'Loops',
  'Arrays',
  'Pointers',
  'Functions',
  'Storage classes',
  'Structures',
  'File handling',
];

test.describe('landing page', () => {
  test('shows every section in order, each ending with Enroll Now', async ({ page }, info) => {
    await page.goto('/');
    await expectHeaderAndFooter(page);
    const ids = await page.locator('main section').evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(landingSections.map(([id]) => id));
    for (const [id, heading] of landingSections) {
      const section = page.locator(`section#${id}`);
      await expect(section.getByRole('heading', { level: id === 'hero' ? 1 : 2 })).toHaveText(heading);
      const enroll = section.getByRole('link', { name: 'Enroll Now' }).last();
      await expect(enroll).toHaveAttribute('href', '/StudentSignup');
    }
    await expect(page.locator('section#highlights .card')).toHaveCount(3);
    for (const feature of [
      'Beginner-friendly lessons',
      'Hands-on coding exercises',
      'Doubts clarified on the spot',
      'Flexible scheduling',
    ]) {
      await expect(page.locator('section#features')).toContainText(feature);
    }
    await expect(page.locator('section#course-content li')).toHaveText(topics);
    await expect(page.locator('section#course-fee del')).toHaveText('Rs.4,000');
    await expect(page.locator('section#course-fee .fee-new')).toHaveText('Rs.3,000');
    await expect(page.locator('section#faq')).toContainText('no prior programming experience is needed');
    await saveScreenshot(page, 'landing', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });

  test('shows its content in the HTML before any JavaScript runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn C programming, one live class at a time');
    await expect(page.locator('section#course-content li')).toHaveCount(11);
    // The testimonials are in the HTML too (landing-static.spec.ts checks an approved one): no spinner.
    await expect(page.locator('section#testimonials [role="status"]')).toHaveCount(0);
    await expect(page).toHaveTitle('Learn C Programming Online | C Programming Learning Hub');
    await context.close();
  });

  test('Enroll Now leads to the signup page', async ({ page }) => {
    await page.goto('/');
    await page.locator('section#faq').getByRole('link', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL(/\/StudentSignup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
  });
});

test.describe('information pages', () => {
  test('About Us describes the trainer and links the professional profile', async ({ page }, info) => {
    await page.goto('/AboutUs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page.locator('main')).toContainText('C and C++ trainer');
    await expect(page.locator('main')).toContainText('former faculty member of a software training institute');
    await expect(page.locator('main')).toContainText(
      'freelance full stack developer working with Ruby on Rails and React',
    );
    await expect(page.getByRole('link', { name: /professional profile/ })).toHaveAttribute('href', /^https:\/\//);
    await expectHeaderAndFooter(page);
    await saveScreenshot(page, 'about-us', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });

  test('Terms lists the three fee and refund rules', async ({ page }, info) => {
    await page.goto('/Terms');
    const items = page.locator('main ol li');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('paid any time before the batch starts');
    await expect(items.nth(1)).toContainText('full refund');
    await expect(items.nth(2)).toContainText('no refund is given unless there is a genuine reason');
    await saveScreenshot(page, 'terms', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });

  test('Privacy Policy names the data controller and the data collected', async ({ page }, info) => {
    await page.goto('/PrivacyPolicy');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('Privacy Policy');
    await expect(main).toContainText('Owner and Data Controller');
    await expect(main.locator('address')).toContainText('India');
    await expect(main.locator('address a[href^="mailto:"]')).toHaveCount(1);
    for (const item of ['name', 'email', 'mobile number', 'student address']) {
      await expect(main.locator('ul li', { hasText: new RegExp(`^${item}$`) })).toHaveCount(1);
    }
    await expect(main).toContainText('Methods of processing');
    await expect(main).toContainText('Place');
    await expect(main).toContainText('Retention time');
    await expect(main).toContainText('legal obligation');
    await saveScreenshot(page, 'privacy-policy', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });

  test("Verification Failed asks the visitor to contact the admin at the contact address, never the admin's login", async ({
    page,
  }, info) => {
    await page.goto('/VerificationFailed');
    await expect(page.getByText('Email Verification Failed !')).toHaveClass(/text-danger/);
    await expect(page.getByText('Please contact admin at help@course.example')).toBeVisible();
    await expect(page.getByRole('link', { name: 'help@course.example' })).toHaveAttribute(
      'href',
      'mailto:help@course.example',
    );
    expect(await page.content()).not.toContain('teacher@example.com');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/Home');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn C programming, one live class at a time');
    await saveScreenshot(page, 'verification-failed', info.project.name);
  });
});

test.describe('routes', () => {
  test('every route of the spec answers, case-insensitively, with header and footer', async ({ page }) => {
    for (const route of clientRoutes) {
      // A route with a parameter (/certificates/:code) has its own spec, which gives it a real value.
      if (route.path.includes(':')) continue;
      for (const path of [route.path, route.path.toLowerCase()]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.locator('header nav')).toBeVisible();
        await expect(page.locator('footer')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('We couldn’t find that page');
      }
    }
  });

  test('nested dashboard routes answer', async ({ page }) => {
    for (const path of ['/DashPage/myclasses', '/dashpage/mytests', '/DashPage/myprogs', '/dashpage/changePassword']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
  });

  test('/login is an alias of the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  });

  test('the header and footer navigate between pages', async ({ page }) => {
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/Terms$/);
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/AboutUs$/);
    await page.locator('header').getByRole('link', { name: 'C Programming Learning Hub' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a stored token', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  // The made-up token is refused (401) by the notification stream the header opens for a signed-in visitor.
  test('the header shows Logout when a token is stored', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('token', 'some-token'));
    await page.reload();
    const isPhone = (page.viewportSize()?.width ?? 1024) < 768;
    if (isPhone) await page.locator(NAV_TOGGLE).click();
    await expect(page.locator('#site-nav').getByRole('link', { name: 'Logout', exact: true })).toHaveAttribute(
      'href',
      '/StudentLogout',
    );
  });
});

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('anything else shows a friendly 404 page', async ({ page }, info) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expectHeaderAndFooter(page);
    await saveScreenshot(page, 'not-found', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the accessibility check', () => {
  // The browser asks a JSON page's origin for /favicon.ico, which the site does not have.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('finds serious violations, in the page and in a frame of the same origin', async ({ page }) => {
    // On the site's origin, as its own frames are.
    await page.goto('/healthz');
    await page.setContent(`<!doctype html><html lang="en"><title>Checked</title><main>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p style="color: #777; background: #888">Too faint to read</p>
      <iframe title="Inner" srcdoc="<!doctype html><html lang='en'><title>Inner</title><button></button></html>"></iframe>
    </main></html>`);
    await expect(page.frameLocator('iframe').locator('button')).toHaveCount(1);
    const failure = await expectNoSeriousA11yViolations(page).then(
      () => '',
      (error: Error) => error.message,
    );
    for (const rule of ['image-alt', 'color-contrast', 'button-name']) expect(failure).toContain(`${rule}:`);
    // The button is found inside the frame.
    expect(failure).toMatch(/button-name:.*\(iframe button\)/);
  });
});
