import { listBookableDays, SLOTS_PER_ROW, type Service, type SlotDay } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { action, expect, literal, test, waitUntilStill } from '../../fixtures.ts';
import { field, registerAccount } from '../account-helpers.ts';
import {
  bookButton,
  consentBox,
  dayStrip,
  depositText,
  keyboardCar,
  logInViaApi,
  longDate,
  nearFreeSlot,
  openCar,
  spokenDay,
  timeList,
} from '../booking-helpers.ts';

/*
 * The site by keyboard alone: the whole booking journey with Tab, Shift+Tab, Enter, Space,
 * the arrow keys and typing (no clicks, no programmatic focus), a visible focus indicator on
 * every stop, the skip link, and what the day strip and the time grid tell a screen reader.
 */

test.describe.configure({ timeout: 120_000 });

const MAX_TAB_STOPS = 100;

/** Where focus is, for messages: tag, role and a short text. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
  });
}

/**
 * The focused control shows a focus indicator: its own computed outline or box-shadow under
 * :focus-visible, or an outline drawn by a close ancestor (a radio's label card). And nothing
 * lies over it (WCAG 2.4.11): the point at its centre, once the page rests, belongs to the
 * control, to an ancestor of it, or to one of its labels, never to the sticky header.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  await waitUntilStill(page);
  const result = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, focusVisible: false };
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const own = outlined(el) || getComputedStyle(el).boxShadow !== 'none';
    let ancestor = false;
    for (let node = el.parentElement, i = 0; node && i < 3 && !ancestor; i++) {
      ancestor = outlined(node);
      node = node.parentElement;
    }
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const labels = el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : [];
    const covering =
      !top || el.contains(top) || top.contains(el) || labels.some((label) => label.contains(top))
        ? undefined
        : `${top.tagName.toLowerCase()} "${(top.textContent ?? '').trim().slice(0, 40)}"`;
    return { ok: own || ancestor, focusVisible: el.matches(':focus-visible'), covering };
  });
  const where = await describeFocus(page);
  expect(result.focusVisible, `${where} matches :focus-visible`).toBe(true);
  expect(result.ok, `a visible focus indicator on ${where}`).toBe(true);
  expect(result.covering, `nothing lies over ${where}`).toBeUndefined();
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking the focus indicator
 * at every stop on the way.
 */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  await expect(target).toHaveCount(1);
  for (let presses = 0; presses < MAX_TAB_STOPS; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
    // Between pages focus may rest on the body for a moment: only controls are checked.
    if ((await describeFocus(page)) !== 'nothing (body)') await expectFocusVisible(page);
  }
  throw new Error(`Tab never reached ${target}; focus is on ${await describeFocus(page)}`);
}

/** Presses an arrow key until `target` has focus, checking the indicator at every move. */
async function arrowTo(page: Page, target: Locator, key: string, max = 100): Promise<void> {
  for (let presses = 0; presses < max && !(await isFocused(target)); presses++) {
    await page.keyboard.press(key);
    await expectFocusVisible(page);
  }
  await expect(target).toBeFocused();
}

const main = (page: Page) => page.getByRole('main');

const dayButtonNamed = (page: Page, day: SlotDay) =>
  dayStrip(page).getByRole('button', { name: spokenDay(day), exact: true });

// -------------------------------------------------------------------------------------------
test.describe('booking by keyboard alone', () => {
  test('home → model → car → type, contact, day, time, consent → Book → pay → success', async ({
    page,
    request,
    services,
    isMobile,
  }) => {
    // Set-up only: a signed-in customer (the login screen has its own tests).
    const account = await registerAccount(request, 'keyboard');
    await logInViaApi(page.request, account);
    const car = keyboardCar(services);
    const trip = nearFreeSlot(car, isMobile);
    const serviceType = car.availableServiceTypes.at(-1) ?? '';

    // Home: the skip link is the first stop, shows itself, and lands in the main area.
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expectFocusVisible(page);
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, 'the skip link is visible once focused').toBeGreaterThan(20);
    expect(box?.y ?? -1, 'the skip link is on screen').toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(main(page)).toBeFocused();

    // Schedule your pickup jumps to Find By Model; the car's model opens its list.
    await tabTo(page, main(page).getByRole('link', { name: /Schedule your pickup/ }));
    await page.keyboard.press('Enter');
    const findByModel = page.locator('#find-by-model');
    await tabTo(page, findByModel.getByRole('link', { name: car.type, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/services/${car.type}`);

    // The car's card opens its page.
    const card = main(page).getByRole('link', { name: new RegExp(literal(car.name)) });
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/appointment/${car._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(car.name);

    // Service type: the arrow keys move through the closed dropdown's options.
    const type = field(main(page), 'Service type');
    await tabTo(page, type);
    const typeIndex = car.availableServiceTypes.indexOf(serviceType);
    for (let i = 0; i <= typeIndex; i++) await page.keyboard.press('ArrowDown');
    await expect(type).toHaveValue(serviceType);

    // Contact details, typed.
    const phone = field(main(page), 'Phone');
    await tabTo(page, phone);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('6175550142');
    await expect(phone).toHaveValue('(617) 555-0142');
    await tabTo(page, field(main(page), 'Pickup address'));
    await page.keyboard.type('12 Main Street, Norfolk, MA');
    await tabTo(page, field(main(page), 'Drop-off address'));
    await page.keyboard.type('Logan International Airport, Boston, MA');

    // No return ride: the arrow key moves from Yes to No and checks it.
    const returnRide = main(page).getByRole('group', { name: 'Do you need a return ride?' });
    await tabTo(page, returnRide.getByRole('radio', { name: 'Yes', exact: true }));
    await page.keyboard.press('ArrowRight');
    await expect(returnRide.getByRole('radio', { name: 'No', exact: true })).toBeChecked();

    // The strip is one stop, on the chosen day (late in the evening today's last times may not
    // fit this ride, so the chosen day's name may say so): the arrows reach ours, Enter chooses.
    await tabTo(page, dayStrip(page).getByRole('button', { pressed: true }));
    await arrowTo(page, dayButtonNamed(page, trip.day), 'ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dayButtonNamed(page, trip.day)).toHaveAttribute('aria-pressed', 'true');

    // The grid is one stop too: Tab lands on its first time, the arrows reach ours, Space.
    const grid = timeList(page);
    await expect(grid).toHaveAccessibleName(`Choose a time, ${spokenDay(trip.day)}`);
    const time = grid.getByRole('button', { name: trip.time, exact: true });
    await tabTo(page, grid.getByRole('button').first());
    await arrowTo(page, time, 'ArrowRight');
    await page.keyboard.press('Space');
    await expect(time).toHaveAttribute('aria-pressed', 'true');

    // Consent with Space, then Book with Enter.
    await tabTo(page, consentBox(page));
    await page.keyboard.press('Space');
    await expect(consentBox(page)).toBeChecked();
    await tabTo(page, bookButton(page));
    await page.keyboard.press('Enter');

    // The sandbox checkout: the name typed over the default, Pay with Enter.
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/cs_sandbox_[0-9a-f]+$/);
    const name = page.getByLabel('Name on card');
    await tabTo(page, name);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(account.name);
    await tabTo(page, page.getByRole('button', { name: `Pay ${depositText(car)}`, exact: true }));
    await page.keyboard.press('Enter');

    // The paid result, then My Appointments by keyboard.
    await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_[0-9a-f]+$/);
    const result = main(page);
    await expect(
      result.getByRole('heading', { name: 'Payment & Appointment Details', exact: true }),
    ).toBeVisible();
    for (const text of [account.name, depositText(car), longDate(trip.day), trip.time, car.name]) {
      await expect(result.getByText(text, { exact: true }), `shows "${text}"`).toBeVisible();
    }
    await expect(result.getByText('paid', { exact: true })).toBeVisible();
    await tabTo(page, action(result, 'See My Appointments'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/my-appointments');
    const appointment = main(page)
      .getByRole('article')
      .filter({
        has: page.getByRole('heading', { name: car.name, exact: true }),
      });
    await expect(appointment.getByText(longDate(trip.day), { exact: true })).toBeVisible();
    await expect(appointment.getByText(trip.time, { exact: true })).toBeVisible();
  });
});

// -------------------------------------------------------------------------------------------
test.describe('the day strip and the time grid for assistive technology', () => {
  /** A car nobody books: the one appointment.spec.ts inspects (days 1 and 2 stay free). */
  function inspectedCar(services: Service[]): Service {
    const car = services.find(
      (s) => s.specialServicePriceBetweenOneHourFifteen > 0 && s.availableServiceTypes.length > 1,
    );
    if (!car) throw new Error('no car with a 1 h-1 h 15 price and several types');
    return car;
  }

  test('named days and times, their chosen state, the count announced, arrow keys', async ({
    page,
    services,
  }) => {
    const car = inspectedCar(services);
    const days = listBookableDays(new Date(), car.slots_booked);
    const [, second, third] = days as [SlotDay, SlotDay, SlotDay];
    await openCar(page, car);

    // A labelled list of 90 buttons, each named by its whole date, one chosen.
    const strip = dayStrip(page);
    await expect(strip.getByRole('button')).toHaveCount(90);
    for (const day of [second, third]) {
      await expect(dayButtonNamed(page, day)).toBeVisible();
    }
    const full = days.find((day) => day.slots.length === 0);
    if (full) {
      await expect(
        strip.getByRole('button', { name: `${spokenDay(full)}, no times left`, exact: true }),
      ).toHaveCount(1);
    }
    await expect(strip.getByRole('button', { pressed: true })).toHaveCount(1);

    // One tab stop: only one day button takes Tab.
    const tabbable = await strip
      .getByRole('button')
      .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).tabIndex === 0).length);
    expect(tabbable, 'the strip is a single tab stop').toBe(1);

    // Choosing a day by keyboard: pressed, the grid renamed, the count said politely.
    await tabTo(page, strip.getByRole('button', { pressed: true }));
    await arrowTo(page, dayButtonNamed(page, second), 'ArrowRight');
    await page.keyboard.press('Enter');
    await expect(strip.getByRole('button', { name: spokenDay(second), pressed: true })).toHaveCount(
      1,
    );
    await expect(strip.getByRole('button', { pressed: true })).toHaveCount(1);
    const grid = page.getByRole('list', {
      name: `Choose a time, ${spokenDay(second)}`,
      exact: true,
    });
    await expect(grid.getByRole('button')).toHaveCount(second.slots.length);
    await expect(
      main(page)
        .getByRole('status')
        .filter({ hasText: spokenDay(second) }),
    ).toHaveText(`${second.slots.length} times free on ${spokenDay(second)}.`);

    // Tab leaves the strip for the grid; the arrow keys move by one and by a row.
    const times = grid.getByRole('button');
    await page.keyboard.press('Tab');
    await expect(times.first()).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowRight');
    await expect(times.nth(1)).toBeFocused();
    const columns = SLOTS_PER_ROW; // 5 a row at every width (docs/product.md, "Slots")
    await page.keyboard.press('ArrowDown');
    await expect(times.nth(1 + columns), `ArrowDown moves ${columns} times on`).toBeFocused();
    const [above, below] = await Promise.all(
      [times.nth(1), times.nth(1 + columns)].map((b) => b.boundingBox()),
    );
    expect(below?.x, 'ArrowDown stays in the same column').toBe(above?.x);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(grid.getByRole('button', { pressed: true })).toHaveAccessibleName(
      second.slots[1]?.label ?? '',
    );
    // Only one time in the grid takes Tab: the chosen one.
    const tabbableTimes = await times.evaluateAll(
      (buttons) => buttons.filter((b) => (b as HTMLElement).tabIndex === 0).length,
    );
    expect(tabbableTimes, 'the grid is a single tab stop').toBe(1);

    // Shift+Tab goes back to the strip, on the chosen day.
    await page.keyboard.press('Shift+Tab');
    await expect(dayButtonNamed(page, second)).toBeFocused();
    await expectFocusVisible(page);
  });

  test('every tab stop of the home and car pages shows focus, forwards and back', async ({
    page,
    services,
  }) => {
    for (const path of ['/', `/appointment/${inspectedCar(services)._id}`]) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      // Every control there: the car page's booking form is live (enabled) once hydrated.
      await expect(main(page).getByText('Loading...')).toHaveCount(0);
      if (path !== '/') await expect(bookButton(page)).toBeEnabled();
      const footerLast = page.getByRole('contentinfo').getByRole('link').last();
      await tabTo(page, footerLast);
      // Backwards the page scrolls up to each control: the sticky header must not hide it.
      await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), true);
    }
  });
});

test.describe('moving between pages', () => {
  test('a link followed by keyboard puts focus on the new page’s main area', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    // The first load leaves focus to the browser.
    expect(await describeFocus(page)).toBe('nothing (body)');

    const footerAbout = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'About', exact: true });
    await tabTo(page, footerAbout);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect(main(page)).toBeFocused();
    // The site scrolls smoothly: the page reaches the top a moment later.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The next Tab goes on from the new page's content, not back to the header.
    await page.keyboard.press('Tab');
    const afterMain = await page.evaluate(() => {
      const focused = document.activeElement;
      const mainArea = document.querySelector('main');
      return Boolean(
        focused &&
        mainArea &&
        mainArea.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(afterMain, 'the Tab after a page change lands after the start of main').toBe(true);
  });
});
