// Signing up: the Sign Up mode of /login.
import { MESSAGES } from '@app/shared';
import type { Page } from '@playwright/test';
import { BUSINESS, expect, scrollToBottom, test } from '../../fixtures.ts';
import {
  authForm,
  exactly,
  dismissToasts,
  expectToast,
  field,
  newAccount,
  nextMessage,
  registerAccount,
  submitLogin,
  toast,
} from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

/** Sign Up mode of /login, reached by the toggle under the form. */
async function openSignUp(page: Page) {
  await page.goto('/login');
  await expect(authForm(page, 'Login')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account', exact: true }).click();
  const form = authForm(page, 'Sign Up');
  await expect(form).toBeVisible();
  return form;
}

test.describe('sign up (/login, Sign Up mode)', () => {
  test('checks the fields in the product’s order, then returns to Login mode', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const account = newAccount('signup');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', exact: true, level: 1 })).toBeVisible();
    await expectNoA11yViolations();

    const form = await openSignUp(page);
    await expect(
      page.getByRole('heading', { name: 'Sign Up', exact: true, level: 1 }),
    ).toBeVisible();
    await expect(field(form, 'Full name')).toBeVisible();
    await expect(field(form, 'Phone')).toBeVisible();
    // The phone hint gives the two accepted forms: 10 digits, and 3-3-4 with hyphens.
    const digits = BUSINESS.phone.replace(/\D/g, '').slice(-10);
    const hyphens = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    await expect(
      form.getByText(exactly(`Enter a valid phone number (e.g., ${digits} or ${hyphens})`)),
    ).toBeVisible();
    // Forgot Password belongs to Login mode only.
    await expect(page.getByRole('link', { name: /Forgot Password/ })).toHaveCount(0);
    await expectNoA11yViolations();
    const submit = form.getByRole('button', { name: 'Create Account', exact: true });

    // 1. Everything empty: All fields are required.
    await submit.click();
    await expectToast(page, MESSAGES.allFieldsRequired);

    // Only the phone missing is still "All fields are required".
    await field(form, 'Full name').fill(account.name);
    await field(form, 'Email').fill('not-an-email');
    await field(form, 'Password').fill(account.password);
    await dismissToasts(page);
    await submit.click();
    await expectToast(page, MESSAGES.allFieldsRequired);

    // 2. A bad phone is reported before the (also bad) email.
    await field(form, 'Phone').fill('12345');
    await submit.click();
    await expectToast(page, MESSAGES.invalidPhone);
    await expect(toast(page, MESSAGES.invalidEmail)).toHaveCount(0);

    // 3. A good phone (3-3-4 with hyphens): now the email.
    await field(form, 'Phone').fill('617-555-0123');
    await submit.click();
    await expectToast(page, MESSAGES.invalidEmail);

    // Everything valid: the server's success message, and the form is back in Login mode.
    await field(form, 'Email').fill(account.email);
    const { status, message } = await nextMessage(page, '/api/user/register', () => submit.click());
    expect(status).toBe(200);
    await expectToast(page, message);
    const login = authForm(page, 'Login');
    await expect(login).toBeVisible();
    await expect(field(login, 'Full name')).toHaveCount(0);
    await expect(login.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();

    // The new account works.
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL('/services');
  });

  test('a duplicate email shows the server message', async ({ page, request }) => {
    const existing = await registerAccount(request, 'dup');
    const form = await openSignUp(page);
    await field(form, 'Full name').fill('Another Person');
    await field(form, 'Email').fill(existing.email);
    await field(form, 'Password').fill('Other#Pass456');
    await field(form, 'Phone').fill('6175550199');
    await scrollToBottom(page);
    const { status, message } = await nextMessage(page, '/api/user/register', () =>
      form.getByRole('button', { name: 'Create Account', exact: true }).click(),
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(message).not.toBe('');
    await expectToast(page, message);
    await expect(page).toHaveURL(/\/login/);
    // A failed signup scrolls the page to the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the phone input keeps at most 15 digits', async ({ page }) => {
    const form = await openSignUp(page);
    const phone = field(form, 'Phone');
    await phone.pressSequentially('12345678901234567890');
    const value = await phone.inputValue();
    expect(value.replace(/\D/g, '').length, `phone input value "${value}"`).toBeLessThanOrEqual(15);
  });

  test('the Forgot Password link shows in Login mode only and opens /forgot-password', async ({
    page,
  }) => {
    await page.goto('/login');
    const forgot = page.getByRole('link', { name: /Forgot Password/ });
    await expect(forgot).toBeVisible();
    await page.getByRole('button', { name: 'Create an account', exact: true }).click();
    await expect(authForm(page, 'Sign Up')).toBeVisible();
    await expect(forgot).toHaveCount(0);
    await page.getByRole('button', { name: 'Login here', exact: true }).click();
    await expect(authForm(page, 'Login')).toBeVisible();
    await forgot.click();
    await expect(page).toHaveURL('/forgot-password');
  });
});
