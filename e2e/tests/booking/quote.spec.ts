import {
  formatDollars,
  formatMinutes,
  rateDayOf,
  rateKindOf,
  type QuoteRequest,
  type QuoteResponse,
  type Service,
  type SlotDay,
} from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { expect, literal, test } from '../../fixtures.ts';
import { field, logIn, registerAccount } from '../account-helpers.ts';
import {
  csrfToken,
  dayStrip,
  multiTypeCars,
  offeredDays,
  openCar,
  spokenDay,
  timeButton,
} from '../booking-helpers.ts';

/*
 * One quote, all in (docs/product.md, A price from the route): the car page prices the ride
 * from its two addresses and its time as the server quotes it, says the drive and offers
 * waiting time, falls back to the length where a place cannot be found, prices a round trip's
 * return and the total, and the grid shows each time's price where it differs. Each figure is
 * the one the API answers for the same choices. Nothing here books: the car's times stay as the
 * other specs count them. At 1440 and 390 px with axe; the new controls by keyboard.
 */

test.describe.configure({ timeout: 90_000 });

const NORWOOD = 'Norwood, MA 02062';
const LOGAN = 'Logan Airport, Boston, MA';

/** A car no other spec books, with a ride type, per project. */
function quoteCar(services: Service[], mobile: boolean): { car: Service; type: string } {
  const cars = multiTypeCars(services).filter((car) =>
    car.availableServiceTypes.some((type) => rateKindOf(type) === 'ride'),
  );
  const car = cars.at(mobile ? -2 : -1);
  const type = car?.availableServiceTypes.find((t) => rateKindOf(t) === 'ride');
  if (!car || !type) throw new Error('the demo data has no car with a ride type');
  return { car, type };
}

/** The server's quote for these choices, asked as the page asks it. */
async function quoteOf(page: Page, car: Service, request: QuoteRequest): Promise<QuoteResponse> {
  const response = await page.request.post(`/api/service/${car._id}/quote`, {
    headers: { 'x-csrf-token': await csrfToken(page.request) },
    data: request,
  });
  expect(response.status(), `quote: ${await response.text()}`).toBe(200);
  return (await response.json()) as QuoteResponse;
}

const leg = (day: SlotDay, time?: string, waitingMinutes = 0) => ({
  slotDate: day.key,
  ...(time ? { slotTime: time } : {}),
  pickupAddress: NORWOOD,
  dropoffAddress: LOGAN,
  waitingMinutes,
  lengthMinutes: 60,
});

/**
 * A weekday (no holiday) from the fourth day on whose quoted starts have 5:30 AM at the night's
 * flat rate and 10:00 AM by day.
 */
async function weekdayWithNightAndDay(
  page: Page,
  car: Service,
  type: string,
  mobile: boolean,
): Promise<SlotDay> {
  const days = offeredDays(car, type)
    .slice(3, -1)
    .filter((day) => rateDayOf(day.key, '12:00 PM') === 'regular')
    .filter((_, index) => index % 2 === (mobile ? 1 : 0));
  for (const day of days) {
    const quote = await quoteOf(page, car, { serviceType: type, ride: leg(day) });
    const times = new Map(quote.ride.starts.map((start) => [start.slotTime, start]));
    if (times.get('5:30 AM')?.flatRate && times.get('10:00 AM')?.flatRate === false) return day;
  }
  throw new Error(`no weekday with 5:30 and 10:00 AM free for ${car.name}`);
}

const estimateOf = (page: Page) =>
  page.getByRole('main').getByRole('group', { name: 'Price estimate', exact: true });

function driveSaid(quote: QuoteResponse): string {
  const route = quote.ride.route;
  if (!route) throw new Error('the quote found no route');
  return `About ${formatMinutes(route.minutes)}, ${route.miles.toFixed(1)} miles from pickup to drop-off: booked for ${formatMinutes(quote.ride.lengthMinutes)}.`;
}

function summary(deposit: number, balance: number): RegExp {
  return new RegExp(
    `Deposit today ${literal(formatDollars(deposit))}, estimated balance after the ride ${literal(formatDollars(balance))}`,
  );
}

async function expectPriced(estimate: Locator, quote: QuoteResponse): Promise<void> {
  const price = quote.ride.price;
  if (!price) throw new Error('the quote has no price at the chosen time');
  await expect(estimate).toContainText(driveSaid(quote));
  await expect(estimate).toContainText(formatDollars(price.price));
  await expect(estimate).toContainText(summary(price.deposit, price.balance));
}

/** Signed in (the addresses are a signed-in customer's), on the car, its ride type chosen. */
async function openSignedIn(page: Page, car: Service, type: string): Promise<Locator> {
  const account = await registerAccount(page.request, 'quote');
  await logIn(page, account);
  await openCar(page, car);
  const main = page.getByRole('main');
  await field(main, 'Service type').selectOption({ label: type });
  return main;
}

test('the price follows the addresses, the time and the waiting time', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const { car, type } = quoteCar(services, mobile);
  const main = await openSignedIn(page, car, type);
  const day = await weekdayWithNightAndDay(page, car, type, mobile);
  const estimate = estimateOf(page);

  await dayStrip(page)
    .getByRole('button', { name: spokenDay(day), exact: true })
    .click();
  await timeButton(page, '10:00 AM').click();
  await expect(estimate.getByRole('group', { name: 'Ride length', exact: true })).toBeVisible();

  // Both places found: the drive is said, and waiting time replaces the length.
  await field(main, 'Pickup address').fill(NORWOOD);
  await field(main, 'Drop-off address').fill(LOGAN);
  const byDay = await quoteOf(page, car, { serviceType: type, ride: leg(day, '10:00 AM') });
  await expectPriced(estimate, byDay);
  await expect(estimate.getByRole('group', { name: 'Ride length' })).toHaveCount(0);
  const waiting = estimate.getByRole('group', { name: 'Waiting time', exact: true });
  await expect(waiting.getByRole('radio', { name: 'No wait', exact: true })).toBeChecked();

  // The grid: 5:30 AM shows its flat-rate price under it; 10:00 AM, the day's price, none.
  const night = byDay.ride.starts.find((start) => start.slotTime === '5:30 AM');
  if (!night) throw new Error('5:30 AM is no longer quoted');
  const under = (time: string) => timeButton(page, time).locator('xpath=..');
  await expect(under('5:30 AM')).toContainText(formatDollars(night.price));
  await expect(under('10:00 AM')).not.toContainText('$');
  await expectNoA11yViolations();

  // 5:30 AM on a weekday: the night's flat rate, and why.
  await timeButton(page, '5:30 AM').click();
  const early = await quoteOf(page, car, { serviceType: type, ride: leg(day, '5:30 AM') });
  await expectPriced(estimate, early);
  await expect(estimate).toContainText('flat rate');
  expect(early.ride.price?.price).toBe(night.price);
  expect(early.ride.price?.price).not.toBe(byDay.ride.price?.price);

  // An hour's wait, by keyboard (No wait, 15 min, 30 min, 45 min, 1 hour): booked longer,
  // priced again.
  await waiting.getByRole('radio', { name: 'No wait', exact: true }).focus();
  for (let press = 0; press < 4; press += 1) await page.keyboard.press('ArrowRight');
  await expect(waiting.getByRole('radio', { name: '1 hour', exact: true })).toBeChecked();
  const waited = await quoteOf(page, car, { serviceType: type, ride: leg(day, '5:30 AM', 60) });
  await expectPriced(estimate, waited);
  expect(waited.ride.lengthMinutes).toBe(early.ride.lengthMinutes + 60);

  // The phone's bar says the price with the deposit, and why.
  if (mobile) {
    await page.getByRole('heading', { name: /Choose a day/ }).scrollIntoViewIfNeeded();
    const bar = page.locator('[data-booking-bar]');
    await expect(bar).toContainText(`Price ${formatDollars(waited.ride.price?.price ?? 0)}`);
    await expect(bar).toContainText(`Deposit ${formatDollars(waited.ride.price?.deposit ?? 0)}`);
    const reasons = waited.ride.price?.reasons ?? [];
    expect(reasons.length).toBeGreaterThan(0);
    await expect(bar).toContainText(reasons.join(' · '));
  }
  await expectNoA11yViolations();
});

test('a place that cannot be found leaves the length to the customer, said plainly', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const { car, type } = quoteCar(services, mobile);
  const main = await openSignedIn(page, car, type);
  const estimate = estimateOf(page);

  // A town without its state: there are Springfields in many states.
  await field(main, 'Pickup address').fill('1 Main Street, Springfield');
  await field(main, 'Drop-off address').fill(LOGAN);
  await expect(estimate).toContainText(
    "The ride's length could not be worked out from the addresses. Please choose how long you need the car.",
  );
  const length = estimate.getByRole('group', { name: 'Ride length', exact: true });
  await expect(length).toBeVisible();
  await expect(estimate.getByRole('group', { name: 'Waiting time' })).toHaveCount(0);
  await expectNoA11yViolations();

  // Found again: the drive is said instead.
  await field(main, 'Pickup address').fill(NORWOOD);
  await expect(estimate).toContainText('miles from pickup to drop-off');
  await expect(length).toHaveCount(0);
});

test('a round trip prices its return and the total', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const { car, type } = quoteCar(services, mobile);
  const main = await openSignedIn(page, car, type);
  const day = await weekdayWithNightAndDay(page, car, type, mobile);
  await dayStrip(page)
    .getByRole('button', { name: spokenDay(day), exact: true })
    .click();
  await timeButton(page, '10:00 AM').click();
  await field(main, 'Pickup address').fill(NORWOOD);
  await field(main, 'Drop-off address').fill(LOGAN);
  await main
    .getByRole('group', { name: 'Do you need a return ride?', exact: true })
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();

  // The return from Logan goes by its route too: a waiting time, no length.
  const returnWaiting = main.getByRole('group', { name: 'Return waiting time', exact: true });
  await expect(returnWaiting).toBeVisible();
  await expect(main.getByRole('group', { name: 'Return length' })).toHaveCount(0);
  const returnDay = main.getByLabel('Return day', { exact: true });
  const returnTime = main.getByLabel('Return time', { exact: true });
  await returnDay.selectOption({ index: 1 });
  await returnTime.selectOption({ index: 1 });
  const back = { key: await returnDay.inputValue() } as SlotDay;
  const time = await returnTime.inputValue();

  const quote = await quoteOf(page, car, {
    serviceType: type,
    ride: leg(day, '10:00 AM'),
    returnLeg: { ...leg(back, time), pickupAddress: '', dropoffAddress: '' },
  });
  const estimate = estimateOf(page);
  if (!quote.returnLeg?.price || !quote.total) throw new Error('the return was not priced');
  await expect(estimate).toContainText(
    new RegExp(`Return ride\\s*${literal(formatDollars(quote.returnLeg.price.price))}`),
  );
  await expect(estimate).toContainText(
    new RegExp(`Total for both rides\\s*${literal(formatDollars(quote.total.price))}`),
  );
  await expect(estimate).toContainText(summary(quote.total.deposit, quote.total.balance));
  await expectNoA11yViolations();
});
