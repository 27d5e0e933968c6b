import type { Page } from '@playwright/test';
import { reviewByline } from '@app/shared';
import { expect, fetchServices, test } from '../fixtures.ts';
import { pressUntilFocused, seededRides } from './admin-helpers.ts';
import { logInViaApi } from './booking-helpers.ts';

/*
 * Verified reviews (issue 31) at 1440 and 390 px, by keyboard, with axe on each state: the
 * seeded customer of this project rates their completed ride on its page (stars as a radio
 * group, words, a tag), is offered the Google review link, and sees the review on the car's
 * page; the owner answers it in public, then hides it with a reason, and the car page follows.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** The Google review page the server is started with (playwright.config.ts). */
const GOOGLE_REVIEW_URL = 'https://g.page/r/norfolk-rides-e2e/review';

let words = '';
let carPath = '';

const reviewsOnCarPage = (page: Page) =>
  page.getByRole('region', { name: 'What riders say about this car' });

test('the customer rates a completed ride by keyboard and is offered the Google link', async ({
  page,
  expectNoA11yViolations,
}, testInfo) => {
  const reviewer = seededRides().reviewers[testInfo.project.name];
  if (!reviewer) throw new Error(`no reviewer for ${testInfo.project.name}`);
  words = `Calm drive ${testInfo.project.name} ${Date.now().toString(36)}`;
  const car = (await fetchServices(page.request)).find((s) => s.name === reviewer.carName);
  carPath = `/appointment/${car?._id}`;
  await logInViaApi(page.request, {
    email: reviewer.email,
    password: reviewer.password,
    name: reviewer.customerName,
    firstName: 'Rhea',
    phone: '',
  });

  await page.goto(`/my-appointments/${reviewer.id}#rate`);
  const form = page.getByRole('region', { name: 'Rate your ride' });
  await expect(form).toBeVisible();
  await expectNoA11yViolations();

  // Tab into the stars, then the arrow keys choose among them, as in any radio group.
  const oneStar = form.getByRole('radio', { name: '1 star: Poor' });
  await pressUntilFocused(page, 'Tab', oneStar, 60);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/A few words/)).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press('Tab');
  await expect(form.getByRole('checkbox', { name: 'On time' })).toBeFocused();
  await page.keyboard.press('Space');
  await pressUntilFocused(page, 'Tab', form.getByRole('button', { name: 'Send my rating' }));
  await page.keyboard.press('Enter');

  await expect(form.getByText('Thank you for rating your ride.')).toBeFocused();
  await expect(form.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(form.getByRole('link', { name: /Review us on Google/ })).toHaveAttribute(
    'href',
    GOOGLE_REVIEW_URL,
  );
  await expectNoA11yViolations();

  // The car's page, rendered by the server, shows it with the first name and the month.
  await page.goto(carPath);
  const review = reviewsOnCarPage(page).getByRole('article').filter({ hasText: words });
  await expect(review).toBeVisible();
  await expect(review).toContainText(reviewByline('Rhea', new Date()));
  await expect(review).toContainText('On time');
  await expect(review).not.toContainText('Deskrater');
  await expect(review).not.toContainText('Mobirater');
});

test('the owner answers the review in public, then hides it with a reason', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  expect(words, 'the customer rated first').not.toBe('');
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: words });
  await expect(card).toBeVisible();
  await expectNoA11yViolations();

  const reply = card.getByLabel('Public reply');
  await reply.focus();
  await page.keyboard.type('Thank you, Rhea!');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Save reply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your reply is on the site.')).toBeVisible();

  await page.goto(carPath);
  const shown = reviewsOnCarPage(page).getByRole('article').filter({ hasText: words });
  await expect(shown).toContainText('Reply from the owner');
  await expect(shown).toContainText('Thank you, Rhea!');

  await page.goto('/admin/reviews');
  await expect(card).toBeVisible();
  const hide = card.getByRole('button', { name: 'Hide from the site' });
  await hide.focus();
  await page.keyboard.press('Enter');
  const reason = card.getByLabel('Why hide it?');
  await expect(reason).toBeFocused();
  // No reason, no hiding.
  await page.keyboard.press('Enter');
  await expect(card.getByRole('alert')).toHaveText('Please say why this review is hidden.');
  await page.keyboard.type('Test ride of the browser tests.');
  await page.keyboard.press('Enter');
  await expect(card.getByText('Hidden from the site', { exact: true })).toBeVisible();
  await expect(card).toContainText('Test ride of the browser tests.');
  await expect(card.getByRole('button', { name: 'Show on the site again' })).toBeVisible();
  await expectNoA11yViolations();

  await page.goto(carPath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);
});
