import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ChauffeursResponseSchema } from '@app/shared';
import { expect, test } from '../fixtures.ts';
import { E2E_OWNERS, ownerLinkPath } from '../owners.ts';
import { field } from './account-helpers.ts';
import { csrfHeaders } from './booking-helpers.ts';

const STEP_MS = 30_000;

/** The console's areas, in navigation order, with their paths under /admin. */
export const CONSOLE_AREAS = [
  ['Today', '/admin/today'],
  ['Rides', '/admin/rides'],
  ['Fleet', '/admin/fleet'],
  ['Chauffeurs', '/admin/chauffeurs'],
  ['Blocks', '/admin/blocks'],
  ['Feedback', '/admin/feedback'],
  ['Reviews', '/admin/reviews'],
  ['Numbers', '/admin/numbers'],
  ['Messages', '/admin/messages'],
  ['Audit', '/admin/audit'],
  ['Phone', '/admin/phone'],
] as const;

/** This project's owner, added by the runner at the command line, with the password it sets. */
export function ownerOf(testInfo: TestInfo): { email: string; password: string; link: string } {
  const email = E2E_OWNERS[testInfo.project.name];
  if (!email) throw new Error(`no owner for the project ${testInfo.project.name}`);
  return { email, password: 'Owner#Console2026', link: ownerLinkPath(email) };
}

/** The console's navigation (on a phone, hidden until its Menu button opens it). */
export function consoleNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Console', exact: true });
}

/** The button that opens the console's navigation on a phone (none from md on). */
export function consoleMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
}

/** The console's navigation, shown: on a phone its Menu button opens it first. */
export async function openConsoleNav(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (testInfo.project.name === 'mobile') {
    const button = consoleMenuButton(page);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  const nav = consoleNav(page);
  await expect(nav).toBeVisible();
  return nav;
}

/** Presses `key` (Tab, Shift+Tab) until `target` has the focus, as a keyboard user would. */
export async function pressUntilFocused(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  target: Locator,
  max = 30,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} pressed ${max} times never reached ${target.toString()}`);
}

/** A ride the runner wrote to the database (playwright.config.ts, E2E_SEEDED_RIDES). */
export interface SeededRide {
  id: string;
  customerName: string;
  carName: string;
  slotTime: string;
}

/** A seeded customer who signs in, with their ride of last week, completed (the reviews spec). */
export interface SeededReviewer extends SeededRide {
  email: string;
  password: string;
}

/** A ride for the bill's spec, with its customer's sign-in. */
export interface BilledRide extends SeededRide {
  email: string;
  password: string;
}

/** Completed rides of fifty days ago with bills: one a draft, one due by payment link. */
export interface OwedRides {
  draft: SeededRide;
  due: SeededRide;
  /** What the due one's payment link asks. */
  dueCents: number;
}

/**
 * A paid ride at midnight today (its pickup passed), a completed one of last month, and a paid
 * ride of six weeks ago for each browser project's bill (by project name), each project's
 * reviewer with a completed ride, and each project's bills for the board (`owed`).
 */
export function seededRides(): {
  today: SeededRide;
  lastMonth: SeededRide;
  reviewers: Record<string, SeededReviewer>;
  billed: Record<string, BilledRide>;
  owed: Record<string, OwedRides>;
} {
  const printed = (process.env.E2E_SEEDED_RIDES ?? '').split('\n').at(-1) ?? '';
  return JSON.parse(printed) as ReturnType<typeof seededRides>;
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

/*
 * The chauffeurs list is the whole business's, and the Chauffeurs spec finds it empty: a spec
 * that adds chauffeurs takes a turn at it (a lock beside the run's data; mkdir is atomic),
 * removes them at its end, then gives the turn back.
 */
const CHAUFFEURS_TURN = join(process.env.E2E_DATA_ROOT ?? '.', 'chauffeurs-turn.lock');

/** How long a spec may wait for its turn: the other specs' turns, one after another. */
const CHAUFFEURS_TURN_WAIT_MS = 360_000;

/**
 * The calling spec's turn at the chauffeurs list: taken before its first test, waiting for any
 * other spec's to end; given back after its last, once the chauffeurs whose addresses are in
 * `added` (filled by the tests as they go) are removed, as this project's owner.
 */
export function holdChauffeursTurn(added: readonly string[]): void {
  test.beforeAll(async () => {
    test.setTimeout(CHAUFFEURS_TURN_WAIT_MS + 10_000);
    await takeChauffeursTurn();
  });
  test.afterAll(async ({ playwright, ownerCookies }, testInfo) => {
    const owner = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { cookies: ownerCookies, origins: [] },
    });
    await endChauffeursTurn(owner, added);
    await owner.dispose();
  });
}

/** Waits until no other spec has chauffeurs on the list, and takes the turn. */
async function takeChauffeursTurn(): Promise<void> {
  await expect
    .poll(
      () => {
        try {
          mkdirSync(CHAUFFEURS_TURN);
          return true;
        } catch {
          return false;
        }
      },
      {
        message: `the chauffeurs list to be free (${CHAUFFEURS_TURN})`,
        timeout: CHAUFFEURS_TURN_WAIT_MS,
        intervals: [500],
      },
    )
    .toBe(true);
}

/** Removes the chauffeurs with these addresses as the `owner`, then gives the turn back. */
async function endChauffeursTurn(
  owner: APIRequestContext,
  emails: readonly string[],
): Promise<void> {
  try {
    const headers = await csrfHeaders(owner);
    const list = ChauffeursResponseSchema.parse(
      await (await owner.get('/api/admin/chauffeurs')).json(),
    );
    for (const chauffeur of list.chauffeurs.filter((c) => emails.includes(c.email))) {
      const removed = await owner.post(`/api/admin/chauffeurs/${chauffeur.id}/remove`, {
        headers,
      });
      expect(removed.status(), `remove ${chauffeur.email}`).toBe(200);
    }
  } finally {
    rmSync(CHAUFFEURS_TURN, { recursive: true, force: true });
  }
}
