import {
  DAY_PARTS,
  depositDollars,
  discountedDollars,
  estimateRide,
  formatDollars,
  formatLength,
  listBookableDays,
  MESSAGES,
  NOTES_TOO_LONG_MESSAGE,
  PROMOTED_MAKE,
  PROMOTION_PERCENT,
  rateDayOf,
  rateKindOf,
  slotsByDayPart,
  type Service,
  type SlotDay,
} from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import {
  cardWithHeading,
  expect,
  fetchServices,
  literal,
  test,
  waitUntilStill,
} from '../../fixtures.ts';
import { field, registerAccount, toast } from '../account-helpers.ts';
import {
  bookButton,
  clickUntilPressed,
  consentBox,
  dayButtonByText,
  logInViaApi,
  offeredDays,
  openCar,
  timeList,
} from '../booking-helpers.ts';

/*
 * The customer's journey (docs/product.md, "The car page"): the estimate beside the Book button, the promotion kept on
 * the promoted model's pages, an unavailable car said first, and the booking form's rules as
 * the product has them (the 10-digit phone, notes counted in words, 5 slots a row), and the phone's
 * journey (the bar at the bottom, the times by part of the day, the form before the other
 * rates). Nothing here books a slot: the cars' slots stay as the other specs count them.
 */

// Pages with the booking form, axe at each state: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const estimateGroup = (page: Page) =>
  page.getByRole('main').getByRole('group', { name: 'Price estimate', exact: true });

function summary(deposit: number, balance: number): RegExp {
  return new RegExp(
    `Deposit today ${literal(formatDollars(deposit))}, estimated balance after the ride ${literal(formatDollars(balance))}`,
  );
}

/** A car not on promotion with a ride type among several, and that ride type. */
function plainRideCar(services: Service[]): { car: Service; type: string } {
  for (const car of services) {
    if (!car.available || car.type === PROMOTED_MAKE || car.availableServiceTypes.length < 2)
      continue;
    const type = car.availableServiceTypes.find((t) => rateKindOf(t) === 'ride');
    if (type) return { car, type };
  }
  throw new Error('the demo data has no multi-type ride car off promotion');
}

function firstWeekend(days: SlotDay[]): SlotDay {
  const day = days.slice(1).find((d) => rateDayOf(d.key, '12:00 PM') === 'weekend');
  if (!day) throw new Error('no weekend in the booking window');
  return day;
}

test.describe('the estimate beside the Book button', () => {
  test('says the deposit today and the balance after the ride, by type, length and day', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    const { car, type } = plainRideCar(services);
    await openCar(page, car);
    const estimate = estimateGroup(page);
    await expect(estimate).toContainText('Choose a service type');

    // The rate cards say what each number is per.
    const regular = await cardWithHeading(page, 'Regular Rate');
    await expect(regular).toContainText('per hour');
    await expect(regular).toContainText('each extra hour');
    const multiHour = await cardWithHeading(page, 'Multi-Hour Rate');
    await expect(multiHour).toContainText(`${formatDollars(car.serviceChargePerHour)} per hour`);
    expect(car.serviceChargePerHour, 'multi-hour is the cheaper rate').toBeLessThan(
      car.specialServicePricePerHour,
    );

    await page.getByRole('main').getByRole('combobox').selectOption(type);
    const days = listBookableDays(new Date(), car.slots_booked);
    // A weekday's daytime: the first day of the strip is today, possibly already late.
    const weekday = days.slice(1).find((d) => rateDayOf(d.key, '12:00 PM') === 'regular');
    if (!weekday) throw new Error('no regular weekday in the window');
    await clickUntilPressed(dayButtonByText(page, weekday));
    const oneHour = estimateRide(car, 'ride', 1, 'regular');
    await expect(estimate).toContainText(summary(oneHour.deposit, oneHour.balance));
    expect(oneHour.deposit).toBe(depositDollars(car.fees));

    // Before a time is chosen, the grid dots the weekday's night times and says both prices.
    const atNight = estimateRide(car, 'ride', 1, 'night');
    const note = `Dotted times are night pickups at the flat rate: ${formatDollars(atNight.price)} for this ride, against ${formatDollars(oneHour.price)} by day.`;
    const dotted = timeList(page).locator('button[aria-describedby~="time-slots-marked"]');
    const plain = timeList(page).locator('button:not([aria-describedby])');
    await expect(dotted.first()).toHaveAccessibleDescription(note);
    expect(rateDayOf(weekday.key, (await dotted.first().textContent()) ?? '')).toBe('night');
    expect(rateDayOf(weekday.key, (await plain.first().textContent()) ?? '')).toBe('regular');
    await expectNoA11yViolations();

    // The length by keyboard: the radios move with the arrow keys.
    const first = estimate.getByRole('radio', { name: '1 hour', exact: true });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(estimate.getByRole('radio', { name: '2 hours', exact: true })).toBeChecked();
    const twoHours = estimateRide(car, 'ride', 2, 'regular');
    await expect(estimate).toContainText(summary(twoHours.deposit, twoHours.balance));
    await expect(estimate).toContainText(formatDollars(twoHours.price));

    // A weekend day is marked as such, and its ride takes the flat rate.
    const weekend = firstWeekend(days);
    await clickUntilPressed(dayButtonByText(page, weekend));
    await expect(estimate).toContainText('a weekend day: the flat rate applies');
    const flat = estimateRide(car, 'ride', 2, 'weekend');
    await expect(estimate).toContainText(summary(flat.deposit, flat.balance));
    await expectNoA11yViolations();
  });
});

test.describe('the promotion holds its promise', () => {
  test(`the ${PROMOTED_MAKE} cards, filter page, car page and estimate take ${PROMOTION_PERCENT}% off`, async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    const promoted = services.filter((s) => s.type === PROMOTED_MAKE && s.available);
    const car = promoted[0];
    if (!car) throw new Error(`no available ${PROMOTED_MAKE} in the demo data`);
    const offer = `${PROMOTION_PERCENT}% off rides`;

    await page.goto(`/services/${PROMOTED_MAKE}`);
    const main = page.getByRole('main');
    await expect(main).toContainText(`${PROMOTION_PERCENT}% off every ${PROMOTED_MAKE}`);
    await expect(main).toContainText("The discount applies to the ride's price");
    const cards = main.getByRole('link').filter({ hasText: car.name });
    await expect(cards.first()).toContainText(offer);
    // The deposit on the card stays fees + 1.
    await expect(cards.first()).toContainText(formatDollars(depositDollars(car.fees)));
    await expectNoA11yViolations();

    // Another model's cards carry no offer.
    await page.goto('/services');
    const other = services.find((s) => s.type !== PROMOTED_MAKE);
    if (!other) throw new Error('the demo data has one model only');
    await expect(
      page.getByRole('main').getByRole('link').filter({ hasText: other.name }).first(),
    ).not.toContainText(offer);

    await openCar(page, car);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Regular price' })).toBeVisible();
    await expect(
      table.getByRole('columnheader', { name: `With ${PROMOTION_PERCENT}% off` }),
    ).toBeVisible();
    const perHour = table.getByRole('row', { name: /^Per hour/ });
    await expect(perHour.locator('s')).toHaveText(formatDollars(car.specialServicePricePerHour));
    await expect(perHour).toContainText(
      formatDollars(discountedDollars(car.specialServicePricePerHour, PROMOTION_PERCENT)),
    );
    await expect(page.getByRole('main')).toContainText(
      `The deposit stays ${formatDollars(depositDollars(car.fees))}`,
    );

    const types = car.availableServiceTypes;
    if (types.length > 1)
      await page
        .getByRole('main')
        .getByRole('combobox')
        .selectOption(types[0] ?? '');
    const kind = rateKindOf(types[0] ?? '');
    const days = listBookableDays(new Date(), car.slots_booked);
    const weekday = days.slice(1).find((d) => rateDayOf(d.key, '12:00 PM') === 'regular');
    if (!weekday) throw new Error('no regular weekday in the window');
    await clickUntilPressed(dayButtonByText(page, weekday));
    const length = { ride: 1, hourly: 3, rental: 1 }[kind];
    await expect(
      estimateGroup(page).getByRole('radio', {
        name: formatLength(kind, length),
        exact: true,
      }),
    ).toBeChecked();
    const estimate = estimateRide(car, kind, length, 'regular');
    expect(estimate.discountPercent).toBe(PROMOTION_PERCENT);
    expect(estimate.deposit).toBe(depositDollars(car.fees));
    const group = estimateGroup(page);
    await expect(group.locator('s')).toHaveText(formatDollars(estimate.listPrice));
    await expect(group).toContainText(`regular price ${formatDollars(estimate.listPrice)}`);
    await expect(group).toContainText(summary(estimate.deposit, estimate.balance));
    await expectNoA11yViolations();
  });
});

test.describe('an unavailable car says so first', () => {
  test('no form: the notice, a disabled Book button and the way to related cars', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    const car = services.find(
      (s) => !s.available && services.some((o) => o.type === s.type && o._id !== s._id),
    );
    if (!car) throw new Error('the demo data has no unavailable car with related cars');
    await openCar(page, car);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: `The ${car.name} is not available to book right now` }),
    ).toBeVisible();
    await expect(bookButton(page)).toBeDisabled();
    await expect(timeList(page)).toHaveCount(0);
    await expect(main.getByRole('checkbox')).toHaveCount(0);

    // The badge at the top and the cards' Not Available look the same.
    const badge = main.getByText('Not Available', { exact: true }).first();
    const colours = (el: Locator) =>
      el.evaluate((node) => {
        const style = getComputedStyle(node);
        return [style.color, style.backgroundColor];
      });
    const carPageColours = await colours(badge);
    await expectNoA11yViolations();

    const pointer = main.getByRole('link', { name: `See related ${car.type} cars` });
    await pointer.focus();
    // Focus scrolls the link into view smoothly; Enter mid-scroll would race the jump.
    await waitUntilStill(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#related$/);
    await expect(main.getByRole('heading', { name: 'Related services' })).toBeInViewport();

    await page.goto('/services');
    const cardBadge = page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: car.name })
      .getByText('Not Available', { exact: true });
    expect(await colours(cardBadge)).toEqual(carPageColours);
  });
});

test.describe('the booking form against the spec', () => {
  test('a 7-digit phone is invalid, notes count words, slots 5 a row', async ({
    page,
    services,
    isMobile,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(page.request, 'journey');
    await logInViaApi(page.request, account);
    const { car } = plainRideCar(services);
    await openCar(page, car);
    const main = page.getByRole('main');

    const phone = field(main, 'Phone');
    await phone.fill('5550142');
    await phone.blur();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(main).toContainText('Please enter a valid phone number: 10 digits');
    await phone.fill('6175550142');
    await expect(phone).toHaveAttribute('aria-invalid', 'false');

    // Fifty long words are more than 1,000 characters and still within the limit.
    const longWords = Array.from({ length: 50 }, (_, i) => `w${i}${'x'.repeat(28)}`).join(' ');
    expect(longWords.length).toBeGreaterThan(1000);
    const notes = main.getByLabel(/^\s*Notes for your driver/);
    await notes.fill(longWords);
    await expect(notes).toHaveValue(longWords);
    await expect(main.getByText('50/50 words', { exact: true })).toBeVisible();

    // Five slots a row, on a phone too (a whole day ahead: today may be nearly over).
    const days = listBookableDays(new Date(), car.slots_booked);
    const ahead = days[3];
    if (!ahead) throw new Error('the window is shorter than four days');
    // Filling the notes scrolled the page smoothly: a click while it still moves lands elsewhere,
    // and today's times, measured instead, are in rows of 5 only while today has 5 left in a part.
    await waitUntilStill(page);
    await clickUntilPressed(dayButtonByText(page, ahead));
    const tops = await timeList(page)
      .getByRole('button')
      .evaluateAll((nodes) =>
        nodes.slice(0, 6).map((n) => Math.round(n.getBoundingClientRect().top)),
      );
    expect(tops.length, 'the day has at least six free times').toBe(6);
    expect(new Set(tops.slice(0, 5)).size, `five a row (${isMobile ? 390 : 1440} px)`).toBe(1);
    expect(tops[5]).toBeGreaterThan(tops[0] ?? 0);
    await expectNoA11yViolations();

    // The server counts words too, and refuses an absurd length with its own message.
    const token = (
      (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string }
    ).csrfToken;
    const response = await page.request.post('/api/user/book-appointment', {
      headers: { 'x-csrf-token': token },
      data: {
        serviceId: car._id,
        slotDate: ahead.key,
        slotTime: '9:00 AM',
        phone: '555-0142',
        pickupAddress: '1 Main Street, Norfolk, MA',
        dropoffAddress: 'Logan Airport, Boston, MA',
        pickupNotes: 'x'.repeat(2001),
      },
    });
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/valid phone number|too long|date and time/);
    const notesOnly = await page.request.post('/api/user/book-appointment', {
      headers: { 'x-csrf-token': token },
      data: {
        serviceId: car._id,
        slotDate: ahead.key,
        slotTime: '9:00 AM',
        phone: '+16175550142',
        pickupAddress: '1 Main Street, Norfolk, MA',
        dropoffAddress: 'Logan Airport, Boston, MA',
        pickupNotes: 'x'.repeat(2001),
      },
    });
    expect(notesOnly.status()).toBe(400);
    expect(((await notesOnly.json()) as { message: string }).message).toBe(NOTES_TOO_LONG_MESSAGE);
  });
});

test.describe('the phone journey', () => {
  /** The bar at the bottom of the car page on a phone: its Book button. */
  const barBook = (page: Page) =>
    page.getByRole('main').getByRole('button', { name: 'Book', exact: true });
  const bar = (page: Page) => page.locator('[data-booking-bar]');

  test('a bar holds the day, time, deposit and Book; times by part of the day; the form first', async ({
    page,
    services,
    isMobile,
    expectNoA11yViolations,
  }) => {
    const account = await registerAccount(page.request, 'phone-journey');
    await logInViaApi(page.request, account);
    const { car } = plainRideCar(services);
    await openCar(page, car);
    // The car as the page was rendered with it (other specs book it in parallel, on any day).
    const rendered = (await fetchServices(page.request)).find((s) => s._id === car._id) ?? car;
    const main = page.getByRole('main');

    // The form comes before the other rates.
    const [form, rates] = await Promise.all(
      [
        main.getByRole('heading', { name: 'Schedule your ride', exact: true }),
        main.getByRole('heading', { name: 'Multi-Hour Rate', exact: true }),
      ].map((heading) => heading.boundingBox()),
    );
    expect(form?.y ?? Infinity).toBeLessThan(rates?.y ?? 0);

    if (!isMobile) {
      // Wide screens keep the selection beside the form: no bar.
      await expect(barBook(page)).toHaveCount(0);
    } else {
      // At the top of the page the bar is there, with the deposit and no time yet.
      await expect(barBook(page)).toBeVisible();
      await expect(bar(page)).toContainText('No time chosen');
      await expect(bar(page)).toContainText(`Deposit ${formatDollars(depositDollars(car.fees))}`);
      await expectNoA11yViolations();
    }

    // A whole day ahead: its times by morning, afternoon and evening, five a row, 44 px targets;
    // one the other specs' rides left more than a row of in each part.
    const ahead = offeredDays(rendered)
      .slice(3)
      .find((day) => {
        const parts = slotsByDayPart(day.slots);
        return parts.length === DAY_PARTS.length && parts.every((part) => part.slots.length > 5);
      });
    if (!ahead) throw new Error('no day ahead with more than five times in each part');
    await clickUntilPressed(dayButtonByText(page, ahead));
    const grid = timeList(page);
    for (const part of ['Morning', 'Afternoon', 'Evening']) {
      const times = grid.getByRole('list', { name: part, exact: true }).getByRole('button');
      const boxes = await times.evaluateAll((nodes) =>
        nodes.map((n) => {
          const box = n.getBoundingClientRect();
          return { top: Math.round(box.top), width: box.width, height: box.height };
        }),
      );
      expect(boxes.length, `${part} has times`).toBeGreaterThan(5);
      expect(new Set(boxes.slice(0, 5).map((box) => box.top)).size, `${part}: five a row`).toBe(1);
      expect(boxes[5]?.top).toBeGreaterThan(boxes[0]?.top ?? 0);
      for (const box of boxes) {
        expect(Math.min(box.width, box.height), `${part}: 44 px targets`).toBeGreaterThanOrEqual(
          44,
        );
      }
    }
    expect(await grid.getByRole('button').count()).toBe(ahead.slots.length);

    // Down from the morning's last row goes on to the afternoon's first, in line.
    const morning = grid.getByRole('list', { name: 'Morning', exact: true }).getByRole('button');
    const afternoon = grid
      .getByRole('list', { name: 'Afternoon', exact: true })
      .getByRole('button');
    const lastMorning = morning.last();
    await lastMorning.focus();
    await page.keyboard.press('ArrowDown');
    const focusedLabel = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await afternoon.allTextContents()).toContain(focusedLabel);
    const [from, to] = await Promise.all(
      [
        lastMorning,
        // Anchored: "2:00 PM" is also the end of "12:00 PM".
        afternoon.filter({
          hasText: new RegExp(`^${focusedLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        }),
      ].map((b) => b.boundingBox()),
    );
    expect(to?.x, 'ArrowDown stays in the column').toBe(from?.x);

    // Choosing a time shows it in the bar.
    const time = afternoon.first();
    const label = ((await time.textContent()) ?? '').trim();
    await time.click();
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    if (!isMobile) return;
    await expect(bar(page)).toContainText(
      `${ahead.weekday} ${ahead.monthShort} ${ahead.day} · ${label}`,
    );

    // The form's own Book on screen: the bar steps aside; away from it, the bar is back.
    await bookButton(page).scrollIntoViewIfNeeded();
    await expect(barBook(page)).toHaveCount(0);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(barBook(page)).toBeVisible();

    // Focus moved by Tab is never hidden under the bar (measured once the page rests and the
    // bar has answered where the form's button is).
    await field(main, 'Service type').focus();
    for (let stop = 0; stop < 8; stop++) {
      await page.keyboard.press('Tab');
      await waitUntilStill(page);
      const overlap = await page.evaluate(async () => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const focused = document.activeElement;
        const barBox = document.querySelector('[data-booking-bar]')?.getBoundingClientRect();
        if (!focused || !barBox || focused.closest('[data-booking-bar]')) return 0;
        return Math.max(0, focused.getBoundingClientRect().bottom - barBox.top);
      });
      expect(overlap, `tab stop ${stop + 1}: focus above the bar`).toBe(0);
    }

    // Book in the bar submits the form: the first check (docs/product.md, "Checks when booking"), marked inline.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(consentBox(page)).not.toBeChecked();
    await barBook(page).click();
    await expect(toast(page, MESSAGES.agreeToTerms)).toBeVisible();
    await expect(consentBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations();
  });
});
