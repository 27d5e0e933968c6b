// Logging in, and the pages only a visitor or only a customer may open.
import { MESSAGES } from '@app/shared';
import type { Page } from '@playwright/test';
import { action, expect, scrollToBottom, test } from '../../fixtures.ts';
import {
  ACCOUNT_ITEMS,
  authForm,
  expectToast,
  field,
  logIn,
  LOGIN_SIGN_UP,
  nextMessage,
  openMobileMenu,
  registerAccount,
  submitLogin,
  userMenuButton,
} from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home', exact: true })).toBeVisible();
}

test.describe('log in', () => {
  test('login checks: empty fields, bad email', async ({ page }) => {
    await page.goto('/login');
    const form = authForm(page, 'Login');
    const submit = form.getByRole('button', { name: 'Login', exact: true });
    await submit.click();
    await expectToast(page, MESSAGES.allFieldsRequired);
    await field(form, 'Email').fill('someone@');
    await field(form, 'Password').fill('whatever');
    await submit.click();
    await expectToast(page, MESSAGES.invalidEmail);
    await expect(page).toHaveURL('/login');
  });

  test('a wrong password shows the server message', async ({ page, request }) => {
    const account = await registerAccount(request, 'wrongpw');
    await page.goto('/login');
    await scrollToBottom(page);
    const { status, message } = await nextMessage(page, '/api/user/login', () =>
      submitLogin(page, account.email, 'Wrong#Pass999'),
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(message).not.toBe('');
    await expectToast(page, message);
    await expect(page).toHaveURL('/login');
    await expect(authForm(page, 'Login')).toBeVisible();
    // A failed login scrolls the page to the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('too many failed attempts (HTTP 429) shows the product’s message', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'locked');
    // Wrong passwords through the API until the server's per-email limit answers 429.
    const { csrfToken } = (await (await request.get('/api/csrf-token')).json()) as {
      csrfToken: string;
    };
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt++) {
      const response = await request.post('/api/user/login', {
        headers: { 'x-csrf-token': csrfToken },
        data: { email: account.email, password: 'Wrong#Pass999' },
      });
      status = response.status();
    }
    expect(status, 'the server limits failed logins per email').toBe(429);

    await page.goto('/login');
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/login');
    await submitLogin(page, account.email, account.password);
    expect((await answer).status()).toBe(429);
    await expectToast(page, MESSAGES.tooManyLoginAttempts);
    await expect(page).toHaveURL('/login');
  });

  test('success goes to /services and the header offers the account choices', async ({
    page,
    request,
    isMobile,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'login');
    await page.goto('/login');
    const { message } = await nextMessage(page, '/api/user/login', () =>
      submitLogin(page, account.email, account.password),
    );
    await expect(page).toHaveURL('/services');
    await expectToast(page, message);

    const header = page.getByRole('banner');
    if (isMobile) {
      const panel = await openMobileMenu(page);
      for (const item of ACCOUNT_ITEMS) {
        await expect(action(panel, item), item).toBeVisible();
      }
      await expect(action(panel, LOGIN_SIGN_UP)).toHaveCount(0);
    } else {
      await expect(action(header, LOGIN_SIGN_UP)).toHaveCount(0);
      const button = userMenuButton(page, account);
      await expect(button).toBeVisible();
      await button.click();
      for (const item of ACCOUNT_ITEMS) {
        await expect(header.getByRole('menuitem', { name: item, exact: true }), item).toBeVisible();
      }
      await expectNoA11yViolations();
      await header.getByRole('menuitem', { name: 'My Profile', exact: true }).click();
      await expect(page).toHaveURL('/my-profile');
    }
  });

  test('signed in: the Home hero shows Send Feedback, and signed-out pages are 404', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    // As a visitor: Login in the hero.
    await page.goto('/');
    const hero = page
      .getByRole('main')
      .locator('section')
      .filter({ has: page.getByRole('link', { name: 'Schedule your pickup', exact: true }) })
      .first();
    await expect(action(hero, 'Login')).toBeVisible();
    await expect(action(hero, 'Send Feedback')).toHaveCount(0);

    const account = await registerAccount(request, 'hero');
    await logIn(page, account);
    await page.goto('/');
    await expect(action(hero, 'Send Feedback')).toBeVisible();
    await expect(action(hero, 'Login')).toHaveCount(0);
    await action(hero, 'Send Feedback').click();
    await expect(page).toHaveURL('/feedback');

    for (const path of ['/login', '/forgot-password', '/reset-password/x']) {
      await page.goto(path);
      await expectNotFoundPage(page);
      await expect(page, path).toHaveURL(path);
    }
    await expectNoA11yViolations();
  });
});

// -------------------------------------------------------------------------------------------
test.describe('signed-in-only pages', () => {
  for (const path of ['/feedback', '/my-profile']) {
    test(`a visitor opening ${path} logs in and lands back there`, async ({ page, request }) => {
      const account = await registerAccount(request, 'guard');
      await page.goto(path);
      await expect(page).toHaveURL(/\/login(?:[?#]|$)/);
      await expect(authForm(page, 'Login')).toBeVisible();
      await submitLogin(page, account.email, account.password);
      await expect(page).toHaveURL(path);
    });
  }
});
