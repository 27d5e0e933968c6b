import { bookingReference, MESSAGES, type Service, type SlotDay } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { action, BUSINESS, expect, fetchServices, literal, test } from '../../fixtures.ts';
import {
  field,
  logIn,
  registerAccount,
  submitLogin,
  toast,
  type Account,
} from '../account-helpers.ts';
import {
  bookButton,
  carFor,
  clickUntilPressed,
  consentBox,
  dayButtonByText,
  dayStrip,
  depositText,
  longDate,
  offeredDays,
  openCar,
  randomFreeSlot,
  timeButton,
  timeList,
  withBooking,
} from '../booking-helpers.ts';

/*
 * The booking journey against the real server and its sandbox checkout. Every test signs up its
 * own customer, and the tests that take a slot each use their own car (a different one per
 * project) and a random free slot days ahead, so tests run in parallel and in any order.
 */

// A whole journey (sign-up, booking, checkout, three axe runs) takes more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const NOTES_MAX_WORDS = 50;

/** The booking checks, in the product’s order (the visitor's comes first). */
const BOOKING_CHECKS = [
  MESSAGES.agreeToTerms,
  MESSAGES.invalidPhone,
  MESSAGES.selectServiceType,
  MESSAGES.selectDateTime,
] as const;

async function shownTimes(page: Page): Promise<string[]> {
  return (await timeList(page).getByRole('button').allTextContents()).map((t) => t.trim());
}

/** Chooses the day in the strip and checks its times are the free ones listBookableDays gives. */
async function chooseDay(page: Page, day: SlotDay, expectedTimes: string[]): Promise<void> {
  await clickUntilPressed(dayButtonByText(page, day));
  await expect
    .poll(() => shownTimes(page), { message: `free times on ${day.key}` })
    .toEqual(expectedTimes);
}

const notesField = (page: Page, label: string) =>
  page.getByRole('main').getByLabel(new RegExp(`^\\s*${literal(label)}\\b`));

interface Trip {
  type: string;
  day: SlotDay;
  time: string;
  phone: string;
  pickup: string;
  dropoff: string;
  notes: string;
}

/** Fills the whole booking form of a signed-in customer, consent included. */
async function fillBooking(page: Page, service: Service, trip: Trip): Promise<void> {
  const main = page.getByRole('main');
  const type = field(main, 'Service type');
  const options = (await type.getByRole('option').allTextContents()).map((t) => t.trim());
  expect(options).toEqual(['-- Choose --', ...service.availableServiceTypes]);
  await type.selectOption({ label: trip.type });

  await expect(dayStrip(page).getByRole('button')).toHaveCount(90);
  await chooseDay(page, trip.day, offeredTimes(service, trip));
  await timeButton(page, trip.time).click();
  await expect(timeButton(page, trip.time)).toHaveAttribute('aria-pressed', 'true');

  await field(main, 'Phone').fill(trip.phone);
  await field(main, 'Pickup address').fill(trip.pickup);
  await field(main, 'Drop-off address').fill(trip.dropoff);
  await notesField(page, 'Notes for your driver').fill(trip.notes);
  await consentBox(page).check();
}

/** The times the car page offers on the trip's day for the trip's service type. */
function offeredTimes(service: Service, trip: Trip): string[] {
  const day = offeredDays(service, trip.type).find((candidate) => candidate.key === trip.day.key);
  return day?.slots.map((slot) => slot.label) ?? [];
}

function tripFor(service: Service, typeIndex: number): Trip {
  const { day, time } = randomFreeSlot(service);
  return {
    type: service.availableServiceTypes[typeIndex % service.availableServiceTypes.length] ?? '',
    day,
    time,
    phone: '6175550142',
    pickup: '12 Main Street, Norfolk, MA',
    dropoff: 'Logan International Airport, Boston, MA',
    notes: 'Two suitcases and a child seat, please.',
  };
}

/** Signs a new customer up through the API and logs in on the /login page. */
async function signedInCustomer(page: Page): Promise<Account> {
  const account = await registerAccount(page.request, 'booking');
  await logIn(page, account);
  return account;
}

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/**
 * Presses Book an Appointment from further down the page and expects exactly the toast
 * `message`, none of the later checks' toasts, and the page scrolled back to the top.
 */
async function expectBookingProblem(page: Page, message: string, later: readonly string[]) {
  await bookButton(page).scrollIntoViewIfNeeded();
  expect(await scrollY(page), 'the Book button sits below the top of the page').toBeGreaterThan(0);
  await bookButton(page).click();
  await expect(toast(page, message), `toast "${message}"`).toHaveCount(1);
  await expect(toast(page, message)).toBeVisible();
  for (const other of later) {
    await expect(toast(page, other), `no toast "${other}" yet`).toHaveCount(0);
  }
  await expect
    .poll(() => scrollY(page), { message: `scrolled to the top after "${message}"` })
    .toBe(0);
}

/** A computed CSS colour as red, green and blue. */
function rgbOf(color: string): [number, number, number] {
  const parts = /rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/.exec(color);
  if (!parts) throw new Error(`not an rgb colour: ${color}`);
  return [Number(parts[1]), Number(parts[2]), Number(parts[3])];
}

// -------------------------------------------------------------------------------------------
test.describe('booking and paying (sandbox checkout)', () => {
  test('books a slot, pays, sees the result and the appointment, and the slot is taken', async ({
    page,
    services,
    expectNoA11yViolations,
  }, testInfo) => {
    const service = carFor(services, 'journey', testInfo);
    const trip = tripFor(service, 1);
    const deposit = depositText(service);

    const account = await signedInCustomer(page);
    await openCar(page, service);
    await fillBooking(page, service, trip);
    await expectNoA11yViolations();

    // Book an Appointment: the sandbox checkout asks for fees + 1. The booking names its
    // attempt, so that a retry of it is answered with the same hold; the checkout request
    // carries the booking's details as the API's contract lists them.
    const booked = page.waitForRequest('**/api/user/book-appointment');
    const checkout = page.waitForRequest('**/api/user/create-checkout-session');
    await bookButton(page).click();
    expect((await booked).postDataJSON()).toMatchObject({
      serviceId: service._id,
      slotTime: trip.time,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/),
    });
    expect(Object.keys((await checkout).postDataJSON() as object).sort()).toEqual(
      [
        'appointmentId',
        'dropoffAddress',
        'phone',
        'pickupAddress',
        'pickupNotes',
        'selectedServiceType',
        'slotDate',
        'slotTime',
      ].sort(),
    );
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/cs_sandbox_[0-9a-f]+$/);
    const pay = page.getByRole('button', { name: `Pay ${deposit}`, exact: true });
    await expect(pay).toBeVisible();
    // The total, then the one line it pays for (the deposit, toward the ride and why), as Stripe lists them.
    await expect(page.getByRole('paragraph').filter({ hasText: deposit })).toHaveText(deposit);
    const line = page.getByRole('main').getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(deposit);
    await expect(line).toContainText(/Toward an estimated \$[\d,]+\.\d{2} ride/);
    await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    // Beyond the product's contract: the sandbox page is branded like the site and says the ride in words.
    const spokenDay = new Date(
      Date.UTC(trip.day.year, trip.day.month - 1, trip.day.day),
    ).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.getByRole('banner')).toHaveText(BUSINESS.name);
    await expect(page.getByRole('main')).toContainText(`${spokenDay} at ${trip.time}`);
    await expect(page.getByRole('main')).toContainText(service.name);
    await expect(page.getByRole('main')).not.toContainText(trip.day.key);
    await expectNoA11yViolations();
    const { appointmentId } = (await checkout).postDataJSON() as { appointmentId: string };
    await page.getByLabel('Name on card').fill(account.name);
    const details = page.waitForResponse((response) =>
      response.url().includes('/api/user/stripe-payment-details'),
    );
    await pay.click();

    // The payment result.
    await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_[0-9a-f]+$/);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: 'Payment & Appointment Details', exact: true }),
    ).toBeVisible();
    for (const text of [
      account.name,
      account.email,
      deposit,
      longDate(trip.day),
      trip.time,
      service.name,
      service.address,
    ]) {
      await expect(main.getByText(text, { exact: true }), `shows "${text}"`).toBeVisible();
    }
    const status = main.getByText('paid', { exact: true });
    await expect(status).toBeVisible();
    const [red, green, blue] = rgbOf(await status.evaluate((el) => getComputedStyle(el).color));
    expect(green, `"paid" is green (rgb ${red}, ${green}, ${blue})`).toBeGreaterThan(red + 40);
    expect(green, `"paid" is green (rgb ${red}, ${green}, ${blue})`).toBeGreaterThan(blue + 40);
    const seeAppointments = action(main, 'See My Appointments');
    const backHome = action(main, 'Back Home');
    await expect(seeAppointments).toBeVisible();
    await expect(backHome).toBeVisible();
    await expect(backHome).toHaveAttribute('href', '/');
    // After the product's fields (docs/product.md, "Holds and payment"): the trip, its booking reference and what happens next.
    const reference = bookingReference(appointmentId);
    await expect(main).toContainText(`Booking reference${reference}`);
    await expect(main).toContainText(`Pickup${trip.pickup}`);
    await expect(main).toContainText(`Drop-off${trip.dropoff}`);
    await expect(main.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    // The price as booked, and what is left of it after the deposit.
    const { price } = (await (await details).json()) as {
      price: { priceCents: number; depositCents: number; balanceCents: number };
    };
    expect(price.balanceCents).toBe(price.priceCents - price.depositCents);
    await expect(main).toContainText(`Estimated ride price$${(price.priceCents / 100).toFixed(2)}`);
    await expect(main).toContainText(
      `Left to pay after the ride$${(price.balanceCents / 100).toFixed(2)}`,
    );
    await expectNoA11yViolations();

    // My appointments lists it with the paid badge (its call carries the CSRF token).
    const listed = page.waitForRequest('**/api/user/appointments');
    await seeAppointments.click();
    expect((await listed).headers()['x-csrf-token']).toBeTruthy();
    await expect(page).toHaveURL('/my-appointments');
    const appointment = main.getByRole('article').filter({
      has: page.getByRole('heading', { name: service.name, exact: true }),
    });
    await expect(appointment).toHaveCount(1);
    await expect(appointment.getByText('Booking Fee Paid', { exact: true })).toBeVisible();
    await expect(appointment.getByText(longDate(trip.day), { exact: true })).toBeVisible();
    await expect(appointment.getByText(trip.time, { exact: true })).toBeVisible();
    await expect(appointment.getByText(service.address, { exact: true })).toBeVisible();
    await expect(appointment.getByText(reference, { exact: true })).toBeVisible();
    await expect(appointment).toContainText(`Pickup${trip.pickup}`);
    await expectNoA11yViolations();

    // Back on the car: that day no longer offers the booked time, nor the times whose stretch
    // would reach the booking's (its length and the car's turnaround).
    await openCar(page, service);
    // The payment forgot the form: it starts with no type chosen.
    const withIt = withBooking(service, trip.type, trip.day, trip.time);
    const left = offeredTimes(withIt, { ...trip, type: '' });
    expect(left.length).toBeLessThan(offeredTimes(service, { ...trip, type: '' }).length - 1);
    await chooseDay(page, trip.day, left);
    await expect(timeButton(page, trip.time)).toHaveCount(0);
  });

  test('Cancel on the checkout returns to the car, which offers the slot again', async ({
    page,
    services,
  }, testInfo) => {
    const service = carFor(services, 'cancel', testInfo);
    const trip = tripFor(service, 0);
    const allTimes = offeredTimes(service, trip);

    await signedInCustomer(page);
    await openCar(page, service);
    await fillBooking(page, service, trip);
    await bookButton(page).click();
    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expect(cancel).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Pay ${depositText(service)}`, exact: true }),
    ).toBeVisible();

    // While the checkout is open the slot is held: the service list no longer offers it.
    const held = (await fetchServices(page.request)).find((s) => s._id === service._id);
    expect(held?.slots_booked[trip.day.key] ?? []).toContain(trip.time);

    await cancel.click();
    await expect(page).toHaveURL(`/appointment/${service._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(service.name);
    const released = (await fetchServices(page.request)).find((s) => s._id === service._id);
    expect(released?.slots_booked[trip.day.key] ?? []).not.toContain(trip.time);
    await chooseDay(page, trip.day, allTimes);
    await expect(timeButton(page, trip.time)).toBeVisible();
  });
});

// -------------------------------------------------------------------------------------------
test.describe('booking checks', () => {
  test('each check in the product’s order, with its message, scrolling to the top', async ({
    page,
    request,
    services,
  }, testInfo) => {
    const service = carFor(services, 'checks', testInfo);
    // Registered from a context of its own: this page stays a visitor's until it logs in.
    const account = await registerAccount(request, 'booking-checks');

    // 1. A visitor: the warning, then /login, and logging in comes back to this car.
    await openCar(page, service);
    await expectBookingProblem(page, MESSAGES.loginToBook, BOOKING_CHECKS);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL(`/appointment/${service._id}`);
    const main = page.getByRole('main');
    const phone = field(main, 'Phone');
    await expect(phone).toBeVisible();

    // 2. Everything else wrong too: the consent comes first.
    await phone.fill('617');
    await phone.blur();
    await expect(consentBox(page)).not.toBeChecked();
    await expectBookingProblem(page, MESSAGES.agreeToTerms, BOOKING_CHECKS.slice(1));

    // 3. Consent given: the phone, flagged invalid.
    await consentBox(page).check();
    await expectBookingProblem(page, MESSAGES.invalidPhone, BOOKING_CHECKS.slice(2));

    // 4. A valid phone, no service type on a car with several.
    await phone.fill('6175550142');
    await expect(field(main, 'Service type')).toHaveValue('');
    await expectBookingProblem(page, MESSAGES.selectServiceType, BOOKING_CHECKS.slice(3));

    // 5. A type, no time.
    await field(main, 'Service type').selectOption({
      label: service.availableServiceTypes[0] ?? '',
    });
    await expect(timeList(page).getByRole('button', { pressed: true })).toHaveCount(0);
    await expectBookingProblem(page, MESSAGES.selectDateTime, []);
    await expect(page).toHaveURL(`/appointment/${service._id}`);
  });
});

// -------------------------------------------------------------------------------------------
test.describe('notes and the return ride', () => {
  const words = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `word${from + i}`).join(' ');

  /**
   * Types 55 words into a notes field (the last ones key by key, as a customer would) and
   * expects the first 50 kept; `counters` fields then read 50/50 words.
   */
  async function expectFiftyWordsKept(page: Page, notes: Locator, counters: number) {
    await notes.fill(`${words(1, 47)} `);
    await notes.pressSequentially(words(48, 55));
    await expect
      .soft(notes, 'typing past the 50th word is ignored: the first 50 words stay as typed')
      .toHaveValue(new RegExp(`^\\s*${words(1, NOTES_MAX_WORDS)}\\s*$`));
    await expect(
      page.getByText(`${NOTES_MAX_WORDS}/${NOTES_MAX_WORDS} words`, { exact: true }),
    ).toHaveCount(counters);
  }

  const returnQuestion = (page: Page) =>
    page.getByRole('group', { name: 'Do you need a return ride?', exact: true });

  test('typing more than 50 words keeps 50 and the counter reads 50/50 words', async ({
    page,
    services,
  }, testInfo) => {
    const service = carFor(services, 'notes', testInfo);
    await signedInCustomer(page);
    await openCar(page, service);

    const pickupNotes = notesField(page, 'Notes for your driver');
    await expect(page.getByText('0/50 words', { exact: true })).toBeVisible();
    await pickupNotes.pressSequentially('Flight BA 213');
    await expect(page.getByText('3/50 words', { exact: true })).toBeVisible();
    await expectFiftyWordsKept(page, pickupNotes, 1);

    // The return notes follow the same rule.
    await returnQuestion(page).getByRole('radio', { name: 'Yes', exact: true }).check();
    const returnNotes = notesField(page, 'Return notes');
    await expect(returnNotes).toBeVisible();
    await expect(page.getByText('0/50 words', { exact: true })).toBeVisible();
    await expectFiftyWordsKept(page, returnNotes, 2);
  });

  test('the return ride starts unanswered; Yes reveals the return form, No hides it', async ({
    page,
    services,
  }, testInfo) => {
    const service = carFor(services, 'notes', testInfo);
    await signedInCustomer(page);
    await openCar(page, service);
    const main = page.getByRole('main');

    const yes = returnQuestion(page).getByRole('radio', { name: 'Yes', exact: true });
    const no = returnQuestion(page).getByRole('radio', { name: 'No', exact: true });
    await expect(yes).not.toBeChecked();
    await expect(no).not.toBeChecked();
    const returnFields = [
      field(main, 'Return pickup address'),
      field(main, 'Return drop-off address'),
      notesField(page, 'Return notes'),
    ];
    for (const control of returnFields) await expect(control).toHaveCount(0);

    await yes.check();
    for (const control of returnFields) await expect(control).toBeVisible();
    await field(main, 'Return pickup address').fill('Logan International Airport, Boston, MA');

    await no.check();
    await expect(no).toBeChecked();
    await expect(yes).not.toBeChecked();
    for (const control of returnFields) await expect(control).toHaveCount(0);

    await yes.check();
    for (const control of returnFields) await expect(control).toBeVisible();
  });
});

// -------------------------------------------------------------------------------------------
test.describe('empty results', () => {
  test('a new customer has no appointments; /success without a session has no details', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await signedInCustomer(page);
    await page.goto('/my-appointments');
    await expect(toast(page, MESSAGES.noAppointments)).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    await expectNoA11yViolations();

    await page.goto('/success');
    await expect(
      page.getByRole('main').getByText('Payment details not found', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Payment & Appointment Details', exact: true }),
    ).toHaveCount(0);
    await expectNoA11yViolations();
  });
});
