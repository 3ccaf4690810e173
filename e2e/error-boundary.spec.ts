import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// The About Us page is its own lazily loaded chunk (app-routes.tsx), named after its module by the build.
const aboutUsChunk = '**/assets/about-us-page-*.js';

/**
 * From a page of the app, as a visitor uses it: the footer's link loads About Us's chunk. (The landing page is
 * static HTML without the app, decision 018: its links are full page loads.)
 */
async function openAboutUsFromTheApp(page: Page) {
  await page.goto('/StudentLogin');
  await page.locator('html[data-ready="true"]').waitFor();
  await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/AboutUs$/);
}

async function expectFailedPage(page: Page, text: RegExp) {
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(main.getByRole('alert')).toContainText(text);
  await expect(main.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expect(page).toHaveTitle(/Something went wrong/);
}

test.describe('a page that fails', () => {
  test.use({
    // The browser's line about the aborted download, and React's report of the error the boundary caught (one
    // pattern: Playwright would read a list of two as a value and its options).
    allowedConsoleErrors: [
      /Failed to load resource|Failed to fetch dynamically imported module|The page broke while rendering/,
    ],
  });

  test('whose code cannot be downloaded (the site was updated) says so, and Reload the page brings it back', async ({
    page,
  }) => {
    await page.route(aboutUsChunk, (route) => route.abort());
    await openAboutUsFromTheApp(page);
    await expectFailedPage(page, /could not be shown: the site has been updated since you opened it/);
    await expect(page.locator('footer')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The header still works, and another page shows as usual: the message goes with the address.
    await page.locator('header').getByRole('link', { name: 'C Programming Learning Hub' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn C programming, one live class at a time');
    await expect(page.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);

    // Back on the failed page, the download works again (the new deploy is there): reloading shows the page.
    await page.goBack();
    await expectFailedPage(page, /the site has been updated/);
    await page.unroute(aboutUsChunk);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page).toHaveURL(/\/AboutUs$/);
    await expect(page.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
  });

  test('that throws while rendering shows the message in the layout, and Reload the page brings it back', async ({
    page,
  }) => {
    // The chunk loads, but its page component throws as it renders: a bug in a page, as seen in production.
    await page.route(aboutUsChunk, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export function AboutUsPage() { throw new Error('The page broke while rendering'); }",
      }),
    );
    await openAboutUsFromTheApp(page);
    await expectFailedPage(page, /This page could not be shown\. Reloading the page may help/);
    await expect(page.locator('main')).not.toContainText('updated');
    await expectNoSeriousA11yViolations(page);

    await page.unroute(aboutUsChunk);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  });
});
