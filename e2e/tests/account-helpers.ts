import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, literal } from '../fixtures.ts';

/** A customer the tests create: every test gets its own, so tests never share state. */
export interface Account {
  name: string;
  firstName: string;
  email: string;
  password: string;
  phone: string;
}

/** An email no other test (nor an earlier run against the same server) uses. */
export function uniqueEmail(prefix = 'user'): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}-${Date.now()}-${random}@example.com`;
}

/** Fresh account details (not yet registered). The password meets the strong rule. */
export function newAccount(prefix?: string): Account {
  const firstName = `Riley${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${firstName} Tester`,
    firstName,
    email: uniqueEmail(prefix),
    password: 'Start#Pass123',
    phone: '6175550123',
  };
}

/** Registers an account through the API (the sign-up screen has its own tests). */
export async function registerAccount(
  request: APIRequestContext,
  prefix?: string,
): Promise<Account> {
  const account = newAccount(prefix);
  const tokenResponse = await request.get('/api/csrf-token');
  expect(tokenResponse.status(), 'GET /api/csrf-token').toBe(200);
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const response = await request.post('/api/user/register', {
    headers: { 'x-csrf-token': csrfToken },
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      phone: account.phone,
    },
  });
  expect(response.status(), `register ${account.email}: ${await response.text()}`).toBe(200);
  return account;
}

/** The regular expression for an element whose whole text is exactly `text`. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${literal(text)}\\s*$`);
}

/** The toast (role alert) whose whole text is exactly `message`. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('alert').filter({ hasText: exactly(message) });
}

export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(toast(page, message).first(), `toast "${message}"`).toBeVisible();
}

/**
 * The form control labelled `label`: the label's text may end with the visual required marker
 * (`*`, hidden from assistive technology), so `getByLabel(label, { exact: true })` would miss it.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${literal(label)}\\s*\\*?\\s*$`));
}

/**
 * Closes every toast, so the next check can expect a fresh toast even when its text is the same
 * as an earlier one. Two show at a time and the rest wait their turn (`limit={2}`): as one
 * closes, a waiting one slides in, so closing goes on until none is left for a whole second. A
 * toast may close on its own (after 5 s) while its button is being clicked: it slides out and
 * leaves the page, and the click would then wait for a button that is gone. So each click has a
 * short timeout, and what decides is that no toast is left.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const alerts = page.getByRole('alert');
  await expect(async () => {
    for (let i = 0; i < 10 && (await alerts.count()) > 0; i++) {
      await alerts
        .first()
        .getByRole('button')
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    }
    await expect(alerts).toHaveCount(0, { timeout: 2_000 });
    // A toast waiting its turn shows as soon as the last one has gone.
    await page.waitForTimeout(1_000);
    await expect(alerts).toHaveCount(0, { timeout: 0 });
  }).toPass({ timeout: 30_000 });
}

/** The combined Login / Sign Up form, by its heading (Login or Sign Up). */
export function authForm(page: Page, mode: 'Login' | 'Sign Up'): Locator {
  return page.getByRole('form', { name: mode, exact: true });
}

/** The `message` of the JSON answer to the next call whose path ends with `path`. */
export async function nextMessage(
  page: Page,
  path: string,
  act: () => Promise<void>,
): Promise<{ status: number; message: string }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path),
    act(),
  ]);
  const body = (await response.json()) as { message?: unknown };
  expect(typeof body.message, `message of ${path}`).toBe('string');
  return { status: response.status(), message: body.message as string };
}

/** Logs in through /login (the page must be signed out). Does not wait for the redirect. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = authForm(page, 'Login');
  await expect(form).toBeVisible();
  await field(form, 'Email').fill(email);
  await field(form, 'Password').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /login, logs in and waits for /services. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL('/services');
}

/** The header's button that opens the signed-in user's dropdown (desktop). */
export function userMenuButton(page: Page, account: Account): Locator {
  return page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(literal(account.firstName)) });
}

/** The mobile menu's toggle and the panel it controls. */
export function mobileMenuToggle(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /menu/i }).first();
}

export async function openMobileMenu(page: Page): Promise<Locator> {
  const toggle = mobileMenuToggle(page);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const controls = await toggle.getAttribute('aria-controls');
  expect(controls, 'the menu button names its panel (aria-controls)').toBeTruthy();
  const panel = page.locator(`[id="${controls}"]`);
  await expect(panel).toBeVisible();
  return panel;
}

/** The account choices, in the product's order: the spec's four, My rides after My Appointments. */
export const ACCOUNT_ITEMS = [
  'My Profile',
  'My Appointments',
  'My rides',
  'Send Feedback',
  'Logout',
] as const;

// ---------------------------------------------------------------------------------------------
// Reset emails: without SMTP_URL the server writes each email to MAIL_DIR as an .eml file.

/** The mail directory of the server under test. */
export function mailDir(): string {
  const dir =
    process.env.E2E_MAIL_DIR ??
    (process.env.E2E_DATA_ROOT ? join(process.env.E2E_DATA_ROOT, 'mail') : undefined);
  if (!dir) throw new Error('E2E_MAIL_DIR (or E2E_DATA_ROOT) must name the server’s MAIL_DIR');
  return dir;
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The path `/reset-password/<token>` of the newest email sent to `email`, if any. */
export function newestResetPath(email: string): string | undefined {
  return newestLinkPath(email, 'reset-password');
}

/**
 * The path `/<page>/<token>` of the newest email sent to `email` that links to `page`, if any.
 * (`/verify-email/…`: the confirmation sent at signup, by the outbox's delivery job.)
 */
export function newestLinkPath(
  email: string,
  page: 'reset-password' | 'verify-email',
): string | undefined {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return undefined; // No email written yet: the directory appears with the first one.
  }
  const candidates = files
    .map((name) => join(mailDir(), name))
    .map((file) => ({ file, time: statSync(file).mtimeMs }))
    .sort((a, b) => b.time - a.time || b.file.localeCompare(a.file));
  const link = new RegExp(`/${page}/([A-Za-z0-9_-]+)`);
  for (const { file } of candidates) {
    const text = decodeQuotedPrintable(readFileSync(file, 'utf8'));
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const match = link.exec(text);
    if (match) return `/${page}/${match[1]}`;
  }
  return undefined;
}

/** Waits for a confirmation email to `email` whose link is not one of `seen`. */
export async function waitForVerifyPath(email: string, seen: string[] = []): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      () => {
        path = newestLinkPath(email, 'verify-email');
        return path && !seen.includes(path);
      },
      { message: `a confirmation email to ${email} in ${mailDir()}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return path as string;
}

/** Waits for the reset email to `email` (the server sends it after answering). */
export async function waitForResetPath(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(() => (path = newestResetPath(email)), {
      message: `a reset email to ${email} in ${mailDir()}`,
      timeout: 15_000,
    })
    .toBeTruthy();
  return path as string;
}

/** The header's action for a visitor (the mobile menu's too). */
export const LOGIN_SIGN_UP = 'Login / Sign Up';

/** Holds the browser's call to `path` until `release` is called (to see a busy state). */
export async function holdRequest(page: Page, path: string): Promise<() => void> {
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
