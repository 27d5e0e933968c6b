import {
  depositDollars,
  listBookableDays,
  mapsSearchHref,
  SAVE_CARD_CONSENT,
  MESSAGES,
  type Service,
  type SlotDay,
} from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import {
  action,
  BUSINESS,
  cardWithHeading,
  dollars,
  expect,
  isMarkedSelected,
  literal,
  sectionWithHeading,
  serviceNamesIn,
  test,
} from '../../fixtures.ts';
import { clickUntilPressed, openCar } from '../booking-helpers.ts';

const RELATED_LIMIT = 5;
const WEEKDAY = /\b(?:SUN|MON|TUE|WED|THU|FRI|SAT)/i;
const TIME_LABEL = /^\s*\d{1,2}:\d{2}\s*(?:AM|PM)\s*$/i;

/** Buttons (or radios, tabs, options) of the main area whose text matches. */
function controls(page: Page, text: RegExp): Locator {
  const main = page.getByRole('main');
  return main
    .getByRole('button')
    .or(main.getByRole('radio'))
    .or(main.getByRole('tab'))
    .or(main.getByRole('option'))
    .filter({ hasText: text });
}

const dayButtons = (page: Page) => controls(page, WEEKDAY);
const slotButtons = (page: Page) => controls(page, TIME_LABEL);

function slotButton(page: Page, label: string): Locator {
  return controls(page, new RegExp(`^\\s*${literal(label)}\\s*$`, 'i'));
}

/** Every day button whose text lacks its weekday, month or date, as `index: text`. */
function dayMismatches(texts: string[], days: SlotDay[]): string[] {
  return days.flatMap((day, i) => {
    const text = (texts[i] ?? '').replace(/\s+/g, ' ');
    const ok =
      new RegExp(`\\b${day.weekday}`, 'i').test(text) &&
      new RegExp(`(?<![a-z])${day.monthShort}`, 'i').test(text) &&
      new RegExp(`(?<!\\d)${day.day}(?!\\d)`).test(text);
    return ok ? [] : [`${i}: "${text}" should show ${day.weekday} ${day.monthShort} ${day.day}`];
  });
}

function withOneHourFifteen(services: Service[]): Service {
  const found = services.find(
    (s) => s.specialServicePriceBetweenOneHourFifteen > 0 && s.availableServiceTypes.length > 1,
  );
  if (!found)
    throw new Error('the demo data has no service with a 1 h-1 h 15 price and several types');
  return found;
}

function withoutOneHourFifteen(services: Service[]): Service {
  const found = services.find(
    (s) => s.specialServicePriceBetweenOneHourFifteen === 0 && s.availableServiceTypes.length === 1,
  );
  if (!found)
    throw new Error('the demo data has no single-type service without a 1 h-1 h 15 price');
  return found;
}

/** Dollar amounts printed in a block. */
async function amountsIn(block: Locator): Promise<number> {
  const text = (await block.textContent()) ?? '';
  return text.match(/\$\s?\d/g)?.length ?? 0;
}

test.describe('booking page for a visitor', () => {
  // A browser 14 hours ahead of UTC: "today" must still be New York's today.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('heading, image, rate cards and deposit for a service with a 1 h-1 h 15 price', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    const service = withOneHourFifteen(services);
    await openCar(page, service);
    const main = page.getByRole('main');

    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(service.serviceLevel);
    await expect(heading).toContainText(service.name);
    await expect(main.locator(`img[src$="${service.image}"]`).first()).toBeVisible();

    const regular = await cardWithHeading(page, 'Regular Rate');
    await expect(regular).toBeVisible();
    await expect(regular).toContainText('Norfolk County, Boston and Providence');
    await expect(regular).toContainText(service.about);
    await expect(regular).toContainText(dollars(service.specialServicePricePerHour));
    await expect(regular).toContainText(dollars(service.specialServicePriceBetweenOneHourFifteen));
    await expect(regular).toContainText(dollars(service.specialServicePriceExtra));
    await expect(regular).toContainText(dollars(service.specialServicePriceFlatRate));
    // Per hour, 1 h to 1 h 15, after 1 h 15, and the night, weekend and holiday flat rate.
    expect(await amountsIn(regular)).toBe(4);

    const multiHour = await cardWithHeading(page, 'Multi-Hour Rate');
    await expect(multiHour).toContainText(/\b3\s*hours?\b/i);
    await expect(multiHour).toContainText(dollars(service.serviceChargePerHour));

    const rental = await cardWithHeading(page, 'Rental Price');
    await expect(rental).toContainText(/day/i);
    await expect(rental).toContainText(/week/i);
    await expect(rental).toContainText(dollars(service.rentalDailyPrice));
    await expect(rental).toContainText(dollars(service.rentalWeeklyPrice));

    // The deposit, fees + 1, and the address linking to a maps search.
    const deposit = dollars(depositDollars(service.fees)).source;
    await expect(main).toContainText(new RegExp(`deposit[\\s\\S]{0,200}?${deposit}`, 'i'));
    const address = main.getByRole('link', { name: new RegExp(literal(service.address)) }).first();
    await expect(address).toBeVisible();
    await expect(address).toHaveAttribute('href', mapsSearchHref(service.address));
    // The consent to the balance's charge, under the Book button and read with it.
    await expect(main.getByText(SAVE_CARD_CONSENT, { exact: true })).toBeVisible();
    await expect(
      main.getByRole('button', { name: 'Book an Appointment', exact: true }),
    ).toHaveAccessibleDescription(SAVE_CARD_CONSENT);

    // Beyond the product's contract (docs/product.md, "The car page"): what the car carries (catalogue fields), and the cancellation and
    // late-arrival section, consistent with the non-refundable deposit.
    const capacity = new RegExp(`^${service.seats} seats?\\W+${service.bags} bags?$`);
    await expect(main.locator('span', { hasText: capacity }).first()).toBeVisible();
    const policy = main.getByRole('region', { name: 'Cancellation and late arrivals' });
    await expect(policy).toContainText(/hours before pickup/);
    await expect(policy).toContainText(/deposit is non-refundable/i);
    await expect(policy).toContainText(/late for your pickup/);
    await expect(policy).toContainText(BUSINESS.licence);
    await expect(policy.getByRole('link', { name: BUSINESS.phone })).toBeVisible();

    await expectNoA11yViolations();
  });

  test('hides the 1 h-1 h 15 price when it is 0 and the type dropdown for a single type', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    const service = withoutOneHourFifteen(services);
    await openCar(page, service);
    const main = page.getByRole('main');

    const regular = await cardWithHeading(page, 'Regular Rate');
    await expect(regular).toContainText(dollars(service.specialServicePricePerHour));
    await expect(regular).toContainText(dollars(service.specialServicePriceExtra));
    await expect(regular).toContainText(dollars(service.specialServicePriceFlatRate));
    await expect(regular).not.toContainText(/\$\s?0(?![\d,])/);
    expect(await amountsIn(regular)).toBe(3);

    await expect(main.getByRole('checkbox')).toHaveCount(1);
    await expect(main.getByRole('combobox')).toHaveCount(0);
    await expect(main.getByText('-- Choose --', { exact: true })).toHaveCount(0);
    await expectNoA11yViolations();
  });

  test('policy consent and the service-type dropdown', async ({ page, services }) => {
    const service = withOneHourFifteen(services);
    await openCar(page, service);
    const main = page.getByRole('main');

    await expect(main).toContainText(/non-refundable/i);
    const consent = main.getByRole('checkbox');
    await expect(consent).toHaveCount(1);
    await expect(consent).not.toBeChecked();
    expect(
      await consent.evaluate(
        (el) => (el as HTMLInputElement).required || el.getAttribute('aria-required') === 'true',
      ),
      'the consent checkbox is marked required',
    ).toBe(true);
    await consent.check();
    await expect(consent).toBeChecked();

    const types = main.getByRole('combobox');
    await expect(types).toHaveCount(1);
    const options = (await types.getByRole('option').allTextContents()).map((t) => t.trim());
    expect(options).toEqual(['-- Choose --', ...service.availableServiceTypes]);
  });

  test('day strip of 90 days from today in New York, with the slots of the chosen day', async ({
    page,
    services,
    isMobile,
  }) => {
    const service = withOneHourFifteen(services);
    const days = listBookableDays(new Date(), service.slots_booked);
    await openCar(page, service);

    const strip = dayButtons(page);
    await expect(strip).toHaveCount(days.length);
    expect(dayMismatches(await strip.allTextContents(), days)).toEqual([]);

    // Tomorrow and the day after: whole days, unaffected by the clock turning while testing.
    const [, second, third] = days as [SlotDay, SlotDay, SlotDay];
    await clickUntilPressed(strip.nth(1));
    await expect
      .poll(() => isMarkedSelected(strip.nth(1)), { message: 'the chosen day is marked selected' })
      .toBe(true);
    const labels = async () =>
      (await slotButtons(page).allTextContents()).map((t) => t.trim().toUpperCase());
    await expect.poll(labels).toEqual(second.slots.map((s) => s.label));

    if (!isMobile) {
      // Rows of 5 on a wide screen.
      const tops = await slotButtons(page).evaluateAll((nodes) =>
        nodes.slice(0, 6).map((n) => Math.round(n.getBoundingClientRect().top)),
      );
      expect(new Set(tops.slice(0, 5)).size, 'the first five slots share a row').toBe(1);
      expect(tops[5], 'the sixth slot starts a new row').toBeGreaterThan(tops[0] ?? 0);
    }

    const chosen = '9:00 AM';
    await slotButton(page, chosen).click();
    await expect.poll(() => isMarkedSelected(slotButton(page, chosen))).toBe(true);

    await clickUntilPressed(strip.nth(2));
    await expect.poll(labels).toEqual(third.slots.map((s) => s.label));
    await expect.poll(() => isMarkedSelected(strip.nth(2))).toBe(true);
    await expect.poll(() => isMarkedSelected(strip.nth(1))).toBe(false);
    await expect
      .poll(() => isMarkedSelected(slotButton(page, chosen)), {
        message: 'the chosen time stays selected on another day',
      })
      .toBe(true);
  });

  test('related services: same model, not this one, fees as is', async ({ page, services }) => {
    const service = withOneHourFifteen(services);
    const related = services
      .filter((s) => s.type === service.type && s._id !== service._id)
      .slice(0, RELATED_LIMIT);
    await openCar(page, service);

    const block = sectionWithHeading(page, /related/i);
    await expect(block).toBeVisible();
    await expect(block.getByText(related[0]?.name ?? '', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await serviceNamesIn(block, services)).toSorted())
      .toEqual(related.map((s) => s.name).toSorted());
    for (const other of related) {
      const item = block
        .getByRole('link')
        .filter({ has: page.getByText(other.name, { exact: true }) });
      await expect(item, `related ${other.name}`).toContainText(dollars(other.fees));
    }
  });

  test('Book an Appointment warns the visitor and opens /login', async ({ page, services }) => {
    const service = withOneHourFifteen(services);
    await openCar(page, service);
    await action(page.getByRole('main'), 'Book an Appointment').click();
    await expect(page.getByText(MESSAGES.loginToBook, { exact: true })).toBeVisible();
    // The page may add where to come back to (?next=...): the route is /login.
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});
