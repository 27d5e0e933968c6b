import { formatSlotDateLong, type Service, type SlotDay } from '@app/shared';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { registerAccount } from '../account-helpers.ts';
import { bookViaApi, csrfToken, logInViaApi, offeredDays } from '../booking-helpers.ts';

/*
 * My rides (docs/product.md): a customer with rides in mixed states (paid, moved, awaiting payment,
 * cancelled by them) reaches the page from My Appointments and finds each, upcoming soonest
 * first and then the past, each with its state, by keyboard alone; Manage opens the ride's
 * page. The confirmation (/success) leads with the trip, names the account, and the card holder
 * only as Paid by. The rides are made through the API, each project on a car and days of its own.
 */

test.describe.configure({ timeout: 120_000 });

/**
 * A single-type car the other project's specs book (`singleTypeCarFor` hands the desktop
 * project the second and the mobile project the third): each project here takes the other's,
 * so no spec of the same project races these rides for a slot.
 */
function ridesCar(services: Service[], testInfo: TestInfo): Service {
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length === 1);
  const car = cars[testInfo.project.name === 'mobile' ? 1 : 2];
  if (!car) throw new Error('the demo data lacks available single-type cars');
  return car;
}

/** A free time of the strip's day `index` (days apart, so no two rides' stretches meet). */
function slotOn(car: Service, index: number): { day: SlotDay; time: string } {
  const day = offeredDays(car)[index];
  const time = day?.slots[Math.floor(day.slots.length / 2)]?.label;
  if (!day || !time) throw new Error(`no free time on day ${index} for ${car.name}`);
  return { day, time };
}

/** Pays at the sandbox checkout with a card in `cardHolder`'s name; answers the result page. */
async function pay(
  request: APIRequestContext,
  checkout: string,
  cardHolder = 'Test Customer',
): Promise<string> {
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: cardHolder, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status(), `pay: ${await paid.text()}`).toBe(303);
  return paid.headers().location ?? '';
}

/** The ride's id, as the customer's own list has it. */
async function rideIdAt(request: APIRequestContext, slot: { day: SlotDay; time: string }) {
  const response = await request.get('/api/user/rides');
  expect(response.status()).toBe(200);
  const { upcoming } = (await response.json()) as {
    upcoming: { id: string; slotDate: string; slotTime: string }[];
  };
  const ride = upcoming.find((r) => r.slotDate === slot.day.key && r.slotTime === slot.time);
  if (!ride) throw new Error(`no ride at ${slot.day.key} ${slot.time}`);
  return ride.id;
}

const main = (page: Page) => page.getByRole('main');

/** Tabs forward until `target` has focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toHaveCount(1);
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The mobile project's rides a month later: clear of the desktop project's even on one car. */
const offset = (testInfo: TestInfo) => (testInfo.project.name === 'mobile' ? 40 : 0);

test('a customer finds every ride on My rides, in order and state, by keyboard', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const request = page.request;
  const account = await registerAccount(request, 'my-rides');
  await logInViaApi(request, account);
  const car = ridesCar(services, testInfo);
  const at = (index: number) => slotOn(car, index + offset(testInfo));
  const sooner = at(10);
  const held = at(14);
  const later = at(18);
  const movedTo = at(22);
  const cancelled = at(26);

  // Booked latest ride first: the page orders by the ride's time, not the booking's.
  await pay(request, await bookViaApi(request, car, later));
  await pay(request, await bookViaApi(request, car, sooner));
  await pay(request, await bookViaApi(request, car, cancelled));
  const token = await csrfToken(request);
  const cancelledId = await rideIdAt(request, cancelled);
  const cancel = await request.post(`/api/appointments/${cancelledId}/cancel`, {
    headers: { 'x-csrf-token': token },
    data: {},
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const movedId = await rideIdAt(request, later);
  const move = await request.post(`/api/appointments/${movedId}/reschedule`, {
    headers: { 'x-csrf-token': token },
    data: { slotDate: movedTo.day.key, slotTime: movedTo.time },
  });
  expect(move.status(), await move.text()).toBe(200);
  await bookViaApi(request, car, held);

  // My Appointments keeps its two cards and says how many more there are.
  await page.goto('/my-appointments');
  await expect(main(page).getByRole('article')).toHaveCount(2);
  const seeAll = main(page).getByRole('link', { name: 'See all in My rides' });
  await expect(main(page)).toContainText('You have 2 more rides.');
  await tabTo(page, seeAll);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/my-rides');
  await expect(main(page).getByRole('heading', { level: 1, name: 'My rides' })).toBeVisible();

  const section = (name: string) => main(page).getByRole('region', { name });
  const cards = (name: string) => section(name).getByRole('article');
  const expected = (slot: { day: SlotDay; time: string }, state: string): RegExp =>
    new RegExp(
      [car.name, `${formatSlotDateLong(slot.day.key)}, ${slot.time}`, state]
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[\\s\\S]*'),
    );
  await expect(cards('Upcoming rides')).toHaveText([
    expected(sooner, 'Paid'),
    expected(held, 'Awaiting payment'),
    expected(movedTo, 'Moved'),
  ]);
  await expect(cards('Past rides')).toHaveText([expected(cancelled, 'Cancelled by you')]);
  await expectNoA11yViolations();

  // Each has Book again with its trip, and Manage opens the ride's page, by keyboard.
  const movedCard = cards('Upcoming rides').nth(2);
  await expect(movedCard.getByRole('link', { name: `Book again ${car.name}` })).toHaveAttribute(
    'href',
    /pickup=12\+Main\+Street/,
  );
  await tabTo(page, movedCard.getByRole('link', { name: /^Manage / }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/my-appointments/${movedId}`);
});

test('the confirmation leads with the trip and names the account, the card holder apart', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const request = page.request;
  const account = await registerAccount(request, 'confirmation');
  await logInViaApi(request, account);
  const car = ridesCar(services, testInfo);
  const slot = slotOn(car, 6 + offset(testInfo));
  const result = new URL(
    await pay(request, await bookViaApi(request, car, slot), 'Pat Cardholder'),
    'http://x',
  );
  await page.goto(`${result.pathname}${result.search}`);
  const details = main(page);
  await expect(
    details.getByRole('heading', { name: 'Payment & Appointment Details', exact: true }),
  ).toBeVisible();
  // The trip first, then the spec's fields, the car's base address labelled as such.
  const text = (await details.textContent()) ?? '';
  const order = [
    'Your trip',
    'Pickup12 Main Street, Norfolk, MA',
    'Drop-offLogan International Airport, Boston, MA',
    'Return rideNo',
    'Booking reference',
    'Appointment date',
    `Name${account.name}`,
    'Paid byPat Cardholder',
    `Car's base address${car.address}`,
  ].map((part) => text.indexOf(part));
  expect(
    order.every((at) => at >= 0),
    `all shown in ${text}`,
  ).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expectNoA11yViolations();
});

test('a ride the business cancelled says why, what came back and when, and offers it again, on its confirmation, My rides and its page', async ({
  page,
  playwright,
  ownerCookies,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const request = page.request;
  await logInViaApi(request, await registerAccount(request, 'cancelled-by-us'));
  const car = ridesCar(services, testInfo);
  const slot = slotOn(car, 30 + offset(testInfo));
  const result = new URL(await pay(request, await bookViaApi(request, car, slot)), 'http://x');
  const id = await rideIdAt(request, slot);

  // The owner cancels it with a reason and the deposit back, through the console's API.
  const owner = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: ownerCookies, origins: [] },
  });
  const reason = 'The car failed its inspection this morning.';
  const cancelled = await owner.post(`/api/admin/rides/${id}/cancel`, {
    headers: { 'x-csrf-token': await csrfToken(owner) },
    data: { reason, refund: 'full', from: 'paid' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await owner.dispose();
  const refunded = new RegExp(`Refund:\\s*\\$${(car.fees + 1).toFixed(2)} refunded on`);

  // The confirmation, opened again, says so first.
  await page.goto(`${result.pathname}${result.search}`);
  await expect(main(page)).toContainText('Cancelled by us');
  await expect(main(page)).toContainText('We cancelled this ride.');
  await expect(main(page)).toContainText(`Reason: ${reason}`);
  await expect(main(page)).toContainText(refunded);
  await expect(main(page)).not.toContainText('What happens next');
  await expect(main(page).getByRole('link', { name: `Book again ${car.name}` })).toBeVisible();
  await expectNoA11yViolations();

  // My rides: in the past, cancelled by us, with the reason and the refund.
  await page.goto('/my-rides');
  const card = main(page)
    .getByRole('region', { name: 'Past rides' })
    .getByRole('article')
    .filter({ hasText: car.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Cancelled by us');
  await expect(card).toContainText(`Reason: ${reason}`);
  await expect(card).toContainText(refunded);
  await expectNoA11yViolations();

  // Its page tells the same, and Book again opens the car with the same trip, by keyboard.
  await tabTo(page, card.getByRole('link', { name: /^Manage / }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/my-appointments/${id}`);
  const details = main(page).getByRole('region', { name: 'Ride details' });
  await expect(details).toContainText('We cancelled this ride.');
  await expect(details).toContainText(`Reason: ${reason}`);
  await expect(details).toContainText(refunded);
  await expectNoA11yViolations();
  await tabTo(page, main(page).getByRole('link', { name: `Book again ${car.name}` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === `/appointment/${car._id}` &&
      url.searchParams.get('pickup') === '12 Main Street, Norfolk, MA',
  );
});
