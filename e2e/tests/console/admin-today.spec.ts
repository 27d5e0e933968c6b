import { bookingReference } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { field } from '../account-helpers.ts';
import {
  consoleMenuButton,
  consoleNav,
  openConsoleNav,
  pressUntilFocused,
  seededRides,
} from '../admin-helpers.ts';

/*
 * The console as the owner's phone tool, at 390 and 1440 px with axe: it opens on today, the
 * day's first pickup on the first screen with no scrolling and no site footer; the console's
 * sections are reached by keyboard (a Menu disclosure on a phone, tabs on a wide screen); the
 * board's filters fold away on a phone; and a ride of last month is found by its booking
 * reference. The runner wrote the two rides the booking API cannot (playwright.config.ts): a paid
 * ride at midnight today, its pickup passed, and a completed one a month ago.
 */

test.describe.configure({ timeout: 60_000 });

test('the owner opens on today, reaches the sections by keyboard and finds last month’s ride', async ({
  ownerPage: page,
  expectNoA11yViolations,
}, testInfo) => {
  const seeded = seededRides();
  const mobile = testInfo.project.name === 'mobile';

  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // The day's rides by pickup time: midnight's comes first, on the first screen.
  const rides = page.getByRole('list', { name: /^The rides of / });
  const first = rides.getByRole('listitem').first();
  await expect(first).toContainText(seeded.today.slotTime);
  await expect(first).toContainText(seeded.today.customerName);
  await expect(first).toContainText(seeded.today.carName);
  await expect(first).toContainText('Paid');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await first.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

  // The summary line, and what needs the owner: midnight's ride, past pickup, is not marked.
  await expect(page.getByText(/^\d+ rides? today, the first at 12:00 AM\.$/)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Needs you' }).getByRole('link', { name: /past pickup/ }),
  ).toBeVisible();
  // The console's own frame: its header, no marketing footer.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expectNoA11yViolations();

  // The ride opens from its row.
  await first.getByRole('link').click();
  await expect(page).toHaveURL(`/admin/rides?ride=${seeded.today.id}`);
  await expect(
    page.getByRole('region', { name: `${seeded.today.customerName}: ${seeded.today.carName}` }),
  ).toBeVisible();

  // The sections by keyboard: on a phone, Tab to Menu, Enter opens it, Escape closes it.
  await page.goto('/admin/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const ridesLink = consoleNav(page).locator('a', { hasText: 'Rides' });
  if (mobile) {
    const menu = consoleMenuButton(page);
    await expect(consoleNav(page)).toBeHidden();
    await pressUntilFocused(page, 'Tab', menu);
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(consoleNav(page)).toBeVisible();
    await expectNoA11yViolations();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'Tab', ridesLink);
  } else {
    await expect(consoleMenuButton(page)).toBeHidden();
    await pressUntilFocused(page, 'Tab', ridesLink);
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Rides' })).toBeVisible();
  await expect(page.locator('#main')).toBeFocused();

  // The board's filters fold away on a phone, open on a wide screen.
  const filtersButton = page.getByRole('button', { name: 'Filters' });
  const filters = page.getByRole('search', { name: 'Filter the rides' });
  if (mobile) {
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
    await expect(filters).toBeHidden();
    await filtersButton.click();
  }
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
  await expect(filters).toBeVisible();
  await expectNoA11yViolations();

  // Last month's ride by its booking reference, from Today's search: every day is searched.
  await (await openConsoleNav(page, testInfo)).getByRole('link', { name: 'Today' }).click();
  const reference = bookingReference(seeded.lastMonth.id);
  const find = page.getByRole('search', { name: 'Find a ride' });
  await field(find, 'Find a ride on any day').fill(reference);
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(`/admin/rides?q=${reference}`);
  const found = page.getByRole('link', {
    name: `${seeded.lastMonth.slotTime} · ${seeded.lastMonth.carName} · ${seeded.lastMonth.customerName}`,
  });
  await expect(found).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Rides' }).getByRole('article').filter({ has: found }),
  ).toContainText('Completed');
  await expectNoA11yViolations();
  await found.click();
  await expect(
    page.getByRole('region', {
      name: `${seeded.lastMonth.customerName}: ${seeded.lastMonth.carName}`,
    }),
  ).toBeVisible();
});
