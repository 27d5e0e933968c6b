// Forgot password and the emailed reset link.
import { MESSAGES } from '@app/shared';
import { BUSINESS, expect, test } from '../../fixtures.ts';
import {
  exactly,
  expectToast,
  field,
  holdRequest,
  nextMessage,
  registerAccount,
  submitLogin,
  waitForResetPath,
} from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

test.describe('forgot and reset password', () => {
  test('forgot: bad email, busy label, success message', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'forgot');
    await page.goto('/forgot-password');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    // The hint about spam or calling, and a way back to login.
    await expect(main.getByText(/spam/i)).toBeVisible();
    await expect(main.getByRole('link', { name: BUSINESS.phone, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/login');
    await expectNoA11yViolations();

    const email = field(main, 'Email');
    const submit = main.getByRole('button', { name: 'Continue', exact: true });
    await email.fill('nobody@nowhere');
    await submit.click();
    await expectToast(page, MESSAGES.invalidEmail);

    await email.fill(account.email);
    const release = await holdRequest(page, '/api/user/forgot-password');
    const answered = nextMessage(page, '/api/user/forgot-password', () => submit.click());
    const busy = main.getByRole('button', { name: 'Please wait ...', exact: true });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    const { status, message } = await answered;
    expect(status).toBe(200);
    await expect(main.getByText(exactly(message))).toBeVisible();
    await expect(main.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
    await expectNoA11yViolations();
  });

  test('the emailed link resets the password: toggles, strength, checks, new login', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'reset');
    await page.goto('/forgot-password');
    await field(page.getByRole('main'), 'Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const resetPath = await waitForResetPath(account.email);

    await page.goto(resetPath);
    const main = page.getByRole('main');
    const newPassword = field(main, 'New password');
    const confirm = field(main, 'Confirm password');
    await expect(newPassword).toBeVisible();
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations();

    // Show / Hide on each field.
    for (const [input, label] of [
      [newPassword, 'new password'],
      [confirm, 'confirm password'],
    ] as const) {
      await expect(input).toHaveAttribute('type', 'password');
      await main.getByRole('button', { name: new RegExp(`^Show ${label}$`, 'i') }).click();
      await expect(input).toHaveAttribute('type', 'text');
      await main.getByRole('button', { name: new RegExp(`^Hide ${label}$`, 'i') }).click();
      await expect(input).toHaveAttribute('type', 'password');
    }

    // Strength: under 6 Weak; the full rule Strong; otherwise 8 or more Medium; else Weak.
    const strength = (label: string) =>
      main.getByText(new RegExp(`^\\s*Password strength:\\s*${label}\\s*$`));
    const cases: [string, 'Weak' | 'Medium' | 'Strong'][] = [
      ['a1!', 'Weak'],
      ['abcde', 'Weak'],
      ['abcdef', 'Weak'],
      ['abc12!x', 'Weak'],
      ['abcdefgh', 'Medium'],
      ['abcd1234', 'Medium'],
      ['abcdefg!', 'Medium'],
      ['abcdef1!', 'Strong'],
    ];
    for (const [password, label] of cases) {
      await newPassword.fill(password);
      await expect(strength(label), `"${password}" is ${label}`).toBeVisible();
    }

    const submit = main.getByRole('button', { name: 'Reset Password', exact: true });
    // Mismatch.
    await newPassword.fill('Fresh#Pass456');
    await confirm.fill('Fresh#Pass457');
    await submit.click();
    await expectToast(page, MESSAGES.passwordsDoNotMatch);
    // Weak (matching).
    await newPassword.fill('abcdefgh');
    await confirm.fill('abcdefgh');
    await submit.click();
    await expectToast(page, MESSAGES.weakPassword);
    await expect(page).toHaveURL(resetPath);

    // Success: to /login.
    const newPass = 'Fresh#Pass456';
    await newPassword.fill(newPass);
    await confirm.fill(newPass);
    const { status, message } = await nextMessage(page, '/api/user/reset-password', () =>
      submit.click(),
    );
    expect(status).toBe(200);
    await expect(page).toHaveURL('/login');
    await expectToast(page, message);

    // The old password fails, the new one works.
    const failed = await nextMessage(page, '/api/user/login', () =>
      submitLogin(page, account.email, account.password),
    );
    expect(failed.status).toBeGreaterThanOrEqual(400);
    await expectToast(page, failed.message);
    await expect(page).toHaveURL('/login');
    await submitLogin(page, account.email, newPass);
    await expect(page).toHaveURL('/services');
  });
});
