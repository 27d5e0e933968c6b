import {
  DEFAULT_LENGTH,
  busyInstants,
  fittingSlots,
  lengthMinutes,
  listBookableDays,
  markOccupied,
  occupiedUntil,
  rateKindOf,
  type Service,
  type SlotDay,
} from '@app/shared';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { Account } from './account-helpers.ts';

/*
 * What the booking specs share: which car each test may book (so parallel tests never change
 * the slots another test is counting), free slots, the strip and grid locators, and booking
 * through the API when the form itself is not what a test is about.
 */

/**
 * Available cars with more than one service type, in catalogue order, without the car that
 * appointment.spec.ts inspects day by day (its first days' slots must stay as they are).
 */
export function multiTypeCars(services: Service[]): Service[] {
  const inspected = services.find(
    (s) => s.specialServicePriceBetweenOneHourFifteen > 0 && s.availableServiceTypes.length > 1,
  );
  return services.filter(
    (s) => s.available && s.availableServiceTypes.length > 1 && s._id !== inspected?._id,
  );
}

/**
 * The days and times the car page offers for a service type (by default the one the form starts
 * with: the car's only type, or none, which is a ride) at the form's starting length: the free
 * starts where that length and the car's turnaround fit (ADR 018).
 */
export function offeredDays(service: Service, type = startingType(service)): SlotDay[] {
  return daysFitting(service, stretchOf(service, type));
}

/** The service type the car page starts with: a car's only type, or none. */
function startingType(service: Service): string {
  return service.availableServiceTypes.length === 1 ? (service.availableServiceTypes[0] ?? '') : '';
}

/** Minutes a booking of this type at the form's starting length keeps the car. */
function stretchOf(service: Service, type: string): number {
  const kind = rateKindOf(type);
  return lengthMinutes(kind, DEFAULT_LENGTH[kind]) + service.turnaroundMinutes[kind];
}

function daysFitting(service: Service, stretch: number): SlotDay[] {
  const busy = busyInstants(service.slots_booked);
  return listBookableDays(new Date(), service.slots_booked).map((day) => ({
    ...day,
    slots: fittingSlots(day.slots, busy, stretch),
  }));
}

/**
 * The car as the service list shows it once a booking of this type at `time` on `day` is made,
 * of the form's starting length unless told (the API books the kind's shortest without one).
 */
export function withBooking(
  service: Service,
  type: string,
  day: SlotDay,
  time: string,
  length = lengthMinutes(rateKindOf(type), DEFAULT_LENGTH[rateKindOf(type)]),
): Service {
  const start = day.slots.find((slot) => slot.label === time)?.startsAt;
  if (!start) throw new Error(`${time} is not a time of ${day.key}`);
  const kind = rateKindOf(type);
  const slotsBooked = Object.fromEntries(
    Object.entries(service.slots_booked).map(([key, labels]) => [key, [...labels]]),
  );
  markOccupied(slotsBooked, start, occupiedUntil(start, length, service.turnaroundMinutes[kind]));
  return { ...service, slots_booked: slotsBooked };
}

/** What booking.spec.ts uses a car for: one car per use and project, never shared. */
const CAR_USE = { journey: 0, cancel: 1, checks: 2, notes: 3 } as const;

export function carFor(
  services: Service[],
  use: keyof typeof CAR_USE,
  testInfo: TestInfo,
): Service {
  const cars = multiTypeCars(services);
  const index = CAR_USE[use] * 2 + (testInfo.project.name === 'mobile' ? 1 : 0);
  const car = cars[index % cars.length];
  if (!car) throw new Error('the demo data has no available car with several service types');
  return car;
}

/**
 * The car of the keyboard journey: the first several-type car that carFor never hands out.
 * Both projects book it, each on days of its own (nearFreeSlot).
 */
export function keyboardCar(services: Service[]): Service {
  const car = multiTypeCars(services)[Object.keys(CAR_USE).length * 2];
  if (!car) throw new Error('the demo data has no spare car with several service types');
  return car;
}

/**
 * Available single-type cars other than the one appointment.spec.ts looks at first: a11y.spec.ts
 * books one per project through the API.
 */
export function singleTypeCarFor(services: Service[], testInfo: TestInfo): Service {
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length === 1);
  const car = cars[1 + (testInfo.project.name === 'mobile' ? 1 : 0)];
  if (!car) throw new Error('the demo data lacks available single-type cars');
  return car;
}

/** One of `items`, at random; undefined when there is none. */
function atRandom<T>(items: readonly T[]): T | undefined {
  return items[Math.floor(Math.random() * items.length)];
}

/**
 * A random free slot of the car, from the day strip docs/product.md describes (90 days from today in
 * New York). Not today nor the next two days (other specs look at them), nor the window's last
 * day (it leaves the window if the clock passes midnight during the test). `half` keeps two
 * tests booking the same car on different days.
 */
export function randomFreeSlot(
  service: Service,
  half?: 'first' | 'second',
): { day: SlotDay; time: string } {
  // Free for any of the car's types at the form's starting length, whichever the test chooses.
  const longest = Math.max(
    ...['', ...service.availableServiceTypes].map((type) => stretchOf(service, type)),
  );
  const days = daysFitting(service, longest);
  expect(days).toHaveLength(90);
  const middle = Math.floor(days.length / 2);
  const window =
    half === 'first'
      ? days.slice(3, middle)
      : half === 'second'
        ? days.slice(middle, -1)
        : days.slice(3, -1);
  const day = atRandom(window.filter((candidate) => candidate.slots.length > 1));
  if (!day) throw new Error(`no free day left for ${service.name}`);
  const slot = atRandom(day.slots);
  if (!slot) throw new Error(`no free time left on ${day.key} for ${service.name}`);
  return { day, time: slot.label };
}

/**
 * A random free slot a few arrow presses away, for the keyboard journey: each press checks the
 * focus indicator (a second on a busy machine; 70 presses to a day in the strip's second half
 * overran the test). One of the first ten free times of a day among days 3 to 16; the two
 * projects book the same car (keyboardCar), each on alternate days.
 */
export function nearFreeSlot(service: Service, isMobile: boolean): { day: SlotDay; time: string } {
  const days = offeredDays(service).slice(3, 17);
  const day = atRandom(
    days.filter(
      (candidate, index) => index % 2 === (isMobile ? 1 : 0) && candidate.slots.length > 0,
    ),
  );
  if (!day) throw new Error(`no free day left for ${service.name}`);
  const slot = atRandom(day.slots.slice(0, 10));
  if (!slot) throw new Error(`no free time left on ${day.key} for ${service.name}`);
  return { day, time: slot.label };
}

/** `December 5, 2026`: the full month name, the day and the year, computed independently. */
export function longDate(day: SlotDay): string {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** `Monday, November 23`: how the day strip names a day to assistive technology. */
export function spokenDay(day: SlotDay): string {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The deposit as the checkout and the payment result show it: `$` + (fees + 1), 2 decimals. */
export function depositText(service: Service): string {
  return `$${(service.fees + 1).toFixed(2)}`;
}

/**
 * Opens a car's page and waits until it is live: the server's form is disabled until the page
 * is hydrated, and typing into it before would go nowhere, as it would for a customer. An
 * unavailable car has no form and its Book button stays disabled: its page is waited for by
 * its notice.
 */
export async function openCar(page: Page, service: Service): Promise<void> {
  await page.goto(`/appointment/${service._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(service.name);
  if (service.available) await expect(bookButton(page)).toBeEnabled();
}

export const bookButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Book an Appointment', exact: true });

export const dayStrip = (page: Page) =>
  page.getByRole('list', { name: 'Choose a day', exact: true });

export const dayButton = (page: Page, day: SlotDay) =>
  dayStrip(page).getByRole('button', { name: spokenDay(day), exact: true });

/** The strip's button for a day found by what it shows: its weekday, date and short month. */
export function dayButtonByText(page: Page, day: SlotDay): Locator {
  return dayStrip(page)
    .getByRole('button')
    .filter({ hasText: new RegExp(`(?<![a-z])${day.weekday}(?![a-z])`, 'i') })
    .filter({ hasText: new RegExp(`(?<!\\d)${day.day}(?!\\d)`) })
    .filter({ hasText: new RegExp(`(?<![a-z])${day.monthShort}`, 'i') });
}

/**
 * Clicks a day of the strip until it is chosen. The strip scrolls smoothly to bring a day into
 * view and draws the days beyond its edge as they scroll in: a click that lands while it still
 * moves was seen lost (the press on one day, the release on another), under load, at both
 * widths. It is clicked again, as a person would.
 */
export async function clickUntilPressed(button: Locator): Promise<void> {
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Chooses a day of the strip and waits until it is chosen (`clickUntilPressed`). */
export async function chooseDay(page: Page, day: SlotDay): Promise<void> {
  await clickUntilPressed(dayButton(page, day));
}

export const timeList = (page: Page) => page.getByRole('list', { name: /^\s*Choose a time/ });

export function timeButton(page: Page, time: string): Locator {
  return timeList(page).getByRole('button', { name: time, exact: true });
}

export const consentBox = (page: Page) =>
  page.getByRole('main').getByRole('checkbox', { name: /agree to the booking policy/i });

/** The CSRF token bound to the request context's cookie. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/csrf-token');
  expect(response.status(), 'GET /api/csrf-token').toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** The header that carries it, for a state-changing request of that context. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { 'x-csrf-token': await csrfToken(request) };
}

/**
 * Logs in through the API. With `page.request` the session cookie lands in the page's browser
 * context: the next navigation is signed in, without going through the login screen.
 */
export async function logInViaApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post('/api/user/login', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `login ${account.email}: ${await response.text()}`).toBe(200);
}

/**
 * Books a car's slot through the API (the request must be signed in) and opens its checkout:
 * the address of the sandbox checkout page. The booking's phone gets the ride's texts.
 */
export async function bookViaApi(
  request: APIRequestContext,
  service: Service,
  slot: { day: SlotDay; time: string },
  phone = '+16175550142',
  /** The service type and length booked: the car's first type and the kind's shortest unless told. */
  booking: { type?: string; lengthMinutes?: number } = {},
): Promise<string> {
  const token = await csrfToken(request);
  const booked = await request.post('/api/user/book-appointment', {
    headers: { 'x-csrf-token': token },
    data: {
      serviceId: service._id,
      slotDate: slot.day.key,
      slotTime: slot.time,
      phone,
      pickupAddress: '12 Main Street, Norfolk, MA',
      dropoffAddress: 'Logan International Airport, Boston, MA',
      pickupNotes: '',
      selectedServiceType: booking.type ?? service.availableServiceTypes[0] ?? '',
      ...(booking.lengthMinutes ? { lengthMinutes: booking.lengthMinutes } : {}),
      needsReturnRide: false,
      // As the booking form sends it: its policy checkbox includes the texts.
      smsConsent: true,
    },
  });
  expect(booked.status(), `book: ${await booked.text()}`).toBe(200);
  const { appointmentId } = (await booked.json()) as { appointmentId: string };
  const checkout = await request.post('/api/user/create-checkout-session', {
    headers: { 'x-csrf-token': token },
    data: { appointmentId },
  });
  expect(checkout.status(), `checkout: ${await checkout.text()}`).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  return new URL(url).pathname;
}

/** The last available car offering one service type: what the ride-page specs book. */
export function lastSingleTypeCar(services: Service[]): Service {
  const car = services.filter((s) => s.available && s.availableServiceTypes.length === 1).at(-1);
  if (!car) throw new Error('the demo data has no available single-type car');
  return car;
}

/**
 * Books a slot through the API as the signed-in customer and pays it at the sandbox checkout;
 * answers the ride's id and its confirmation page (`/success?session_id=…`), opened once so the
 * payment is taken as the browser would.
 */
export async function bookAndPayViaApi(
  request: APIRequestContext,
  car: Service,
  slot: { day: SlotDay; time: string },
): Promise<{ rideId: string; confirmation: string }> {
  const checkout = await bookViaApi(request, car, slot);
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: 'Test Customer' },
    maxRedirects: 0,
  });
  expect(paid.status(), `pay: ${await paid.text()}`).toBe(303);
  const sessionId = new URL(paid.headers().location ?? '', 'http://x').searchParams.get(
    'session_id',
  );
  const headers = await csrfHeaders(request);
  const details = await request.get(`/api/user/stripe-payment-details?session_id=${sessionId}`, {
    headers,
  });
  expect(details.status()).toBe(200);
  const list = await request.get('/api/user/appointments', { headers });
  const { appointments } = (await list.json()) as {
    appointments: { _id: string; slotDate: string; slotTime: string; payment: boolean }[];
  };
  const ride = appointments.find(
    (a) => a.slotDate === slot.day.key && a.slotTime === slot.time && a.payment,
  );
  if (!ride) throw new Error(`no paid ride at ${slot.day.key} ${slot.time}`);
  return {
    rideId: ride._id,
    confirmation: `/success?session_id=${encodeURIComponent(sessionId ?? '')}`,
  };
}
