import sharp from 'sharp';
import {
  ADMIN,
  PASSWORD,
  apiStudent,
  linkFromOutbox,
  logIn,
  newEmail,
  nextAlert,
  signInWithToken,
  signUp,
} from './accounts.js';
import { expect, expectNoSeriousA11yViolations, open, saveScreenshot, test } from './fixtures.js';

test.describe('student account flow', () => {
  // Wrong passwords and taken emails are answered with 4xx on purpose; the browser logs each one.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 40[139]/] });
  test.setTimeout(60_000);
  test('signup → email link → create profile → dashboard → logout → forgot → reset → login', async ({
    page,
    request,
  }, info) => {
    const email = newEmail('grace');
    await signUp(page, email);
    await saveScreenshot(page, 'signup-almost-there', info.project.name);

    const verifyLink = await linkFromOutbox(request, email, /Verify your email/);
    await open(page, verifyLink.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page).toHaveURL(/\/StudentEmailVerified\?token=/);
    await expect(page.getByText('Email Verification Success !')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/CreateProfile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Uniq Id')).toHaveValue(/^CP-/);
    // Invalid info is refused in the browser with the spec's alert.
    await page.getByLabel('Mobile').fill('12345');
    const invalid = nextAlert(page);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    expect(await invalid).toBe('Please enter valid info');

    await page.getByLabel('City').fill('Kochi');
    await page.getByLabel('Mobile').fill('9876543210');
    await page.getByLabel('Country').fill('India');
    await page.getByLabel('Study / job role').fill('B.Tech');
    await page.getByLabel('College / company').fill('CET');
    await page.getByLabel(/Photo/).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer(),
    });
    await saveScreenshot(page, 'create-profile', info.project.name);
    const created = nextAlert(page);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    expect(await created).toBe('Your profile created successfully! View the email we sent you');

    await expect(page).toHaveURL(/\/dashpage$/);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu).toContainText('Grace');
    // On a phone the menu is folded away behind its button.
    const isPhone = (page.viewportSize()?.width ?? 1024) < 768;
    // The menu's list holds exactly the spec's items (the unread-notifications link sits by the name, outside it).
    const items = menu.getByRole('list').getByRole('link');
    if (isPhone) {
      await expect(items).toHaveCount(0);
      await menu.getByRole('button', { name: 'Menu' }).click();
    }
    await expect(items).toHaveText([
      'My Classes',
      'My Progs',
      'My Doubts',
      'My Tests',
      'My Payment',
      'Change Password',
      'Take self assessment test',
    ]);
    // Feedback is asked for after the course only.
    await expect(menu.getByRole('link', { name: 'My Feedback (After course)' })).toHaveCount(0);
    await expect(menu.locator('img')).toHaveAttribute('src', /^\/uploads\/photos\//);
    await expect(page.locator('.status-unpaid')).toHaveText('Unpaid');
    await saveScreenshot(page, 'dashboard', info.project.name);
    await expectNoSeriousA11yViolations(page);

    await open(page, '/StudentLogout');
    await expect(page.getByRole('heading', { name: 'Are you sure to logout ?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, I want to logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login again' })).toHaveAttribute('href', '/StudentLogin');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await open(page, '/ForgotPassword');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.locator('p.text-success')).toHaveText(/we have sent a link to reset the password/);
    await saveScreenshot(page, 'forgot-password', info.project.name);

    const resetLink = await linkFromOutbox(request, email, /Reset your/);
    await open(page, resetLink.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('New Password').fill('Lovelace#1843x');
    await page.getByLabel('Confirm Password').fill('Lovelace#1843y');
    const mismatch = nextAlert(page);
    await page.getByRole('button', { name: 'Reset My Password' }).click();
    expect(await mismatch).toBe("Passwords don't match");
    await page.getByLabel('Confirm Password').fill('Lovelace#1843x');
    await saveScreenshot(page, 'reset-password', info.project.name);
    const reset = nextAlert(page);
    await page.getByRole('button', { name: 'Reset My Password' }).click();
    expect(await reset).toBe('Password Reset Successful!');
    await expect(page).toHaveURL(/\/StudentLogin$/);

    await logIn(page, email, PASSWORD);
    await expect(page.locator('.alert-danger')).toHaveText('Invalid email or password.');
    await logIn(page, email, 'Lovelace#1843x');
    await expect(page).toHaveURL(/\/DashPage$/);
  });

  test('mismatched passwords on signup send nothing, and the checklist follows the typing', async ({ page }, info) => {
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/students') posted += 1;
    });
    await open(page, '/StudentSignup');
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await expect(checklist.locator('li')).toHaveText([
      /Capital letter/,
      /Passwords match/,
      /Special character/,
      /Minimum length 8/,
      /A number/,
    ]);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(checklist.locator('li.ok')).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await expect(checklist.locator('li.ok')).toHaveCount(4);
    await page.getByLabel('Email').fill(newEmail('mismatch'));
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    expect(posted).toBe(0);
    await saveScreenshot(page, 'signup', info.project.name);
    await expectNoSeriousA11yViolations(page);
  });

  test('a taken email is shown in red above the form', async ({ page }) => {
    const email = newEmail('taken');
    await signUp(page, email);
    await open(page, '/StudentSignup');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.locator('.alert-danger')).toHaveText(/already exists/);
  });

  test('an unverified account is told to verify, and can resend the email', async ({ page }) => {
    const email = newEmail('unverified');
    await signUp(page, email);
    await open(page, '/StudentLogin');
    await logIn(page, email, PASSWORD);
    await expect(page.locator('.alert-danger')).toContainText('Please verify your email');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(/we have sent a new verification link/)).toBeVisible();
  });

  test('a bad verification link lands on the failure page', async ({ page }) => {
    await page.goto('/students/verify_email?token=not-a-real-token');
    await expect(page).toHaveURL(/\/VerificationFailed$/);
    await expect(page.getByText('Email Verification Failed !')).toBeVisible();
    // A made-up token on the success page itself: no success, and nobody is signed in.
    await page.goto('/StudentEmailVerified?token=made-up-token');
    await expect(page.getByText('Email Verification Failed !')).toBeVisible();
    await expect(page.getByText('Email Verification Success !')).toHaveCount(0);
    // (On a phone the header's links are folded behind the menu button: present, not visible.)
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Login', includeHidden: true }).first(),
    ).toBeAttached();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout', includeHidden: true })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('a verification link opened twice says the email is verified and offers Log in', async ({ page, request }) => {
    const email = newEmail('twice');
    await signUp(page, email);
    const link = (await linkFromOutbox(request, email, /Verify your email/)).replace(/^https?:\/\/[^/]+/, '');
    // A mail scanner follows the link first.
    expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(303);
    await page.evaluate(() => window.localStorage.clear());
    await open(page, link);
    await expect(page.getByRole('heading', { name: 'Your email is already verified' })).toBeVisible();
    await expect(page.getByText('Email Verification Failed !')).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/StudentLogin$/);
  });

  test('a reset link never makes the header say Logout', async ({ page }) => {
    await open(page, '/ResetPassword?token=some-reset-token');
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    // The reset call still finds its bearer where it always was.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBe('some-reset-token');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login', includeHidden: true }).first()).toBeAttached();
    await expect(header.getByRole('link', { name: 'Logout', includeHidden: true })).toHaveCount(0);
    // The landing page (static, with its own script) agrees.
    await open(page, '/');
    await expect(header.getByRole('link', { name: 'Login', includeHidden: true }).first()).toBeAttached();
    await expect(header.getByRole('link', { name: 'Logout', includeHidden: true })).toHaveCount(0);
  });

  test('anonymous visitors to the dashboard go to login and come back after it', async ({ page, request }) => {
    const email = newEmail('back');
    await signUp(page, email);
    const link = await linkFromOutbox(request, email, /Verify your email/);
    await open(page, link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByText('Email Verification Success !')).toBeVisible();
    await page.evaluate(() => window.localStorage.clear());
    await open(page, '/DashPage/changePassword');
    await expect(page).toHaveURL(/\/StudentLogin$/);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/DashPage\/changePassword$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('/Profile is read-only until Edit, then saves', async ({ page, request }, info) => {
    const email = newEmail('profile');
    await signUp(page, email);
    const link = await linkFromOutbox(request, email, /Verify your email/);
    await open(page, link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const [label, value] of [
      ['City', 'Pune'],
      ['Mobile', '9123456789'],
      ['Country', 'India'],
      ['Study / job role', 'BCA'],
      ['College / company', 'MES'],
    ]) {
      await page.getByLabel(label!).fill(value!);
    }
    const created = nextAlert(page);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await created;
    await expect(page).toHaveURL(/\/dashpage$/);

    await open(page, '/Profile');
    await expect(page.getByLabel('City')).toHaveValue('Pune');
    await expect(page.getByLabel('City')).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Chennai');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveValue('Chennai');
    await expect(page.getByLabel('City')).not.toBeEditable();
    await saveScreenshot(page, 'profile', info.project.name);
  });

  test('a student abroad makes a profile with a number that has a country code', async ({ page, request }, info) => {
    const student = await apiStudent(request, { tag: 'abroad', profile: false });
    await signInWithToken(page, student.token, '/CreateProfile');
    const mobile = page.getByLabel('Mobile');
    // The field says which formats work, and a phone offers the keyboard with +.
    await expect(mobile).toHaveAccessibleDescription(
      'An Indian mobile: its 10 digits (98765 43210). Outside India: + and the country code first (+971 50 123 4567).',
    );
    await expect(mobile).toHaveAttribute('inputmode', 'tel');
    for (const [label, value] of [
      ['City', 'Dubai'],
      ['Country', 'United Arab Emirates'],
      ['Study / job role', 'Software tester'],
      ['College / company', 'Emirates Group'],
    ]) {
      await page.getByLabel(label!).fill(value!);
    }
    await mobile.fill('+971 5');
    const invalid = nextAlert(page);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    expect(await invalid).toBe('Please enter valid info');
    await expect(page.getByText('This number is not valid for its country code')).toBeVisible();
    await saveScreenshot(page, 'create-profile-abroad-refused', info.project.name);
    await mobile.fill('+971 50 123 4567');
    const created = nextAlert(page);
    await page.getByRole('button', { name: 'Create Profile' }).click();
    expect(await created).toBe('Your profile created successfully! View the email we sent you');
    await expect(page).toHaveURL(/\/dashpage$/);
    await open(page, '/Profile');
    await expect(page.getByLabel('Mobile')).toHaveValue('+971501234567');
    await saveScreenshot(page, 'profile-abroad', info.project.name);
  });

  test('/Profile without a token goes to the login page', async ({ page }) => {
    await open(page, '/Profile');
    await expect(page).toHaveURL(/\/StudentLogin$/);
  });
});

test.describe('admin', () => {
  test('the admin logs in and lands on /AdminPage; students are kept out', async ({ page }, info) => {
    await open(page, '/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/AdminPage$/);
    await expect(page.getByText('Logged In: Course Admin')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Mail outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toBeVisible();
    await saveScreenshot(page, 'admin', info.project.name);
    await page.getByRole('button', { name: 'Exit' }).click();
    await expect(page.getByRole('heading', { name: 'Mail outbox' })).toHaveCount(0);
  });
});
