import { formatSlotDateLong, rateKindOf, type Service, type SlotDay } from '@app/shared';
import { expect, fetchServices, test } from '../../fixtures.ts';
import { field, logIn, registerAccount } from '../account-helpers.ts';
import {
  bookButton,
  bookViaApi,
  carFor,
  chooseDay,
  consentBox,
  depositText,
  logInViaApi,
  offeredDays,
  openCar,
  randomFreeSlot,
  timeButton,
  withBooking,
} from '../booking-helpers.ts';

// Every choice on the car page asks the server for a quote: more round trips than a fixed grid.
test.describe.configure({ timeout: 90_000 });

/** The car's ride type, or its first type. */
function rideTypeOf(car: Service): string {
  return (
    car.availableServiceTypes.find((candidate) => rateKindOf(candidate) === 'ride') ??
    (car.availableServiceTypes[0] as string)
  );
}

/*
 * A round trip (docs/product.md, Lengths and the car's time; ADR 018): the return leg's own day
 * and time among the car's free starts, the two deposits stated before Book, one checkout of
 * both, and the return shown with its time after paying. And the times follow the length: a
 * longer ride leaves out the starts it would run into the next booking from. At 1440 and 390 px
 * with axe.
 */
test('a round trip: the return chosen, two deposits stated, paid in one checkout', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  // The car of the checks' test, which books nothing: its times stay as this test finds them.
  const car = carFor(services, 'checks', testInfo);
  const type = rideTypeOf(car);
  const slot = randomFreeSlot(car, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const account = await registerAccount(page.request, 'round-trip');
  await logIn(page, account);
  await openCar(page, car);

  const main = page.getByRole('main');
  await field(main, 'Service type').selectOption({ label: type });
  await chooseDay(page, slot.day);
  await timeButton(page, slot.time).click();
  await field(main, 'Phone').fill('6175550142');
  await field(main, 'Pickup address').fill('12 Main Street, Norfolk, MA');
  await field(main, 'Drop-off address').fill('Logan International Airport, Boston, MA');
  await main
    .getByRole('group', { name: 'Do you need a return ride?', exact: true })
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();

  // The return: its own day and time, among the car's free starts after the first ride.
  const returnDay = main.getByLabel('Return day', { exact: true });
  const returnTime = main.getByLabel('Return time', { exact: true });
  await returnDay.selectOption({ index: 1 });
  await returnTime.selectOption({ index: 1 });
  const dayKey = await returnDay.inputValue();
  const time = await returnTime.inputValue();
  const twoDeposits = `$${(2 * (car.fees + 1)).toFixed(0)}`;
  await expect(main).toContainText(`Round trip: two rides, a deposit each, ${twoDeposits} today.`);
  await consentBox(page).check();
  await expectNoA11yViolations();

  await bookButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/cs_sandbox_[0-9a-f]+$/);
  const both = `$${(2 * (car.fees + 1)).toFixed(2)}`;
  const pay = page.getByRole('button', { name: `Pay ${both}`, exact: true });
  await expect(pay).toBeVisible();
  expect(depositText(car)).not.toBe(both);
  // The checkout lists each ride's deposit with what it is toward and why.
  const lines = page.getByRole('main').getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const lineTexts = await lines.allTextContents();
  await expectNoA11yViolations();
  await page.getByLabel('Name on card').fill(account.name);
  const details = page.waitForResponse((response) =>
    response.url().includes('/api/user/stripe-payment-details'),
  );
  await pay.click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_[0-9a-f]+$/);
  await expect(page.getByRole('main')).toContainText(`${formatSlotDateLong(dayKey)} at ${time}`);
  // Each ride's own price and why (as booked), both together, and what is left after the deposits.
  const { price, ride } = (await (await details).json()) as {
    price: {
      priceCents: number;
      balanceCents: number;
      legs: { priceCents: number; balanceCents: number; reasons: string[] }[];
    };
    ride: { appointmentId: string };
  };
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  expect(price.legs).toHaveLength(2);
  const result = page.getByRole('main');
  for (const [index, leg] of price.legs.entries()) {
    const why = leg.reasons.join(' · ');
    expect(leg.reasons.length, 'each ride says why it costs what it does').toBeGreaterThan(0);
    await expect(result).toContainText(
      `${index === 0 ? 'Ride' : 'Return ride'}${dollars(leg.priceCents)}${why}`,
    );
    expect(lineTexts[index]).toContain(
      `Toward an estimated ${dollars(leg.priceCents)} ride (${why})`,
    );
  }
  await expect(result).toContainText(
    `Estimated ride price, both rides${dollars(price.priceCents)}`,
  );
  await expect(result).toContainText(`Left to pay after the ride${dollars(price.balanceCents)}`);
  await expectNoA11yViolations();

  // The first ride's own page: its price as booked, why, its deposit and what is left.
  const [first] = price.legs;
  if (!first) throw new Error('no first leg');
  await page.goto(`/my-appointments/${ride.appointmentId}`);
  const ridePage = page.getByRole('main');
  await expect(ridePage).toContainText(
    `Estimated ride price${dollars(first.priceCents)}${first.reasons.join(' · ')}`,
  );
  await expect(ridePage).toContainText(`Deposit paid${depositText(car)}`);
  await expect(ridePage).toContainText(`Left to pay after the ride${dollars(first.balanceCents)}`);
  await expectNoA11yViolations();

  // My Appointments: the first ride and its return, each a paid ride.
  await page.goto('/my-appointments');
  await expect(page.getByRole('main')).toContainText('Return ride of a round trip');
  await expectNoA11yViolations();

  // Plans change: the return alone is cancelled on its own page. The first ride's page and My
  // Appointments then read it as cancelled, not booked, and the page offers a return again.
  await page.goto(`/my-appointments/${ride.appointmentId}`);
  const returnWhen = `${formatSlotDateLong(dayKey)} at ${time}`;
  await ridePage.getByRole('link', { name: returnWhen, exact: true }).click();
  await expect(ridePage).toContainText('This is the return ride of a round trip.');
  await ridePage.getByRole('button', { name: 'Cancel my ride', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel my ride' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goto(`/my-appointments/${ride.appointmentId}`);
  await expect(ridePage).toContainText(`Return ride: ${returnWhen}, cancelled`);
  await expect(ridePage.getByRole('link', { name: 'Book my return' })).toBeVisible();
  await expectNoA11yViolations();
  await page.goto('/my-appointments');
  // The return's addresses were left blank: its leg was booked the first ride's reversed.
  await expect(page.getByRole('main')).toContainText(
    `From Logan International Airport, Boston, MA to 12 Main Street, Norfolk, MA, ${returnWhen} (cancelled)`,
  );
});

test('a longer ride leaves out the starts from which it would reach the next booking', async ({
  page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  // The car as it is now: the other tests of this project may have booked it since the start.
  const car = carFor(await fetchServices(request), 'checks', testInfo);
  const type = rideTypeOf(car);
  // An afternoon start T, and the start 90 minutes before it, which a 1-hour ride and its
  // half-hour turnaround fill exactly once T is booked; on days the round trip above leaves to
  // this test (each project has its own car, and its round trip books in one half of the
  // window). Afternoons, far from the evening before and its rides.
  const mobile = testInfo.project.name === 'mobile';
  const days = offeredDays(car, type);
  const window = mobile ? days.slice(5, 30) : days.slice(50, 75);
  let pick: { day: SlotDay; time: string; earlier: string } | undefined;
  for (const day of window) {
    for (const slot of day.slots.filter((s) => s.label.endsWith('PM'))) {
      const earlier = day.slots.find(
        (s) => s.startsAt.getTime() === slot.startsAt.getTime() - 90 * 60_000,
      );
      if (!earlier) continue;
      const after = offeredDays(withBooking(car, type, day, slot.label, 60), type);
      if (after.find((d) => d.key === day.key)?.slots.some((s) => s.label === earlier.label)) {
        pick = { day, time: slot.label, earlier: earlier.label };
        break;
      }
    }
    if (pick) break;
  }
  if (!pick) throw new Error(`no free afternoon for ${car.name}`);
  const rider = await registerAccount(request, 'next-booking');
  await logInViaApi(request, rider);
  await bookViaApi(request, car, { day: pick.day, time: pick.time }, undefined, {
    type,
    lengthMinutes: 60,
  });

  await openCar(page, car);
  const main = page.getByRole('main');
  await field(main, 'Service type').selectOption({ label: type });
  await chooseDay(page, pick.day);
  // An hour from the earlier start ends with its turnaround as the booking begins: offered.
  await expect(timeButton(page, pick.earlier)).toBeVisible();
  await expect(timeButton(page, pick.time)).toHaveCount(0);
  await expectNoA11yViolations();

  // Two hours would run into it: the start goes as soon as the length is chosen (by keyboard,
  // the radios move with the arrow keys: 1 hour, 1 h 15 min, 2 hours).
  const length = main.getByRole('group', { name: 'Ride length', exact: true });
  await length.getByRole('radio', { name: '1 hour', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(length.getByRole('radio', { name: '2 hours', exact: true })).toBeChecked();
  await expect(timeButton(page, pick.earlier)).toHaveCount(0);
  await expectNoA11yViolations();
});
