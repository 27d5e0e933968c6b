import { readFileSync } from 'node:fs';
import { formatSlotDateLong, listBookableDays, type BookedPrice, type SlotDay } from '@app/shared';
import type { Page, TestInfo } from '@playwright/test';
import { BUSINESS, expect, test } from '../../fixtures.ts';
import { expectToast, registerAccount, submitLogin } from '../account-helpers.ts';
import {
  bookAndPayViaApi,
  lastSingleTypeCar,
  logInViaApi,
  randomFreeSlot,
} from '../booking-helpers.ts';

/*
 * The customer's ride page (/my-appointments/:id): rescheduling and cancelling by keyboard,
 * the state after the limit, someone else's ride, and a visitor following a message's link.
 * Each test books a car no other spec books (the last available car with one service type),
 * desktop and mobile in different halves of the window.
 */

const half = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 'second' : 'first');

const main = (page: Page) => page.getByRole('main');

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The ride's price as booked, as its page reads it. */
async function bookedPriceOf(page: Page, rideId: string): Promise<BookedPrice> {
  const response = await page.request.get(`/api/appointments/${rideId}`);
  const { price } = ((await response.json()) as { ride: { price: BookedPrice | null } }).ride;
  if (!price) throw new Error(`ride ${rideId} has no booked price`);
  return price;
}

async function openRide(page: Page): Promise<void> {
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your Ride' })).toBeVisible();
  await expect(main(page).getByText('Loading your ride...')).toHaveCount(0);
}

test('a customer opens a ride from the list and reschedules it by keyboard', async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  // A booking, a payment and three axe runs: more than the default 30 s on a busy machine.
  test.slow();
  const account = await registerAccount(request, 'ride-change');
  await logInViaApi(page.request, account);
  const car = lastSingleTypeCar(services);
  const slot = randomFreeSlot(car, half(testInfo));
  const { rideId } = await bookAndPayViaApi(page.request, car, slot);

  // The list opens the ride's page.
  await page.goto('/my-appointments');
  await main(page).getByRole('link', { name: car.name, exact: true }).click();
  await expect(page).toHaveURL(`/my-appointments/${rideId}`);
  await openRide(page);
  await expect(main(page)).toContainText(formatSlotDateLong(slot.day.key));
  await expect(main(page)).toContainText(slot.time);
  // What it costs as booked, and why; the deposit paid and what is left.
  const booked = await bookedPriceOf(page, rideId);
  expect(booked.reasons.length, 'the price says why').toBeGreaterThan(0);
  await expect(main(page)).toContainText(
    `Estimated ride price${dollars(booked.priceCents)}${booked.reasons.join(' · ')}`,
  );
  await expect(main(page)).toContainText(`Deposit paid${dollars(booked.depositCents)}`);
  await expect(main(page)).toContainText(
    `Left to pay after the ride${dollars(booked.balanceCents)}`,
  );
  // Into a calendar: the ride's .ics file, and Google Calendar's form over HTTPS.
  const ics = main(page).getByRole('link', { name: 'Download to your calendar (.ics)' });
  const download = page.waitForEvent('download');
  await ics.click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('METHOD:REQUEST');
  await expect(
    main(page).getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' }),
  ).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?/);
  await expectNoA11yViolations();

  // Sent without a time: the field says what is missing.
  const move = main(page).getByRole('button', { name: 'Move my ride', exact: true });
  await move.focus();
  await page.keyboard.press('Enter');
  const time = main(page).getByLabel('New time', { exact: true });
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toBeFocused();
  await expect(main(page).getByText('Please select a date and time')).toBeVisible();
  await expectNoA11yViolations();

  // Another day, its first free time, by keyboard; desktop and mobile each their own day, so
  // neither moves its ride next to the other's while the other's page is open.
  const days = listBookableDays(new Date(), car.slots_booked).filter(
    (day) => day.slots.length > 0 && day.key !== slot.day.key,
  );
  const newDay = days[days.length - (half(testInfo) === 'first' ? 12 : 10)] as SlotDay;
  const date = main(page).getByLabel('New date', { exact: true });
  await date.selectOption(newDay.key);
  await time.focus();
  await page.keyboard.press('ArrowDown');
  const newTime = await time.inputValue();
  expect(newTime).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
  await move.focus();
  await page.keyboard.press('Enter');
  const movedTo = `Your ride is now on ${formatSlotDateLong(newDay.key)} at ${newTime}.`;
  await expectToast(page, movedTo);
  await expect(main(page)).toContainText(formatSlotDateLong(newDay.key));
  await expectNoA11yViolations();
  const ride = await page.request.get(`/api/appointments/${rideId}`);
  expect(((await ride.json()) as { ride: { slotTime: string } }).ride.slotTime).toBe(newTime);
  // A move keeps the price and its reasons as booked: never worked out again.
  expect(await bookedPriceOf(page, rideId)).toEqual(booked);
});

test('a customer cancels a ride after a confirmation that states the policy', async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  // A booking, a payment and three axe runs: more than the default 30 s on a busy machine.
  test.slow();
  const account = await registerAccount(request, 'ride-cancel');
  await logInViaApi(page.request, account);
  const car = lastSingleTypeCar(services);
  const { rideId } = await bookAndPayViaApi(page.request, car, randomFreeSlot(car, half(testInfo)));
  await page.goto(`/my-appointments/${rideId}`);
  await openRide(page);

  // Cancel: the confirmation states the policy; Escape keeps the ride.
  const cancelButton = main(page).getByRole('button', { name: 'Cancel my ride', exact: true });
  await cancelButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The booking fee is non-refundable.');
  await expect(dialog.getByRole('button', { name: 'Keep my ride' })).toBeFocused();
  await expectNoA11yViolations();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, cancel my ride' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Your ride is cancelled.');
  await expect(main(page).getByText('This ride is cancelled.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Move my ride' })).toHaveCount(0);
  await expectNoA11yViolations();

  const ride = await page.request.get(`/api/appointments/${rideId}`);
  expect(((await ride.json()) as { ride: { status: string } }).ride.status).toBe('cancelled');
});

test('after the limit the page gives the phone number instead', async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const account = await registerAccount(request, 'ride-late');
  await logInViaApi(page.request, account);
  const car = lastSingleTypeCar(services);
  // A free slot between 2 and 20 hours ahead, one per project.
  const now = Date.now();
  const soon = listBookableDays(new Date(now), car.slots_booked)
    .flatMap((day) => day.slots.map((s) => ({ day, time: s.label, at: s.startsAt.getTime() })))
    .filter((s) => s.at > now + 2 * 3_600_000 && s.at < now + 20 * 3_600_000);
  const slot = soon[testInfo.project.name === 'mobile' ? 3 : 0];
  if (!slot) throw new Error(`no free slot of ${car.name} in the next 20 hours`);
  const { rideId } = await bookAndPayViaApi(page.request, car, slot);

  await page.goto(`/my-appointments/${rideId}`);
  await openRide(page);
  const byPhone = main(page).getByRole('region', { name: 'Need to change this ride?' });
  await expect(byPhone).toContainText('Rides can be changed online up to 24 hours before pickup.');
  const call = byPhone.getByRole('link', { name: BUSINESS.phone });
  await expect(call).toHaveAttribute('href', /^tel:\+\d+$/);
  await expect(main(page).getByRole('button', { name: 'Move my ride' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'Cancel my ride' })).toHaveCount(0);
  await call.focus();
  await expect(call).toBeFocused();
  await expectNoA11yViolations();
});

test("a visitor signs in and comes back to the ride; someone else's is the 404 page", async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const owner = await registerAccount(request, 'ride-link');
  await logInViaApi(request, owner);
  const car = lastSingleTypeCar(services);
  const slot = randomFreeSlot(car, half(testInfo));
  const { rideId } = await bookAndPayViaApi(request, car, slot);

  // The link a message carries, followed signed out: log in, then back to the ride.
  await page.goto(`/my-appointments/${rideId}`);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/my-appointments/${rideId}`)}`);
  await submitLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/my-appointments/${rideId}`);
  await openRide(page);
  await expect(main(page)).toContainText(slot.time);

  // Another customer at the same address sees the 404 page.
  const other = await registerAccount(request, 'ride-other');
  await page.context().clearCookies();
  await logInViaApi(page.request, other);
  await page.goto(`/my-appointments/${rideId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expectNoA11yViolations();
});
