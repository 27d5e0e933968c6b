import {
  REFUND_POLICY_SAVED_MESSAGE,
  REFUND_TIERS_UNSORTED_MESSAGE,
  REFUND_TIER_PERCENT_MESSAGE,
  listBookableDays,
  slotStartsAt,
  type SlotDay,
} from '@app/shared';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { expectToast, field, registerAccount } from '../account-helpers.ts';
import { bookAndPayViaApi, lastSingleTypeCar, logInViaApi } from '../booking-helpers.ts';

/*
 * Refund tiers (issue 31, part 5), at 1440 and 390 px with axe, by keyboard: the owner sets them
 * in the console's Numbers (bad rows named), and a customer sees what a cancel gives back before
 * confirming it, then gets it, and finds it on the ride's page, in My rides and on the ride's
 * confirmation page (`/success`, opened again) afterwards.
 *
 * The tiers are the whole site's, and other specs cancel rides expecting the booking policy
 * (nothing back). So the tier saved here starts a few hours before this spec's rides, which are
 * on the booking window's last day, where `randomFreeSlot` never books: no other spec's ride is
 * that far ahead. Desktop and mobile save the same tier (give or take an hour), so running side
 * by side they do not undo each other; it stays after the run, harming nothing.
 */

const HOUR = 3_600_000;
const main = (page: Page) => page.getByRole('main');
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('the owner sets refund tiers; the customer sees the refund before cancelling and gets it', async ({
  ownerPage: page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  // Two screens, a booking, a payment and four axe runs.
  test.slow();
  const car = lastSingleTypeCar(services);
  const lastDay = listBookableDays(new Date(), car.slots_booked).at(-1) as SlotDay;
  const time = testInfo.project.name === 'mobile' ? '10:00 PM' : '6:00 PM';
  expect(lastDay.slots.map((slot) => slot.label)).toContain(time);
  const earliest = slotStartsAt(lastDay.key, '6:00 PM') as Date;
  const hours = Math.floor((earliest.getTime() - Date.now()) / HOUR) - 6;

  // The owner: two bad rows, each named, then one tier saved, by keyboard.
  await page.goto('/admin/numbers');
  const section = page.getByRole('region', { name: /^Cancellation refunds/ });
  await expect(section).toBeVisible();
  const form = section.getByRole('form', { name: 'Refund tiers' });
  const removeFirst = form.getByRole('button', { name: 'Remove tier 1' });
  while (await removeFirst.isVisible()) await removeFirst.click();
  const add = form.getByRole('button', { name: 'Add a tier' });
  await add.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await field(form, 'Tier 1: from hours before pickup').fill('24');
  await field(form, 'Tier 1: percent of the deposit back').fill('150');
  await field(form, 'Tier 2: from hours before pickup').fill('48');
  await field(form, 'Tier 2: percent of the deposit back').fill('100');
  await form.getByRole('button', { name: 'Save refund tiers' }).focus();
  await page.keyboard.press('Enter');
  const percent = field(form, 'Tier 1: percent of the deposit back');
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  await expect(percent).toBeFocused();
  await expect(form.getByText(REFUND_TIER_PERCENT_MESSAGE)).toBeVisible();
  await expectNoA11yViolations();
  // In range now, but the tiers are out of order: said on the second's hours.
  await percent.fill('50');
  await form.getByRole('button', { name: 'Save refund tiers' }).focus();
  await page.keyboard.press('Enter');
  const secondHours = field(form, 'Tier 2: from hours before pickup');
  await expect(secondHours).toHaveAttribute('aria-invalid', 'true');
  await expect(secondHours).toBeFocused();
  await expect(form.getByText(REFUND_TIERS_UNSORTED_MESSAGE)).toBeVisible();

  await form.getByRole('button', { name: 'Remove tier 2' }).focus();
  await page.keyboard.press('Enter');
  await field(form, 'Tier 1: from hours before pickup').fill(String(hours));
  await field(form, 'Tier 1: percent of the deposit back').fill('50');
  await form.getByRole('button', { name: 'Save refund tiers' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, REFUND_POLICY_SAVED_MESSAGE);
  await expect(section).toContainText(
    /50% back from \d+ hours before pickup; nothing back later\./,
  );
  await expectNoA11yViolations();

  // The customer, on the same page: signed in instead of the owner.
  await page.context().clearCookies();
  const account = await registerAccount(request, 'ride-refund');
  await logInViaApi(page.request, account);
  const { rideId, confirmation } = await bookAndPayViaApi(page.request, car, {
    day: lastDay,
    time,
  });
  const { ride } = (await (await page.request.get(`/api/appointments/${rideId}`)).json()) as {
    ride: { amountCents: number };
  };
  const half = Math.floor(ride.amountCents / 2);
  await page.goto(`/my-appointments/${rideId}`);
  await expect(main(page).getByText('Loading your ride...')).toHaveCount(0);

  const cancelButton = main(page).getByRole('button', { name: 'Cancel my ride', exact: true });
  await cancelButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `You will get ${dollars(half)} of your ${dollars(ride.amountCents)} deposit back.`,
  );
  await expect(dialog.getByRole('button', { name: 'Keep my ride' })).toBeFocused();
  await expectNoA11yViolations();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, cancel my ride' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    `Your ride is cancelled. ${dollars(half)} of your deposit is refunded to your card.`,
  );
  await expect(main(page).getByText('This ride is cancelled.')).toBeVisible();
  // The refund stays on the ride's page after the toast, worded as an owner's cancel's is.
  const refunded = new RegExp(`Refund:\\s*\\${dollars(half)} refunded on`);
  await expect(main(page)).toContainText(refunded);
  await expectNoA11yViolations();

  // My rides says it too, on the ride's card among the past ones.
  await page.goto('/my-rides');
  const rideCard = main(page)
    .getByRole('region', { name: 'Past rides' })
    .getByRole('article')
    .filter({ hasText: car.name });
  await expect(rideCard).toHaveCount(1);
  await expect(rideCard).toContainText('Cancelled by you');
  await expect(rideCard).toContainText(refunded);
  await expectNoA11yViolations();

  // The confirmation, opened again, says the customer cancelled it and what came back, first,
  // and no longer what happens next nor the price left to pay.
  await page.goto(confirmation);
  await expect(main(page).getByText('Loading payment details...')).toHaveCount(0);
  await expect(main(page)).toContainText('Cancelled by you');
  await expect(main(page)).toContainText('This ride is cancelled.');
  await expect(main(page)).toContainText(refunded);
  await expect(main(page)).not.toContainText('Booking confirmed');
  await expect(main(page)).not.toContainText('What happens next');
  await expect(main(page)).not.toContainText('Left to pay after the ride');
  await expect(
    main(page).getByRole('heading', { name: 'Payment & Appointment Details' }),
  ).toBeVisible();
  await expect(main(page).getByRole('link', { name: `Book again ${car.name}` })).toBeVisible();
  await expectNoA11yViolations();
});
