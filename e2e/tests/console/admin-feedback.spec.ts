import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { registerAccount, type Account } from '../account-helpers.ts';
import { logInViaApi } from '../booking-helpers.ts';

/*
 * The Feedback area at 1440 and 390 px, by keyboard, with axe on each state: messages sent by
 * customers through the site's API, newest first, the author named only when not anonymous;
 * the filters (rating, mood, dates) and their check; "Load more" for the next page.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** This run's tag, in every message it sends, so other specs' feedback does not matter. */
const TAG = `fb-${Date.now().toString(36)}`;
let named: Account;

async function send(
  request: APIRequestContext,
  body: { feedback: string; rating: number; emoji: string; isAnonymous: boolean },
) {
  const { csrfToken } = (await (await request.get('/api/csrf-token')).json()) as {
    csrfToken: string;
  };
  const response = await request.post('/api/feedback/leave-feedback', {
    headers: { 'x-csrf-token': csrfToken },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    // One customer stays anonymous; another (20 messages, as many as an hour allows one
    // account) signs theirs: 21 in all, more than a page.
    await logInViaApi(request, await registerAccount(request, 'feedback-anonymous'));
    await send(request, {
      feedback: `${TAG} anonymous: the driver was late`,
      rating: 2,
      emoji: 'sad',
      isAnonymous: true,
    });
    named = await registerAccount(request, 'feedback-author');
    await logInViaApi(request, named);
    for (let i = 1; i <= 20; i++) {
      await send(request, {
        feedback: `${TAG} named ${i}`,
        rating: 5,
        emoji: i === 20 ? 'happy' : 'neutral',
        isAnonymous: false,
      });
    }
  } finally {
    await request.dispose();
  }
});

async function openFeedback(page: Page, query = '') {
  await page.goto(`/admin/feedback${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
}

const messages = (page: Page) =>
  page.getByRole('region', { name: 'Messages' }).getByRole('listitem');
const mine = (page: Page) => messages(page).filter({ hasText: TAG });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter feedback' });

test('lists the messages newest first, naming only the authors who did not stay anonymous', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  await openFeedback(page);
  await expect(mine(page).first()).toContainText(`${TAG} named 20`);
  const newest = mine(page).first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText(named.name);
  await expect(newest).toContainText(named.email);
  await expect(newest).toContainText('Rating5 of 5');
  await expect(newest).toContainText('MoodHappy');
  await expectNoA11yViolations();

  // The anonymous one is older than a page of 20: Load more brings it, without a name.
  const anonymous = mine(page).filter({ hasText: 'anonymous: the driver was late' });
  await expect(anonymous).toHaveCount(0);
  const more = page.getByRole('button', { name: 'Load more' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(anonymous).toHaveCount(1);
  await expect(anonymous.getByRole('heading', { level: 2 })).toHaveText('Anonymous');
  await expect(anonymous).not.toContainText(named.name);
  await expect(anonymous).not.toContainText(named.email);
  await expect(anonymous).toContainText('MoodSad');
  await expectNoA11yViolations();
});

test('filters by rating and mood from the keyboard, and checks the date range', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  await openFeedback(page);
  const form = filters(page);
  await form.getByLabel('Rating').selectOption('2');
  await form.getByLabel('Mood').selectOption('sad');
  await form.getByRole('button', { name: 'Filter' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/feedback\?rating=2&mood=sad$/);
  await expect(mine(page)).toHaveCount(1);
  await expect(mine(page)).toContainText('anonymous: the driver was late');
  await expect(messages(page).filter({ hasNotText: 'Rating2 of 5' })).toHaveCount(0);
  await expectNoA11yViolations();

  // A last day before the first is said beside it, and nothing is asked of the server.
  await form.getByLabel('From').fill('2026-11-20');
  await form.getByLabel('To').fill('2026-11-19');
  await form.getByRole('button', { name: 'Filter' }).click();
  const to = form.getByLabel('To');
  await expect(to).toBeFocused();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription('The first day must not be after the last day.');
  await expect(page).toHaveURL(/\?rating=2&mood=sad$/);
  await expectNoA11yViolations();

  // A range far in the past matches nothing of this run.
  await form.getByLabel('From').fill('2020-01-01');
  await form.getByLabel('To').fill('2020-01-31');
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No feedback matches these filters.')).toBeVisible();
  await expectNoA11yViolations();

  await form.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/admin\/feedback$/);
  await expect(mine(page).first()).toContainText(`${TAG} named 20`);
});
