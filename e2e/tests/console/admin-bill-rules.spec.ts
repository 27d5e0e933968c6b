import { expect, test } from '../../fixtures.ts';
import { expectToast } from '../account-helpers.ts';
import { pressUntilFocused } from '../admin-helpers.ts';

/*
 * The owner's rules for bills after the ride (issue 31), under Numbers, at 1440 and 390 px with
 * axe, by keyboard alone: a default tip out of bounds gets the schema's message and the focus;
 * a new time to choose a tip is saved, and the form stays where it is; a refused save says why.
 * The rules are the whole business's: the test puts back what it found (the bill spec counts on
 * no default tip).
 */

test.describe.configure({ timeout: 60_000 });

test('the owner sets the rules for bills by keyboard', async ({
  ownerPage: page,
  expectNoA11yViolations,
}) => {
  const found = (await (await page.request.get('/api/admin/bill-rules')).json()) as {
    tipWindowHours: number;
  };
  await page.goto('/admin/numbers');
  const rules = page.getByRole('region', { name: 'Bills after the ride' });
  const tip = rules.getByLabel('Default tip (%)');
  const window = rules.getByLabel('Time to choose a tip (hours)');
  const save = rules.getByRole('button', { name: 'Save the rules' });
  await expect(window).toHaveValue(String(found.tipWindowHours));
  await expectNoA11yViolations();

  // Out of bounds: the schema's message, the focus on the field.
  await pressUntilFocused(page, 'Tab', tip, 80);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('60');
  await pressUntilFocused(page, 'Tab', save);
  await page.keyboard.press('Enter');
  await expect(
    rules.getByText('The default tip must be a whole number from 0 to 50.'),
  ).toBeVisible();
  await expect(tip).toBeFocused();
  await expect(tip).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations();

  // Back to none, and a longer time to choose: saved, the form kept with the focus in it.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('0');
  const longer = found.tipWindowHours === 48 ? 72 : 48;
  await pressUntilFocused(page, 'Tab', window);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(longer));
  await pressUntilFocused(page, 'Tab', save);
  await page.keyboard.press('Enter');
  await expectToast(page, 'The rules for bills are saved.');
  await expect(rules.getByText('Saved from this page.')).toBeVisible();
  await expect(save).toBeFocused();
  await expect(window).toHaveValue(String(longer));
  await page.reload();
  await expect(rules.getByLabel('Time to choose a tip (hours)')).toHaveValue(String(longer));
  await expectNoA11yViolations();

  // A save the server refuses says why, in the form, and saves nothing.
  const refusal = 'Another owner is saving the rules; try again in a moment.';
  await page.route('**/api/admin/bill-rules', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { success: false, message: refusal } })
      : route.fallback(),
  );
  await rules.getByLabel('Time to choose a tip (hours)').fill(String(found.tipWindowHours));
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(rules.getByRole('alert')).toHaveText(refusal);
  await expectNoA11yViolations();
  await page.unroute('**/api/admin/bill-rules');

  // What it found, put back: the refusal goes with the next try.
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expectToast(page, 'The rules for bills are saved.');
  await expect(rules.getByRole('alert')).toHaveCount(0);
});
