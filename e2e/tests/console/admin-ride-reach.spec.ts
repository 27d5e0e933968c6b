import type { SlotDay } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { expectToast, field, registerAccount } from '../account-helpers.ts';
import { bookViaApi, logInViaApi, offeredDays } from '../booking-helpers.ts';

/*
 * The car must be able to get there (docs/product.md, The console): an owner's move to a time
 * the car cannot drive to from its previous drop-off is refused with why, in words, and "Move
 * anyway" moves it. At 1440 and 390 px with axe on the refusal. Each project uses a day of its
 * own near the end of the window, on a car no other console spec books.
 */

test.describe.configure({ timeout: 120_000 });

test('the owner sees why the car cannot get there, and moves the ride anyway', async ({
  ownerPage: page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const car = services.find((service) => service.name === 'Kia Telluride');
  if (!car) throw new Error('the demo data lacks the Kia Telluride');
  const days = offeredDays(car, 'Hourly Chauffeur');
  const day = days[days.length - (mobile ? 5 : 4)] as SlotDay;
  const rider = await registerAccount(request, 'reach-rider');
  await logInViaApi(request, rider);
  // An hour from Norfolk to Logan at 9:00 AM, and another ride at 2:00 PM.
  for (const time of ['9:00 AM', '2:00 PM']) {
    const checkout = await bookViaApi(request, car, { day, time }, undefined, {
      type: 'Hourly Chauffeur',
      lengthMinutes: 60,
    });
    const paid = await request.post(`${checkout}/pay`, {
      form: { name: rider.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
  }

  await page.goto(`/admin/rides?q=${encodeURIComponent(rider.email)}`);
  await page.getByRole('link', { name: `2:00 PM · ${car.name} · ${rider.name}` }).click();
  const detail = page.getByRole('region', { name: `${rider.name}: ${car.name}` });
  await expect(detail).toBeVisible();

  // 10:30 AM is past the first ride's turnaround, but Logan is farther than half an hour away.
  await detail.getByRole('button', { name: 'Move the ride...' }).click();
  const move = detail.getByRole('form', { name: 'Move the ride' });
  await field(move, 'Time').selectOption('10:30 AM');
  await move
    .getByRole('textbox', { name: /Reason, told to the customer/ })
    .fill('You asked for the morning.');
  await move.getByRole('button', { name: 'Move the ride', exact: true }).click();
  await expect(move.getByRole('alert')).toHaveText(
    /^The car drops off in Logan International Airport, Boston, MA at 10:00 AM and needs about \d+ min to reach this pickup\.Move anyway$/,
  );
  await expect(detail).toContainText(', 2:00 PM (New York)');
  await expectNoA11yViolations();

  await move.getByRole('button', { name: 'Move anyway' }).click();
  await expectToast(page, 'Ride moved. The customer is told.');
  await expect(detail).toContainText(', 10:30 AM (New York)');
});
