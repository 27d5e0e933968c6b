import type { Page, TestInfo } from '@playwright/test';
import { listBookableDays, type Service, type SlotDay } from '@app/shared';
import { expect, fetchServices, test } from '../../fixtures.ts';
import { expectToast, registerAccount } from '../account-helpers.ts';
import { longDate, logInViaApi } from '../booking-helpers.ts';

/*
 * The Blocks area at 1440 and 390 px, by keyboard, with axe on each state: the form's checks,
 * a block made (its slots leave the service list), a block over a customer's held ride refused
 * naming it and leading to it, a block deleted in two steps. Each project blocks its own car (one no booking spec
 * books at random: Prius on desktop, and late in the window Tesla Model S, which
 * appointment.spec only looks at in its first days) on a day near the window's end; then a
 * weekly block of that car (early morning, three weeks) listed with its repeat and removed;
 * and a holiday for every car, on the window's last day (which the booking specs leave alone),
 * made and removed at 1440 only: it blocks every car, so one project makes it.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

function carFor(services: Service[], testInfo: TestInfo): Service {
  const name = testInfo.project.name === 'mobile' ? 'Tesla Model S' : 'Toyota Prius';
  const car = services.find((s) => s.name === name);
  if (!car) throw new Error(`no ${name} in the catalogue`);
  return car;
}

/** A day near the end of the booking window: `2027-02-16` as the date input takes it. */
function blockDay(): { day: SlotDay; iso: string } {
  const day = listBookableDays(new Date())[84] as SlotDay;
  const two = (n: number) => String(n).padStart(2, '0');
  return { day, iso: `${day.year}-${two(day.month)}-${two(day.day)}` };
}

async function openBlocks(page: Page) {
  await page.goto('/admin/blocks');
  await expect(page.getByRole('heading', { level: 1, name: 'Blocks' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming blocks' })).toBeVisible();
}

const form = (page: Page) => page.getByRole('form', { name: 'Block a car' });

async function fillBlock(
  page: Page,
  values: { car: string; date: string; from: string; to: string; note?: string },
) {
  const f = form(page);
  await f.getByLabel('Car').selectOption({ label: values.car });
  await f.getByLabel('Start date').fill(values.date);
  await f.getByLabel('Start time').fill(values.from);
  await f.getByLabel('End date').fill(values.date);
  await f.getByLabel('End time').fill(values.to);
  await f.getByLabel('Note').fill(values.note ?? '');
}

/** Sends the form from the keyboard: focus on its button, Enter. */
async function submitByKeyboard(page: Page) {
  await form(page).getByRole('button', { name: 'Block this time' }).focus();
  await page.keyboard.press('Enter');
}

test('the form says what is missing beside each field, and the first one takes focus', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  await openBlocks(page);
  await expectNoA11yViolations();
  await submitByKeyboard(page);
  const car = form(page).getByLabel('Car');
  await expect(car).toBeFocused();
  await expect(car).toHaveAttribute('aria-invalid', 'true');
  await expect(car).toHaveAccessibleDescription('Choose the car to block.');
  await expect(form(page).getByLabel('End time')).toHaveAccessibleDescription(
    'Enter the time the block ends.',
  );
  await expectNoA11yViolations();

  // An end before the start is caught before anything is sent.
  const { iso } = blockDay();
  await fillBlock(page, { car: 'Toyota Prius', date: iso, from: '10:00', to: '09:00' });
  await submitByKeyboard(page);
  const end = form(page).getByLabel('End time');
  await expect(end).toBeFocused();
  await expect(end).toHaveAccessibleDescription('The block must end after it starts.');
  await expect(car).not.toHaveAttribute('aria-invalid', 'true');
});

test('a block takes its slots out of the service list; one over a held ride is refused, naming it', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  const car = carFor(await fetchServices(request), testInfo);
  const { day, iso } = blockDay();

  // A customer holds 2:00 PM that day.
  const rider = await registerAccount(request, 'blocked-rider');
  await logInViaApi(request, rider);
  const csrf = ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string })
    .csrfToken;
  const booked = await request.post('/api/user/book-appointment', {
    headers: { 'x-csrf-token': csrf },
    data: {
      serviceId: car._id,
      slotDate: day.key,
      slotTime: '2:00 PM',
      phone: '+16175550142',
      pickupAddress: '12 Main Street, Norfolk, MA',
      dropoffAddress: 'Logan Airport, Boston, MA',
      pickupNotes: '',
      selectedServiceType: car.availableServiceTypes[0],
      needsReturnRide: false,
      returnPickupNotes: '',
      returnPickupAddress: '',
      returnDropoffAddress: '',
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await openBlocks(page);
  await fillBlock(page, {
    car: car.name,
    date: iso,
    from: '13:00',
    to: '15:00',
    note: 'Detailing',
  });
  await submitByKeyboard(page);
  await expect(form(page).getByRole('alert')).toHaveText(
    `This block covers a ride awaiting payment on ${longDate(day)} at 2:00 PM for ${rider.name}. Move or cancel that ride first.`,
  );
  await expectNoA11yViolations();
  // The refusal leads to that ride, where it can be moved or cancelled.
  await form(page).getByRole('link', { name: 'Open that ride' }).click();
  const ride = page.getByRole('region', { name: `${rider.name}: ${car.name}` });
  await expect(ride).toContainText('2:00 PM (New York)');
  await expect(ride.getByRole('button', { name: 'Cancel the ride...' })).toBeVisible();
  await expectNoA11yViolations();
  await openBlocks(page);

  await fillBlock(page, { car: car.name, date: iso, from: '10:00', to: '12:00', note: 'Tyres' });
  await submitByKeyboard(page);
  await expectToast(page, 'The car is blocked for that time.');
  const upcoming = page.getByRole('region', { name: 'Upcoming blocks' });
  const card = upcoming
    .getByRole('listitem')
    .filter({ hasText: car.name })
    .filter({ hasText: 'Tyres' });
  await expect(card).toContainText(`${longDate(day)}, 10:00 AM`);
  await expect(card).toContainText(`${longDate(day)}, 12:00 PM`);
  await expect(card).toContainText('Tyres');
  await expectNoA11yViolations();

  const after = (await fetchServices(request)).find((s) => s._id === car._id);
  expect(after?.slots_booked[day.key]).toEqual(
    expect.arrayContaining(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '2:00 PM']),
  );
  expect(after?.slots_booked[day.key]).not.toContain('12:00 PM');
  expect(after?.slots_booked[day.key]).not.toContain('9:30 AM');
});

test('a block is deleted in two steps, by keyboard, and its slots come back', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  const car = carFor(await fetchServices(request), testInfo);
  const { day } = blockDay();
  await openBlocks(page);
  const card = page
    .getByRole('region', { name: 'Upcoming blocks' })
    .getByRole('listitem')
    .filter({ hasText: car.name })
    .filter({ hasText: 'Tyres' });
  const remove = card.getByRole('button', { name: /^Delete the block of / });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = card.getByRole('button', { name: 'Yes, delete' });
  await expect(confirm).toBeFocused();
  await expectNoA11yViolations();

  // Keep it: nothing happens, focus returns to Delete.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'The block is removed: customers can book that time again.');
  await expect(card).toHaveCount(0);
  await expectNoA11yViolations();

  const after = (await fetchServices(request)).find((s) => s._id === car._id);
  expect(after?.slots_booked[day.key] ?? []).not.toContain('10:00 AM');
});

test('a weekly block is made by keyboard, listed with its repeat, and its following weeks removed', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  const car = carFor(await fetchServices(request), testInfo);
  const { day, iso } = blockDay();
  const two = (n: number) => String(n).padStart(2, '0');
  const at = (weeks: number) => {
    const d = new Date(Date.UTC(day.year, day.month - 1, day.day + 7 * weeks));
    return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  };
  await openBlocks(page);
  await fillBlock(page, {
    car: car.name,
    date: iso,
    from: '05:00',
    to: '06:00',
    note: 'Weekly wash',
  });
  const until = form(page).getByLabel('Repeat weekly until');
  // An end before the start is caught beside the field.
  await until.fill(at(-1));
  await submitByKeyboard(page);
  await expect(until).toBeFocused();
  await expect(until).toHaveAccessibleDescription(
    /The repeat must end on or after the day the block starts\./,
  );
  await expectNoA11yViolations();

  await until.fill(at(2));
  await submitByKeyboard(page);
  await expectToast(page, 'The blocks are made: customers cannot book those times.');
  const cards = page
    .getByRole('region', { name: 'Upcoming blocks' })
    .getByRole('listitem')
    .filter({ hasText: 'Weekly wash' });
  await expect(cards).toHaveCount(3);
  const noon = (iso: string) => new Date(`${iso}T17:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    noon(iso),
  );
  const last = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(noon(at(2)));
  await expect(cards.first()).toContainText(`Every ${weekday} until ${last}`);
  await expectNoA11yViolations();

  // The second week: "this and the following" leaves the first.
  const second = cards.nth(1);
  await second.getByRole('button', { name: /^Delete the block of / }).focus();
  await page.keyboard.press('Enter');
  await expect(second.getByRole('button', { name: 'Delete this one' })).toBeFocused();
  await expectNoA11yViolations();
  await page.keyboard.press('Tab');
  await expect(second.getByRole('button', { name: 'Delete this and the following' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'The blocks are removed: customers can book those times again.');
  await expect(cards).toHaveCount(1);

  // The last one left: delete this one.
  const first = cards.first();
  await first.getByRole('button', { name: /^Delete the block of / }).focus();
  await page.keyboard.press('Enter');
  await expect(first.getByRole('button', { name: 'Delete this one' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'The block is removed: customers can book that time again.');
  await expect(cards).toHaveCount(0);
});

test('a holiday blocks every car at once, and the whole of it is removed in one go', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'it blocks every car: one project makes it');
  const day = listBookableDays(new Date()).at(-1) as SlotDay;
  const two = (n: number) => String(n).padStart(2, '0');
  await openBlocks(page);
  await fillBlock(page, {
    car: 'Every car',
    date: `${day.year}-${two(day.month)}-${two(day.day)}`,
    from: '02:00',
    to: '03:00',
    note: 'Founders’ holiday',
  });
  await submitByKeyboard(page);
  await expectToast(page, 'The blocks are made: customers cannot book those times.');
  const cards = page
    .getByRole('region', { name: 'Upcoming blocks' })
    .getByRole('listitem')
    .filter({ hasText: 'Founders’ holiday' });
  await expect(cards.first()).toContainText('All cars');
  expect(await cards.count()).toBeGreaterThan(1);
  await expectNoA11yViolations();
  const services = await fetchServices(request);
  for (const name of ['Toyota Prius', 'Tesla Model S']) {
    const car = services.find((s) => s.name === name);
    expect(car?.slots_booked[day.key], name).toEqual(
      expect.arrayContaining(['2:00 AM', '2:30 AM']),
    );
  }

  // One of them, "this and the following": every car's block of the holiday goes.
  const first = cards.first();
  await first.getByRole('button', { name: /^Delete the block of / }).focus();
  await page.keyboard.press('Enter');
  await expect(first.getByRole('button', { name: 'Delete this one' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first.getByRole('button', { name: 'Delete this and the following' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'The blocks are removed: customers can book those times again.');
  await expect(cards).toHaveCount(0);
  const prius = (await fetchServices(request)).find((s) => s.name === 'Toyota Prius');
  expect(prius?.slots_booked[day.key] ?? []).not.toContain('2:00 AM');
});
