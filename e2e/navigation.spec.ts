import { ADMIN, apiStudent, logIn } from './accounts.js';
import { checkScreen, expect, open, openAccountMenu, test } from './fixtures.js';

/** Issue 16, section 3, items 2 and 8: each account goes to its own pages, and unknown addresses are not found. */

test.describe("the admin's person menu", () => {
  test("My Dashboard opens the Admin Dashboard and Edit Profile the admin's account, never a student's pages", async ({
    page,
  }, info) => {
    await open(page, '/StudentLogin');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    let menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/AdminPage');
    await menu.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/Profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('This is the teacher’s account')).toBeVisible();
    await expect(page.getByText(ADMIN.email)).toBeVisible();
    // None of a student's profile: no mobile, city or college to fill in.
    await expect(page.getByLabel('Mobile')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await checkScreen(page, 'admin-account', info.project.name);

    menu = await openAccountMenu(page);
    await menu.getByRole('link', { name: 'My Dashboard' }).click();
    await expect(page).toHaveURL(/\/AdminPage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // The student's pages send the admin to the admin's: no "Course status: Unpaid", no profile form.
    for (const path of ['/DashPage', '/dashpage/mypayment', '/CreateProfile', '/StudentSignup', '/StudentLogin']) {
      await open(page, path);
      await expect(page, path).toHaveURL(/\/AdminPage$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByText('Course status')).toHaveCount(0);
    }
  });
});

test.describe('signed-in students', () => {
  test('are sent on from signup, login and create profile once their profile is made', async ({ page, request }) => {
    const student = await apiStudent(request, { tag: 'returning' });
    await open(page, '/Terms');
    await page.evaluate((token) => window.localStorage.setItem('token', token), student.token);
    for (const path of ['/StudentSignup', '/StudentLogin', '/login']) {
      await open(page, path);
      await expect(page, path).toHaveURL(/\/DashPage$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Asha' })).toBeVisible();
    }
    // Their profile exists: /CreateProfile opens it for editing instead of a blank new one.
    await open(page, '/CreateProfile');
    await expect(page).toHaveURL(/\/Profile$/);
    await expect(page.getByLabel('City')).toHaveValue('Thiruvananthapuram');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Profile' })).toHaveCount(0);
    await expect(page.getByText('Uniq Id')).toBeVisible();
    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/DashPage');
  });

  test('without a profile yet still create it', async ({ page, request }, info) => {
    const student = await apiStudent(request, { tag: 'newcomer', profile: false });
    await open(page, '/Terms');
    await page.evaluate((token) => window.localStorage.setItem('token', token), student.token);
    await open(page, '/CreateProfile');
    await expect(page.getByRole('button', { name: 'Create Profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/CreateProfile$/);
    await checkScreen(page, 'create-profile', info.project.name);
  });
});

test.describe('dashboard addresses', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('match whatever their case, and anything else is a page not found', async ({ page, request }, info) => {
    const student = await apiStudent(request, { tag: 'routes' });
    await open(page, '/Terms');
    await page.evaluate((token) => window.localStorage.setItem('token', token), student.token);
    for (const [path, heading] of [
      ['/dashpage/myclasses', 'My Classes'],
      ['/DashPage/mytests', 'My Tests'],
      ['/DASHPAGE/MYDOUBTS', 'My Doubts'],
      ['/dashpage/changepassword', 'Change Password'],
      ['/dashpage/changePassword', 'Change Password'],
      ['/DashPage/MyPayment', 'My Payment'],
      ['/dashpage/TEST', 'Take self assessment test'],
    ]) {
      const response = await page.goto(path!);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading!);
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    }
    for (const path of ['/dashpage/nonsense', '/DashPage/myclasses/extra', '/DashPage/payment']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('We couldn’t find that page');
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
      await expect(page.getByText('Course status')).toHaveCount(0);
    }
    // Moving between sections inside the app also ends on the not-found page for an unknown one.
    await open(page, '/DashPage');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/DashPage/nonsense');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await checkScreen(page, 'dashboard-not-found', info.project.name);
  });

  test("a student's admin menu link stays the dashboard", async ({ page, request }) => {
    // The admin's link is a hint for the menu only: a student who sets it by hand still can't open the admin page.
    const student = await apiStudent(request, { tag: 'pretend' });
    await open(page, '/Terms');
    await page.evaluate((token) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('role', 'admin');
    }, student.token);
    await open(page, '/AdminPage');
    await expect(page).toHaveURL(/\/DashPage$/);
  });
});
