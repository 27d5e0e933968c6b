import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';

/*
 * The Numbers area at 1440 and 390 px, with axe: this week's and this month's totals, busiest
 * cars and hours, the rides-by-day chart with its table, opened by keyboard, and the drive
 * times against the estimate, by kind of hour. What the numbers are is the API's tests'
 * business; here, that they are shown and readable.
 */

test.describe.configure({ mode: 'serial', timeout: 60_000 });

async function openNumbers(page: Page) {
  await page.goto('/admin/numbers');
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
}

test('shows this week and this month, each with its chart as a table', async ({
  ownerPage: page,
  request,
  expectNoA11yViolations,
}) => {
  await openNumbers(page);
  // The fixture's request is not the owner's: the numbers are not public.
  expect((await request.get('/api/admin/numbers')).status()).toBe(401);

  for (const [title, days] of [
    ['This week', 7],
    ['This month', null],
  ] as const) {
    const period = page.getByRole('region', { name: new RegExp(`^${title}`) });
    await expect(period.locator('dt')).toHaveText(['Rides', 'Deposits taken', 'Refunds']);
    await expect(period.locator('dd').nth(1)).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(period.getByRole('heading', { level: 3, name: 'Busiest cars' })).toBeVisible();
    await expect(period.getByRole('heading', { level: 3, name: 'Busiest hours' })).toBeVisible();
    const table = period.getByRole('table');
    await expect(table).toBeHidden();
    await period.getByText('Rides by day as a table').focus();
    await page.keyboard.press('Enter');
    await expect(table).toBeVisible();
    const rows = table.getByRole('row');
    if (days) await expect(rows).toHaveCount(days + 1);
    else expect(await rows.count()).toBeGreaterThanOrEqual(29);
  }

  // The drive times: each kind of hour, with what its drives say of the estimate's settings.
  const drives = page.getByRole('region', { name: /^Drive times/ });
  await expect(drives.getByRole('heading', { level: 3 })).toHaveText([
    'Weekday rush hours',
    'Daytime',
    'Night',
  ]);
  for (const band of await drives.getByRole('listitem').all()) {
    await expect(band).toContainText(
      /No measured drives yet\.|Too few drives to suggest a setting\.|TRAVEL_\w+/,
    );
  }
  expect((await request.get('/api/admin/numbers/drive-times')).status()).toBe(401);
  await expectNoA11yViolations();
});
