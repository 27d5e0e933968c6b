import type { Locator, Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures.ts';
import { E2E_OWNERS, ownerLinkPath } from '../owners.ts';
import { field } from './account-helpers.ts';

const STEP_MS = 30_000;

/** The console's areas, in navigation order, with their paths under /admin. */
export const CONSOLE_AREAS = [
  ['Rides', '/admin/rides'],
  ['Fleet', '/admin/fleet'],
  ['Blocks', '/admin/blocks'],
  ['Feedback', '/admin/feedback'],
  ['Numbers', '/admin/numbers'],
  ['Messages', '/admin/messages'],
  ['Audit', '/admin/audit'],
] as const;

/** This project's owner, added by the runner at the command line, with the password it sets. */
export function ownerOf(testInfo: TestInfo): { email: string; password: string; link: string } {
  const email = E2E_OWNERS[testInfo.project.name];
  if (!email) throw new Error(`no owner for the project ${testInfo.project.name}`);
  return { email, password: 'Owner#Console2026', link: ownerLinkPath(email) };
}

/** The console's navigation. */
export function consoleNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Console', exact: true });
}

/**
 * A code from the authenticator app, as the owner's phone would show it, for a time step later
 * than `afterStep` (the server takes each step once): now's, or the next one's (the server takes
 * a step either side of now), waiting when even that was used. Answers the code and its step.
 */
export async function freshTotp(
  page: Page,
  secret: string,
  afterStep: number,
): Promise<{ code: string; step: number }> {
  let now = Math.floor(Date.now() / STEP_MS);
  while (afterStep + 1 > now + 1) {
    await page.waitForTimeout(1000);
    now = Math.floor(Date.now() / STEP_MS);
  }
  const step = Math.max(now, afterStep + 1);
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS });
  return { code, step };
}

/** The setup key the enrolment screen shows as text, without its spaces. */
export async function setupKey(page: Page): Promise<string> {
  const key = field(page.getByRole('main'), 'Setup key');
  await expect(key).toHaveValue(/^[A-Z2-7 ]{32,}$/);
  return (await key.inputValue()).replace(/\s/g, '');
}
