import { MESSAGES } from '@app/shared';
import type { Page } from '@playwright/test';
import { action, BUSINESS, expect, scrollToBottom, test } from '../fixtures.ts';
import {
  ACCOUNT_ITEMS,
  authForm,
  exactly,
  dismissToasts,
  expectToast,
  field,
  logIn,
  mobileMenuToggle,
  newAccount,
  nextMessage,
  openMobileMenu,
  registerAccount,
  submitLogin,
  toast,
  userMenuButton,
  waitForResetPath,
} from './account-helpers.ts';

const LOGIN_SIGN_UP = 'Login / Sign Up';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

/** Holds the browser's call to `path` until `release` is called (to see a busy state). */
async function holdRequest(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home', exact: true })).toBeVisible();
}

/** Sign Up mode of /login, reached by the toggle under the form. */
async function openSignUp(page: Page) {
  await page.goto('/login');
  await expect(authForm(page, 'Login')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account', exact: true }).click();
  const form = authForm(page, 'Sign Up');
  await expect(form).toBeVisible();
  return form;
}

// -------------------------------------------------------------------------------------------
test.describe('sign up (/login, Sign Up mode)', () => {
  test('checks the fields in the spec order, then returns to Login mode', async ({
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

// -------------------------------------------------------------------------------------------
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

  test('too many failed attempts (HTTP 429) shows the spec message', async ({ page, request }) => {
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

  test('the user menu works by keyboard', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the dropdown is the desktop header; the phone has the menu panel');
    const account = await registerAccount(request, 'kbd');
    await logIn(page, account);
    const header = page.getByRole('banner');
    const button = userMenuButton(page, account);
    const item = (name: string) => header.getByRole('menuitem', { name, exact: true });

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Keyboard focus walks the four items in the spec's order, then wraps around.
    for (const name of ACCOUNT_ITEMS) {
      await expect(item(name)).toBeFocused();
      await page.keyboard.press('ArrowDown');
    }
    await expect(item(ACCOUNT_ITEMS[0])).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item('My Profile')).toBeHidden();
    await expect(button).toBeFocused();

    // Open again and choose Send Feedback with the keyboard.
    await page.keyboard.press('Enter');
    await expect(item('My Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(item('Send Feedback')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/feedback');
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

// -------------------------------------------------------------------------------------------
test.describe('my profile', () => {
  test('view mode, Edit, required fields, Save Update and back to view mode', async ({
    page,
    request,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'profile');
    await logIn(page, account);
    await page.goto('/my-profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'My Profile', exact: true })).toBeVisible();

    // View mode: the details as text, an Edit button, no form fields.
    await expect(main.getByText(account.email).first()).toBeVisible();
    await expect(main.getByText(account.name).first()).toBeVisible();
    await expect(main.getByRole('textbox')).toHaveCount(0);
    const edit = main.getByRole('button', { name: 'Edit', exact: true });
    await expect(edit).toBeVisible();
    await expectNoA11yViolations();

    // Edit mode.
    await edit.click();
    const save = main.getByRole('button', { name: 'Save Update', exact: true });
    await expect(save).toBeVisible();
    await expect(edit).toHaveCount(0);
    const control = (label: string) => field(main, label);
    const email = control('Email');
    await expect(email).toHaveValue(account.email);
    await expect(email, 'email is read-only').not.toBeEditable();
    await expect(control('Full name')).toHaveValue(account.name);

    const gender = main.getByRole('combobox', { name: 'Gender' });
    await expect(gender.getByRole('option')).toHaveText(['Not Selected', 'Male', 'Female']);
    // Fields are marked required (the marker is for sight, aria-required for everyone).
    for (const label of ['Full name', 'Address', 'Phone', 'Date of birth']) {
      await expect(control(label), `${label} required`).toHaveAttribute('aria-required', 'true');
    }
    await expectNoA11yViolations();

    await control('Full name').fill('Morgan Updated');
    await control('Address').fill('12 Elm Street, Norwood, MA');
    await control('Phone').fill('617-555-0188');
    await gender.selectOption('Female');
    await control('Date of birth').fill('1990-03-05');

    // Clearing a required field: All fields are required, and nothing is saved.
    await control('Address').fill('');
    await save.click();
    await expectToast(page, MESSAGES.allFieldsRequired);
    await expect(save).toBeVisible();
    await control('Address').fill('12 Elm Street, Norwood, MA');

    // Busy state: disabled and Please wait... while the call runs.
    const release = await holdRequest(page, '/api/user/update-profile');
    const saved = nextMessage(page, '/api/user/update-profile', () => save.click());
    const busy = main.getByRole('button', { name: 'Please wait...', exact: true });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    const { status, message } = await saved;
    expect(status).toBe(200);
    await expectToast(page, message);

    // Back to view mode with the new values, and they survive a reload.
    const expectSaved = async () => {
      await expect(main.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Save Update' })).toHaveCount(0);
      for (const text of [
        'Morgan Updated',
        '12 Elm Street, Norwood, MA',
        '617-555-0188',
        'Female',
        'March 5, 1990',
      ]) {
        await expect(main.getByText(exactly(text)).first(), text).toBeVisible();
      }
    };
    await expectSaved();
    await page.reload();
    await expectSaved();
  });
});

// -------------------------------------------------------------------------------------------
test.describe('feedback', () => {
  test('blank check, counter, stars and mood by keyboard, anonymous, thanks', async ({
    page,
    request,
    isMobile,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(request, 'feedback');
    await logIn(page, account);
    await page.goto('/feedback');
    const main = page.getByRole('main');
    const message = main.getByRole('textbox');
    await expect(message).toHaveCount(1);
    const counter = main.getByText(/^\s*\d+\/2000\s*$/);
    await expect(counter).toHaveText('0/2000');
    await expectNoA11yViolations();

    const send = main.getByRole('button', { name: 'Send Feedback', exact: true });
    // Blank and whitespace-only are both refused.
    await send.click();
    await expectToast(page, MESSAGES.feedbackRequired);
    await message.fill('   ');
    await dismissToasts(page);
    await send.click();
    await expectToast(page, MESSAGES.feedbackRequired);

    // The counter follows the text, and stops at 2000.
    await message.fill('x'.repeat(2010));
    await expect(counter).toHaveText('2000/2000');
    const text = 'Driver was on time and the car was spotless.';
    await message.fill(text);
    await expect(counter).toHaveText(`${text.length}/2000`);

    const star = (n: number) =>
      main.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });
    for (const n of [1, 2, 3, 4, 5]) await expect(star(n)).toBeAttached();
    const mood = (name: string) => main.getByRole('radio', { name, exact: true });

    // Stars by keyboard: Tab from the message into the group, Space picks, arrows move.
    await message.focus();
    await page.keyboard.press('Tab');
    await expect(star(1)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(star(1)).toBeChecked();
    for (const n of [2, 3, 4, 5]) {
      await page.keyboard.press('ArrowRight');
      await expect(star(n)).toBeChecked();
    }
    await page.keyboard.press('ArrowLeft');
    await expect(star(4)).toBeChecked();
    await expect(star(5)).not.toBeChecked();

    // Mood: sad, neutral, happy, by keyboard too.
    await page.keyboard.press('Tab');
    await expect(mood('Sad')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(mood('Sad')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(mood('Neutral')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(mood('Happy')).toBeChecked();

    // The anonymous checkbox.
    const anonymous = main.getByRole('checkbox');
    await expect(anonymous).not.toBeChecked();
    await page.keyboard.press('Tab');
    await expect(anonymous).toBeFocused();
    await page.keyboard.press('Space');
    await expect(anonymous).toBeChecked();
    if (!isMobile) await expectNoA11yViolations();

    const [sent] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/feedback/leave-feedback'),
      send.click(),
    ]);
    expect(sent.postDataJSON()).toEqual({
      feedback: text,
      rating: 4,
      isAnonymous: true,
      emoji: 'happy',
    });
    await expectToast(page, MESSAGES.feedbackThanks);
  });
});

// -------------------------------------------------------------------------------------------
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

// -------------------------------------------------------------------------------------------
test.describe('logout', () => {
  async function expectSignedOut(page: Page, isMobile: boolean) {
    await expectToast(page, MESSAGES.loggedOut);
    await expect(page).toHaveURL('/');
    if (isMobile) {
      const panel = await openMobileMenu(page);
      await expect(action(panel, LOGIN_SIGN_UP)).toBeVisible();
      await expect(action(panel, 'Logout')).toHaveCount(0);
    } else {
      await expect(action(page.getByRole('banner'), LOGIN_SIGN_UP)).toBeVisible();
    }
    // The session is gone: a signed-in-only page sends the visitor to /login.
    await page.goto('/my-profile');
    await expect(page).toHaveURL(/\/login(?:[?#]|$)/);
  }

  test('from the header menu', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the phone uses the menu panel (next test)');
    const account = await registerAccount(request, 'logout');
    await logIn(page, account);
    await page.goto('/my-profile');
    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await expectSignedOut(page, false);
  });

  test('from the mobile menu, which offers the four account items', async ({
    page,
    request,
    isMobile,
    expectNoA11yViolations,
  }) => {
    test.skip(!isMobile, 'the menu panel is the 390 px layout');
    const account = await registerAccount(request, 'mlogout');
    await logIn(page, account);
    const panel = await openMobileMenu(page);
    for (const item of ACCOUNT_ITEMS) {
      await expect(action(panel, item), item).toBeVisible();
    }
    await expectNoA11yViolations();
    // A link closes the menu and opens the page.
    await action(panel, 'My Profile').click();
    await expect(page).toHaveURL('/my-profile');
    await expect(mobileMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');

    const again = await openMobileMenu(page);
    await action(again, 'Logout').click();
    await expectSignedOut(page, true);
  });
});
