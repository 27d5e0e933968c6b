import type { APIRequestContext, Page } from '@playwright/test';
import { CHAUFFEUR_LINE_AMOUNT_MESSAGE, type Service, type SlotDay } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import {
  dismissToasts,
  expectToast,
  field,
  registerAccount,
  submitLogin,
  uniqueEmail,
  waitForResetPath,
} from '../account-helpers.ts';
import { freshTotp, holdChauffeursTurn, setupKey } from '../admin-helpers.ts';
import { bookViaApi, csrfHeaders, logInViaApi, offeredDays } from '../booking-helpers.ts';
import { expectInstallable } from '../install-helpers.ts';

/*
 * A chauffeur's day (issue 30), at 1440 and 390 px with axe on every state: the owner adds a
 * chauffeur and gives them a paid ride; the chauffeur sets a password from the invitation,
 * signs in and lands on the day sheet, which sets up the authenticator first; then taps the
 * ride through its steps by keyboard, undoes one, adds a toll to the bill the owner then
 * reviews, and, with no signal, still reads the sheet.
 */

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Chauffeur#2026';

/** The chauffeurs this file added: the Chauffeurs spec finds the list empty, so they go at the end. */
const addedEmails: string[] = [];

holdChauffeursTurn(addedEmails);

/** A paid ride of a single-type car within the sheet's week, booked and paid by a customer. */
async function paidRideThisWeek(
  request: APIRequestContext,
  services: Service[],
  mobile: boolean,
): Promise<{ id: string; slotTime: string; car: Service; day: SlotDay }> {
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length === 1);
  const car = cars.at(mobile ? -2 : -3);
  if (!car) throw new Error('the demo data lacks three available single-type cars');
  const rider = await registerAccount(request, 'driven');
  await logInViaApi(request, rider);
  // Two to five days ahead, at a time of its own: other specs may book the same car.
  const days = offeredDays(car).slice(2, 6);
  const day = days[Math.floor(Math.random() * days.length)];
  const slot = day?.slots[Math.floor(Math.random() * day.slots.length)];
  if (!day || !slot) throw new Error(`no free time this week for ${car.name}`);
  const checkout = await bookViaApi(request, car, { day, time: slot.label });
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: rider.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const list = await request.get('/api/user/appointments', { headers: await csrfHeaders(request) });
  const { appointments } = (await list.json()) as {
    appointments: { _id: string; slotDate: string; slotTime: string }[];
  };
  const ride = appointments.find((a) => a.slotDate === day.key && a.slotTime === slot.label);
  if (!ride) throw new Error(`no ride at ${day.key} ${slot.label}`);
  return { id: ride._id, slotTime: slot.label, car, day };
}

/** Focuses the sheet's button `name` and presses Enter on it: the chauffeur's thumb, by keyboard. */
async function pressByKeyboard(page: Page, name: string): Promise<void> {
  const button = page.getByRole('main').getByRole('button', { name, exact: true });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a chauffeur signs in to the day sheet and taps a ride through its day', async ({
  page,
  browser,
  context,
  playwright,
  ownerCookies,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  // The owner adds the chauffeur and gives them a paid ride, through the API.
  const email = uniqueEmail(`chauffeur-${testInfo.project.name}`);
  addedEmails.push(email);
  const owner = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: ownerCookies, origins: [] },
  });
  const added = await owner.post('/api/admin/chauffeurs', {
    headers: await csrfHeaders(owner),
    data: { name: 'Dana Driver', email, phone: '617-555-0142' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { chauffeurs } = (await added.json()) as { chauffeurs: { id: string; email: string }[] };
  const chauffeurId = chauffeurs.find((c) => c.email === email)?.id;
  const ride = await paidRideThisWeek(request, services, mobile);
  const given = await owner.post(`/api/admin/rides/${ride.id}/chauffeur`, {
    headers: await csrfHeaders(owner),
    data: { chauffeurId },
  });
  expect(given.status(), await given.text()).toBe(200);

  await owner.dispose();

  // The invitation's link sets the password; the day sheet asks them to sign in first.
  await page.goto(await waitForResetPath(email));
  const main = page.getByRole('main');
  await field(main, 'New password').fill(PASSWORD);
  await field(main, 'Confirm password').fill(PASSWORD);
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/drive');
  await expect(page).toHaveURL('/login?next=%2Fdrive');
  await submitLogin(page, email, PASSWORD);

  // The authenticator, set up on the sheet, not in the console.
  await expect(page).toHaveURL('/drive');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up two-step sign-in');
  await expect(page.getByRole('banner')).toContainText('Day sheet');
  const secret = await setupKey(page);
  await expectNoA11yViolations();
  const { code } = await freshTotp(page, secret, 0);
  await field(main, '6-digit code').fill(code);
  await main.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save your recovery codes');
  await main.getByRole('checkbox', { name: 'I have saved them' }).check();
  await main.getByRole('button', { name: 'Continue to the day sheet' }).click();

  // The sheet: the ride, whom to call, where to go, one button.
  await expect(page.getByRole('heading', { level: 1, name: 'Your rides' })).toBeVisible();
  const card = main.getByRole('article', { name: `${ride.slotTime} · ${ride.car.name}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(card.getByRole('link', { name: /^Text / })).toHaveAttribute('href', /^sms:/);
  const directions = (app: string) =>
    card.getByRole('link', { name: `Directions to the pickup in ${app} (opens in a new tab)` });
  await expect(directions('Google Maps')).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=12%20Main/,
  );
  await expect(directions('Apple Maps')).toHaveAttribute(
    'href',
    /^https:\/\/maps\.apple\.com\/\?daddr=12%20Main/,
  );
  await expect(directions('Waze')).toHaveAttribute(
    'href',
    /^https:\/\/waze\.com\/ul\?q=12%20Main.*&navigate=yes$/,
  );
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectInstallable(page, '/drive');
  await expectNoA11yViolations();

  // The customer follows the trip from their link, signed in or not.
  const rideView = await request.get(`/api/appointments/${ride.id}`, {
    headers: await csrfHeaders(request),
  });
  const { tripToken } = ((await rideView.json()) as { ride: { tripToken: string } }).ride;
  const watcher = await context.newPage();
  await watcher.goto(`/trip/${tripToken}`);
  const news = watcher.getByRole('main').getByRole('status');
  await expect(news).toHaveText(/^Your chauffeur Dana has not set off yet\./);
  await expectNoA11yViolations(watcher);

  // The owner keeps the ride's day open on the board, on a phone or a desk of their own.
  const board = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
    storageState: { cookies: ownerCookies, origins: [] },
  });
  const ownerPage = await board.newPage();
  const { year, month, day } = ride.day;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  await ownerPage.goto(`/admin/today?date=${iso}`);
  const onBoard = ownerPage
    .getByRole('list', { name: /^The rides of / })
    .getByRole('link')
    .filter({ hasText: ride.slotTime })
    .filter({ hasText: ride.car.name });
  await expect(onBoard).toContainText('Dana Driver');
  await expect(onBoard).not.toContainText('On my way');

  // On my way, by keyboard, from Walpole; a wrong tap is undone within the minute.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 42.1417, longitude: -71.2495 });
  await pressByKeyboard(page, 'On my way');
  await expectToast(page, 'On my way: saved.');
  await expect(card.getByRole('listitem').filter({ hasText: /^On my way at / })).toBeVisible();
  await expectNoA11yViolations();
  // The customer's page says so without a reload, with how far the car is.
  await expect(news).toHaveText('Your chauffeur Dana is on the way.', { timeout: 20_000 });
  await expect(watcher.getByText(/^About \d+\.\d miles away: arriving in about /)).toBeVisible();
  await expectNoA11yViolations(watcher);
  await watcher.close();
  // And the owner's board, without a reload (it asks again every 30 seconds while seen).
  await expect(onBoard).toContainText('Dana Driver: On my way', { timeout: 40_000 });
  await expectNoA11yViolations(ownerPage);
  await board.close();
  await pressByKeyboard(page, 'Arrived');
  await expectToast(page, 'Arrived: saved.');
  await pressByKeyboard(page, 'Undo “Arrived”');
  await expectToast(page, 'Arrived: undone.');
  await expect(card.getByRole('listitem').filter({ hasText: /^Arrived/ })).toHaveCount(0);
  for (const [step, next] of [
    ['Arrived', 'Passenger on board'],
    ['Passenger on board', 'Dropped off'],
    ['Dropped off', null],
  ] as const) {
    await pressByKeyboard(page, step);
    await expect(card.getByRole('listitem').filter({ hasText: `${step} at ` })).toBeVisible();
    if (next) await expect(card.getByRole('button', { name: next, exact: true })).toBeVisible();
  }
  // Dropped off completes the ride: no step is left but the undo.
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Dropped off', exact: true })).toHaveCount(0);
  await expectNoA11yViolations();

  // A toll paid on the road goes onto the drafted bill, by keyboard; a wrong amount is said.
  await dismissToasts(page); // The taps' toasts, so the toll's is not queued behind them.
  const tolls = card.getByRole('region', { name: 'Tolls and parking' });
  await expect(tolls).toContainText('None on the bill.');
  await expect(tolls.getByRole('combobox', { name: 'Paid for' })).toHaveValue('toll');
  const amount = tolls.getByRole('textbox', { name: 'Amount ($)' });
  await amount.focus();
  await page.keyboard.type('7.5.0');
  await page.keyboard.press('Enter');
  await expect(amount).toHaveAccessibleDescription(CHAUFFEUR_LINE_AMOUNT_MESSAGE);
  await expect(amount).toBeFocused();
  await expectNoA11yViolations();
  await amount.fill('7.50');
  await page.keyboard.press('Tab');
  await expect(tolls.getByRole('textbox', { name: 'Note (optional)' })).toBeFocused();
  await page.keyboard.type('Mass Pike');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Toll, Mass Pike ($7.50) added to the bill.');
  await expect(tolls.getByRole('listitem')).toHaveText(['Toll, Mass Pike$7.50']);
  await expect(amount).toHaveValue('');
  await expect(amount).toBeFocused();
  await expectNoA11yViolations();
  // The owner sees it on the bill they review.
  const desk = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
    storageState: { cookies: ownerCookies, origins: [] },
  });
  const review = await desk.newPage();
  await review.goto(`/admin/rides?ride=${ride.id}`);
  const bill = review.getByRole('region', { name: 'Bill', exact: true });
  await expect(bill.getByRole('status')).toHaveText('Draft: not sent yet');
  await expect(bill.getByRole('textbox', { name: 'Line 2', exact: true })).toHaveValue(
    'Toll, Mass Pike',
  );
  await expect(bill.getByRole('textbox', { name: 'Amount ($) of line 2' })).toHaveValue('7.50');
  await expectNoA11yViolations(review);
  await desk.close();

  // The rides in the phone's own calendar: a link shown once, read without a session, stopped.
  const calendar = main.getByRole('region', { name: 'Your calendar' });
  await expect(calendar).toContainText('You have no calendar link.');
  await calendar.getByRole('button', { name: 'Make a calendar link' }).click();
  await expect(calendar).toContainText(
    'Your calendar link is ready. Any link made before no longer works.',
  );
  const link = await calendar
    .getByRole('textbox', { name: 'Calendar link (shown only now)' })
    .inputValue();
  expect(link).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
  await expect(
    calendar.getByRole('link', { name: 'Add to this phone’s calendar' }),
  ).toHaveAttribute('href', link.replace(/^https?:/, 'webcal:'));
  await expectNoA11yViolations();
  const feedPath = new URL(link).pathname;
  const feed = await request.get(feedPath);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain(ride.car.name);
  await calendar.getByRole('button', { name: 'Stop the link' }).click();
  await expect(calendar).toContainText('Your calendar link no longer works.');
  await expect(calendar).toContainText('You have no calendar link.');
  expect((await request.get(feedPath)).status()).toBe(404);

  // With no signal, the sheet this phone kept, saying how old it is, without buttons.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // Now under the service worker, which keeps the page and its code.
  await expect(card).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your rides' })).toBeVisible();
  await expect(main.getByRole('status')).toContainText('No signal: this is your sheet as of');
  await expect(card).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expectNoA11yViolations();
});
