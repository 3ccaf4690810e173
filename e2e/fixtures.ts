import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test as base } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { startOwnSite } from './own-site-server.js';

let visitor = 0;

export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }, { ownSite: string }>({
  /** The worker's own copy of the site (own-site.ts): started the first time a test of the worker asks for it. */
  ownSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const site = await startOwnSite(workerInfo.workerIndex);
      await use(site.url);
      await site.stop();
    },
    { scope: 'worker' },
  ],
  // Each test is its own visitor: the site believes X-Forwarded-For from loopback (its nginx), so per-IP rate
  // limits count each test's signups and logins apart, as they would for real students on different machines.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    visitor += 1;
    const ip = `10.${testInfo.workerIndex % 250}.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': ip });
  },
  /** Console errors a test expects, such as the browser's own line about a page answered with 404. */
  allowedConsoleErrors: [[], { option: true }],
  // Any other console error or uncaught exception on a page fails the test (hydration mismatches included).
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && !allowedConsoleErrors.some((pattern) => pattern.test(text)))
          errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe-core's checks, run in the page itself (the library's "legacy" mode, which injects axe into each frame of the
 * site's origin) and keeping only the violations. By default the library finishes each check in a new blank page:
 * about 1 s a screen, against 0.35 s this way. The test "the accessibility check › finds…" (public-pages.spec.ts)
 * shows it still fails on violations, in a frame of the site too. Frames of another origin, the class videos'
 * players, are not looked into: their content is the video site's; their frame elements are checked.
 */
export async function expectNoSeriousA11yViolations(page: Page, { soft = false, screen = '' } = {}): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  (soft ? expect.soft : expect)(serious, `serious accessibility violations ${screen}`).toEqual([]);
}

/**
 * Screenshots are for a person to look at (e2e/screenshots/): taken on a developer's machine, not in CI, where
 * nobody would (E2E_SCREENSHOTS=1 takes them there too). No test compares them.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

/** The whole page; or, with `fullPage: false`, what the window shows (where an open modal dialog is). */
export async function saveScreenshot(
  page: Page,
  name: string,
  project: string,
  { fullPage = true } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${project}-${name}.png`, fullPage });
}

/**
 * The header's two disclosures are <details>: their summaries (the phone's menu button, the person menu) have no
 * ARIA role of their own, so they are found by their visually hidden names.
 */
export const NAV_TOGGLE = 'summary:has-text("Open the menu")';
export const ACCOUNT_MENU_TOGGLE = 'summary:has-text("Account menu")';

export async function expectHeaderAndFooter(page: Page): Promise<void> {
  // The menus work once the page is hydrated; a click before that would do nothing.
  await page.locator('html[data-ready="true"]').waitFor();
  const header = page.locator('header');
  const isPhone = (page.viewportSize()?.width ?? 1024) < 768;
  await expect(header.getByRole('link', { name: 'C Programming Learning Hub' })).toHaveAttribute('href', '/');
  const nav = header.locator('#site-nav');
  if (isPhone) {
    await header.locator(NAV_TOGGLE).click();
    // Let the collapse finish opening: a click on a menu item while it slides can miss.
    await expect(nav).toHaveClass(/\bshow\b/);
    await expect(nav).not.toHaveClass(/collapsing/);
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Signup', exact: true })).toHaveAttribute('href', '/StudentSignup');
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/StudentLogin');
  const menu = page.locator('.dropdown-menu.show');
  // One click opens it: the menu is a <details>, which opens before and after hydration alike.
  await nav.locator(ACCOUNT_MENU_TOGGLE).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/DashPage');
  await expect(menu.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/Profile');
  await expect(menu.locator('hr.dropdown-divider')).toHaveCount(1);
  await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/StudentLogin');
  await page.keyboard.press('Escape');

  const footer = page.locator('footer');
  await expect(footer).toContainText(/Copyright © \d{4} C Programming Learning Hub/);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/PrivacyPolicy');
  await expect(footer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/AboutUs');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/Terms');
}

/** Opens the header's person-icon menu (behind the menu button on a phone) and returns it. */
export async function openAccountMenu(page: Page) {
  await page.locator('html[data-ready="true"]').waitFor();
  const nav = page.locator('header #site-nav');
  if ((page.viewportSize()?.width ?? 1024) < 768) {
    await page.locator(NAV_TOGGLE).click();
    await expect(nav).toHaveClass(/\bshow\b/);
  }
  const menu = page.locator('.dropdown-menu.show');
  await nav.locator(ACCOUNT_MENU_TOGGLE).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Opens a page and waits until it is interactive (hydrated), so that typing is not lost. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-ready="true"]').waitFor();
}

/**
 * Nothing on the page scrolls sideways: the page is no wider than the window, and anything wider than its box
 * (a table, code) scrolls inside its own region, which the keyboard can reach and a screen reader can name.
 */
export async function expectNoSidewaysScroll(page: Page, { soft = false, screen = '' } = {}): Promise<void> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const unreachable: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      const named = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
      if (element.tabIndex < 0 || !named)
        unreachable.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, unreachable };
  });
  const check = soft ? expect.soft : expect;
  check(found.scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(found.clientWidth);
  check(found.unreachable, `${screen}: regions that scroll sideways but are not focusable and named`).toEqual([]);
}

/**
 * A screen's checks at the project's width: no sideways scroll and no serious accessibility violation (soft, so
 * one run reports every screen that fails), and a screenshot to look at.
 */
export async function checkScreen(page: Page, name: string, project: string): Promise<void> {
  await expectNoSidewaysScroll(page, { soft: true, screen: name });
  await saveScreenshot(page, name, project);
  await expectNoSeriousA11yViolations(page, { soft: true, screen: name });
}
