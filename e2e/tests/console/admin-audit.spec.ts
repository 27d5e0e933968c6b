import { bookingReference, formatCents, RideListResponseSchema } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { WORKER_OWNERS } from '../../owners.ts';
import { field, registerAccount } from '../account-helpers.ts';
import {
  bookViaApi,
  csrfToken,
  logInViaApi,
  randomFreeSlot,
  singleTypeCarFor,
} from '../booking-helpers.ts';

/*
 * The audit trail read on a phone (390 px) and at 1440: a ride a customer paid for and the
 * owner cancelled with its deposit back is found by its booking reference, typed as the
 * customer reads it out; each event is a sentence naming the owner, the ride's reference and
 * the car, the fields it changed in words, the ids only in Details; nothing scrolls sideways.
 */

test.describe.configure({ timeout: 120_000 });

test('the audit trail reads as sentences and finds a ride by its booking reference', async ({
  ownerPage: page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const owner = WORKER_OWNERS[testInfo.parallelIndex] as string;
  const car = singleTypeCarFor(services, testInfo);
  const slot = randomFreeSlot(car, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const rider = await registerAccount(request, 'audited');
  await logInViaApi(request, rider);
  const checkout = await bookViaApi(request, car, slot);
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: rider.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  // The owner finds the ride and cancels it, the deposit back (through the API: the rides
  // board's own test clicks it).
  const iso = `${slot.day.year}-${String(slot.day.month).padStart(2, '0')}-${String(slot.day.day).padStart(2, '0')}`;
  const listed = await page.request.get(
    `/api/admin/rides?q=${encodeURIComponent(rider.email)}&from=${iso}&to=${iso}`,
  );
  expect(listed.status(), await listed.text()).toBe(200);
  const [ride] = RideListResponseSchema.parse(await listed.json()).rides;
  if (!ride) throw new Error('the paid ride is not on the board');
  const cancelled = await page.request.post(`/api/admin/rides/${ride.id}/cancel`, {
    headers: { 'x-csrf-token': await csrfToken(page.request) },
    data: { reason: 'The car needs a repair that day.', refund: 'full', from: 'paid' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const reference = bookingReference(ride.id);
  const deposit = `$${formatCents(ride.depositCents)}`;

  await page.goto('/admin/audit');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit' })).toBeVisible();
  const filters = main.getByRole('search', { name: 'Filter the audit trail' });

  // Not a reference: said under the field, nothing sent.
  await field(filters, 'Ride').fill('3F9A-1C2');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(field(filters, 'Ride')).toHaveAttribute('aria-invalid', 'true');
  await expect(filters.getByText(/booking reference \(like 3F9A-1C2B\)/)).toBeVisible();
  await expect(page).toHaveURL('/admin/audit');
  await expectNoA11yViolations();

  // The reference as read over the phone: lower case, no hyphen.
  await field(filters, 'Ride').fill(reference.toLowerCase().replace('-', ''));
  await expect(field(filters, 'Ride')).not.toHaveAttribute('aria-invalid', 'true');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?ride=/);
  const events = main.getByRole('article');
  const cancellation = events.filter({
    has: page.getByRole('heading', { name: 'Ride cancelled' }),
  });
  await expect(cancellation).toHaveCount(1);
  await expect(cancellation).toContainText(
    `${owner} cancelled ride ${reference} (${car.name}), giving back ${deposit}.`,
  );
  await expect(cancellation.getByText('Reason given')).toBeVisible();
  await expect(cancellation.getByText('The car needs a repair that day.')).toBeVisible();
  await expect(cancellation.getByText('Before: Paid')).toBeVisible();
  await expect(cancellation.getByText('After: Cancelled')).toBeVisible();
  await expect(cancellation).not.toContainText('cancelReason');
  await expect(cancellation).not.toContainText('{');
  // A short New York time, e.g. "Nov 27, 3:05 PM".
  await expect(cancellation.locator('time')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/,
  );
  const refund = events.filter({ has: page.getByRole('heading', { name: 'Refund requested' }) });
  await expect(refund).toContainText(
    `${owner} refunded ${deposit} to the card for ride ${reference} (${car.name}).`,
  );
  // The ids only in Details.
  await expect(refund.getByText(ride.id)).toBeHidden();
  await refund.getByText('Details').click();
  await expect(refund.getByText(ride.id)).toBeVisible();
  await expectNoA11yViolations();

  // Nothing scrolls sideways, on a phone too.
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);

  // The rides board's link (the ride's id) finds the same events.
  await page.goto(`/admin/audit?appointmentId=${ride.id}`);
  await expect(cancellation).toHaveCount(1);
  await expect(field(filters, 'Ride')).toHaveValue(ride.id);
});
