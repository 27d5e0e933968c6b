import sharp from 'sharp';
import { expect, test } from '../fixtures.ts';
import { expectToast, field } from './account-helpers.ts';

/*
 * The console's Fleet area, at 1440 and 390 px, by keyboard where it matters, with axe on each
 * state: a car added with a photo (on the site at once, with its srcset), changed, retired (gone
 * from the site). The worker's owner (`ownerPage`).
 */

test.describe.configure({ timeout: 120_000 });

test('the owner adds a car with a photo, changes it and retires it', async ({
  ownerPage: page,
  expectNoA11yViolations,
}, testInfo) => {
  const carName = `Kia EV9 ${testInfo.project.name}`;
  const main = page.getByRole('main');

  await page.goto('/admin/fleet');

  await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Tesla Model S' })).toBeVisible();
  await expectNoA11yViolations();

  // Add: a form checked field by field, by keyboard.
  await main.getByRole('button', { name: 'Add a car' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a car' })).toBeVisible();
  await main.getByRole('button', { name: 'Add the car' }).click();
  const name = field(main, 'Name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(main.getByText("Enter the car's name.")).toBeVisible();
  await expect(main.getByText('Choose at least one service type.')).toBeVisible();
  await expectNoA11yViolations();

  await name.fill(carName);
  await field(main, 'Service level').fill('Family');
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Kia');
  await field(main, 'Address').fill('40 Main Street, Norfolk, MA 02056');
  await field(main, 'About').fill('A quiet electric SUV with three rows of seats.');
  await main.getByRole('checkbox', { name: 'Airport Transfer' }).check();
  await main.getByRole('checkbox', { name: 'Long-Distance Ride' }).check();
  const rates = [
    ['Fees', '55'],
    ['Special service, per hour', '100'],
    ['Special service, 1 to 1¼ hours', '120'],
    ['Special service, extra', '30'],
    ['Special service, flat rate', '160'],
    ['Service charge per hour', '110'],
    ['Rental, per day', '170'],
    ['Rental, per week', '990'],
  ] as const;
  for (const [label, value] of rates) await field(main, label).fill(value);
  const photo = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 90, b: 170 } },
  })
    .jpeg()
    .toBuffer();
  await main
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ev9.jpg', mimeType: 'image/jpeg', buffer: photo });
  await main.getByRole('button', { name: 'Add the car' }).click();
  await expectToast(
    page,
    `${carName} is added to the site. The photo of ${carName} is on the site.`,
  );
  const card = main.getByRole('article', { name: carName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('srcset', /\/uploads\/[0-9a-f]{32}-320 320w/);
  await expectNoA11yViolations();

  // The site shows it at once, with its photo's srcset.
  const site = await page.context().newPage();
  await site.goto('/services');
  const siteImage = site.getByRole('img', { name: `${carName}, Kia` });
  await expect(siteImage).toHaveAttribute('srcset', /\/uploads\/[0-9a-f]{32}-1280 1280w/);
  const carUrl = await site.getByRole('link', { name: new RegExp(carName) }).getAttribute('href');

  // Change it.
  await card.getByRole('button', { name: `Change ${carName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Change ${carName}` })).toBeVisible();
  await field(main, 'Fees').fill('-5');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(field(main, 'Fees')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Fees cannot be negative.')).toBeVisible();
  await expectNoA11yViolations();
  await field(main, 'Fees').fill('60');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, `${carName} is saved.`);
  await expect(card).toContainText('Fees $60');

  // Retire it: asked once more, then gone from the site, kept here.
  await card.getByRole('button', { name: `Retire ${carName}` }).click();
  await expectNoA11yViolations();
  await card.getByRole('button', { name: `Retire ${carName}` }).click();
  await expectToast(page, `${carName} is retired: it is no longer on the site.`);
  await expect(card).toContainText('Retired');
  await expectNoA11yViolations();
  const gone = await site.goto(carUrl as string);
  expect(gone?.status()).toBe(404);
  await site.goto('/services');
  await expect(site.getByRole('img', { name: `${carName}, Kia` })).toHaveCount(0);
});
