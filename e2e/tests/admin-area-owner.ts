import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures.ts';
import { areaOwnerEmail, ownerLinkPath, type E2EArea } from '../owners.ts';

const PASSWORD = 'Owner#Area2026';

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/csrf-token');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function post(request: APIRequestContext, url: string, data: object = {}) {
  const response = await request.post(url, {
    headers: { 'x-csrf-token': await csrf(request) },
    data,
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Signs this area's owner in once, through the API (the screens for it are `admin-console`'s):
 * sets the password from the command line's link, logs in, sets up the authenticator with a
 * code computed from its secret (which passes the second factor for the session). Answers the
 * session's cookies: `useOwnerSession` gives them to each test's page. Call it from `beforeAll`
 * of a serial describe: the link works once.
 */
export async function signInAreaOwner(
  browser: Browser,
  area: E2EArea,
  testInfo: TestInfo,
): Promise<Cookies> {
  const email = areaOwnerEmail(area, testInfo.project.name);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const { request } = context;
    const token = ownerLinkPath(email).split('/').pop() as string;
    await post(request, '/api/user/reset-password', { token, newPassword: PASSWORD });
    await post(request, '/api/user/login', { email, password: PASSWORD });
    const { secret } = (await post(request, '/api/admin/mfa/enrol')) as { secret: string };
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
    await post(request, '/api/admin/mfa/confirm', { code });
    return await context.cookies();
  } finally {
    await context.close();
  }
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** Gives the page the owner's session. */
export async function useOwnerSession(page: Page, cookies: Cookies): Promise<void> {
  await page.context().addCookies(cookies);
}
