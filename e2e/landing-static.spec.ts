import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, apiStudent, type ApiStudent, approveTestimonial } from './accounts.js';
import {
  ACCOUNT_MENU_TOGGLE,
  expect,
  expectNoSeriousA11yViolations,
  NAV_TOGGLE,
  saveScreenshot,
  test,
} from './fixtures.js';

/** A completed student whose feedback the teacher approved, through the API: a testimonial on the landing page. */
async function approvedTestimonial(request: APIRequestContext, quote: string): Promise<ApiStudent> {
  const admin = await adminHeaders(request);
  const student = await apiStudent(request, { tag: 'static', firstName: 'Sana', lastName: 'Static' });
  for (const change of [
    () => request.patch(`/students/${student.id}`, { headers: admin, data: { student_status: 1 } }),
    () => request.put(`/students/${student.id}`, { headers: admin, data: { student_status: 2 } }),
    () => request.patch(`/students/${student.id}`, { headers: student.headers, multipart: { feedback: quote } }),
    () => approveTestimonial(request, admin, student.id),
  ]) {
    const response = await change();
    expect(response.ok(), await response.text()).toBe(true);
  }
  return student;
}

const SPA_CHUNK = /\/assets\/index-[^/]+\.js$/;

test.describe('the static landing page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('shows its sections and the approved testimonials; the menus open and lead to their pages', async ({
    page,
    request,
  }, info) => {
    const quote = `Static pages load fast ${Date.now()}`;
    await approvedTestimonial(request, quote);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn C programming, one live class at a time');
    for (const id of ['highlights', 'features', 'course-content', 'instructor', 'testimonials', 'course-fee', 'faq']) {
      await expect(page.locator(`section#${id}`)).toBeVisible();
    }
    const testimonial = page.locator('section#testimonials figure', { hasText: quote });
    await expect(testimonial).toContainText('Sana Static');
    await expect(page.locator('section#testimonials [role="status"]')).toHaveCount(0);

    const nav = page.locator('#site-nav');
    if ((page.viewportSize()?.width ?? 1024) < 768) {
      await expect(nav).toBeHidden();
      await page.locator(NAV_TOGGLE).click();
      await expect(nav).toBeVisible();
    }
    const menu = page.locator('#account-menu-items');
    await expect(menu).toBeHidden();
    await nav.locator(ACCOUNT_MENU_TOGGLE).click();
    await expect(menu).toBeVisible();
    await saveScreenshot(page, 'landing-no-js-menu', info.project.name, { fullPage: false });
    await expect(menu.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/Profile');
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/StudentLogin$/);

    // The other content pages are static too: About Us opens from the footer with its text in the HTML.
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  });
});

test.describe('the static landing page with JavaScript on', () => {
  test('loads only its inline island until the visitor heads for a link, then fetches the app ahead', async ({
    page,
  }) => {
    // Idle time never comes in this test: only a link can start the fetch.
    // The island asks for idle time once its first paint's work is done: that call is what the test waits for.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => {
        document.documentElement.dataset.idleAsked = 'true';
        return 0;
      };
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self' 'sha256-[^']+'/);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    await page.locator('html[data-ready="true"]').waitFor();
    // The full stylesheet comes after the first paint; the page's own rules are inline.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    await page.locator('html[data-idle-asked="true"]').waitFor({ state: 'attached' });
    expect(scripts).toEqual([]);
    expect(await page.locator('script[src]').count()).toBe(0);

    const signup = page.locator('section#hero').getByRole('link', { name: 'Enroll Now' });
    await signup.hover();
    await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached();
    await expect.poll(() => scripts.some((url) => SPA_CHUNK.test(url))).toBe(true);
    await signup.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up');
  });

  test('on idle time it fetches the app ahead by itself', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await expect.poll(() => scripts.some((url) => SPA_CHUNK.test(url))).toBe(true);
  });

  test('a signed-in student sees Logout and the unread count; the menu works by keyboard', async ({
    page,
    request,
  }, info) => {
    const student = await apiStudent(request, { tag: 'static-signed-in' });
    await page.route('**/api/v1/notifications/unread', (route) => route.fulfill({ json: { unread: 3 } }));
    await page.goto('/AboutUs');
    await page.evaluate((token) => window.localStorage.setItem('token', token), student.token);
    await page.goto('/');
    await page.locator('html[data-ready="true"]').waitFor();
    const nav = page.locator('#site-nav');
    if ((page.viewportSize()?.width ?? 1024) < 768) {
      await page.locator(NAV_TOGGLE).click();
      await expect(nav).toHaveClass(/\bshow\b/);
    }
    await expect(nav.getByRole('link', { name: 'Logout', exact: true })).toHaveAttribute('href', '/StudentLogout');
    const toggle = nav.locator(ACCOUNT_MENU_TOGGLE);
    await expect(toggle).toContainText('Account menu, 3 unread notifications');
    await toggle.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const notifications = menu.getByRole('link', { name: 'Notifications, 3 unread' });
    await expect(notifications).toBeFocused();
    await expect(notifications).toHaveAttribute('href', '/DashPage/notifications');
    await expect(menu.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/StudentLogout');
    await saveScreenshot(page, 'landing-signed-in-menu', info.project.name, { fullPage: false });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
    // A click outside closes it too.
    await toggle.click();
    await expect(page.locator('.dropdown-menu.show')).toBeVisible();
    await page.locator('section#hero h1').click();
    await expect(page.locator('.dropdown-menu.show')).toHaveCount(0);
  });
});
