import sharp from 'sharp';
import { expect, test } from '../../fixtures.ts';
import { field } from '../account-helpers.ts';

/*
 * The console's Fleet area, at 1440 and 390 px, by keyboard where it matters, with axe on each
 * state: a car added with a photo through a form in the car page's sections and words (on the
 * site at once, with its srcset), changed (each save said in a status message), taken off the
 * road and put back with the switch and its confirmation, retired (gone from the site). The
 * worker's owner (`ownerPage`).
 */

test.describe.configure({ timeout: 120_000 });

test('the owner adds a car with a photo, changes it and retires it', async ({
  ownerPage: page,
  expectNoA11yViolations,
}, testInfo) => {
  const carName = `Kia EV9 ${testInfo.project.name}`;
  const main = page.getByRole('main');
  /** The list's status message says what was just done. */
  const expectSaid = (text: string) =>
    expect(main.getByRole('status').filter({ hasText: text })).toHaveText(text);
  /**
   * On a phone the list's cards scroll under the sticky header, where axe finds a card's
   * buttons too small to tap (target-size): each state is checked from the page's top.
   */
  const checkPage = async () => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expectNoA11yViolations();
  };

  await page.goto('/admin/fleet');

  await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Tesla Model S' })).toBeVisible();
  await checkPage();

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
  await checkPage();

  await name.fill(carName);
  await field(main, 'Service level').fill('Family');
  await main.getByRole('combobox', { name: 'Make' }).selectOption('Kia');
  await field(main, 'Address').fill('40 Main Street, Norfolk, MA 02056');
  await field(main, 'About').fill('A quiet electric SUV with three rows of seats.');
  await main.getByRole('checkbox', { name: 'Airport Transfer' }).check();
  await main.getByRole('checkbox', { name: 'Long-Distance Ride' }).check();
  // The rates in the car page's own sections and words.
  const rates = [
    ['Deposit', 'Booking fee', '55'],
    ['Regular rate', 'Price per hour', '100'],
    ['Regular rate', '1 hour to 1 hour 15 minutes', '120'],
    ['Regular rate', 'After 1 hour 15 minutes', '30'],
    ['Regular rate', 'Night, weekend and holiday flat rate', '160'],
    ['Multi-hour rate', 'Price per hour', '110'],
    ['Rental price', 'Per day', '170'],
    ['Rental price', 'Per week', '990'],
  ] as const;
  for (const [section, label, value] of rates) {
    await field(main.getByRole('group', { name: section }), label).fill(value);
  }
  await expect(main.getByRole('group', { name: 'Deposit' })).toContainText(
    'Customers pay $56 to book: the fee plus $1',
  );
  // The rate rules are advice as the owner types: $30 an extra hour under a $110 charter hour.
  const advice = main.getByRole('heading', { name: 'Check these rates' });
  await expect(advice).toBeVisible();
  await expect(
    main.getByRole('listitem').filter({ hasText: 'Each extra hour costs less' }),
  ).toHaveText(
    'Each extra hour costs less than the multi-hour rate: a long ride would cost less per hour than an hourly charter.',
  );
  await checkPage();
  await field(main.getByRole('group', { name: 'Regular rate' }), 'After 1 hour 15 minutes').fill(
    '110',
  );
  await expect(advice).toHaveCount(0);
  const photo = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 30, g: 90, b: 170 } },
  })
    .jpeg()
    .toBuffer();
  await main
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ev9.jpg', mimeType: 'image/jpeg', buffer: photo });
  await main.getByRole('button', { name: 'Add the car' }).click();
  // Saved, and said so in the list's status message.
  await expectSaid(`${carName} is added to the site. The photo of ${carName} is on the site.`);
  const card = main.getByRole('article', { name: carName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('srcset', /\/uploads\/[0-9a-f]{32}-320 320w/);
  await checkPage();

  // The site shows it at once, with its photo's srcset.
  const site = await page.context().newPage();
  await site.goto('/services');
  const siteImage = site.getByRole('img', { name: `${carName}, Kia` });
  await expect(siteImage).toHaveAttribute('srcset', /\/uploads\/[0-9a-f]{32}-1280 1280w/);
  const carUrl = await site.getByRole('link', { name: new RegExp(carName) }).getAttribute('href');

  // Change it.
  await card.getByRole('button', { name: `Change ${carName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Change ${carName}` })).toBeVisible();
  await field(main, 'Booking fee').fill('-5');
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expect(field(main, 'Booking fee')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Booking fee cannot be negative.')).toBeVisible();
  await checkPage();
  await field(main, 'Booking fee').fill('60');
  // Its plate, told to customers, and who drives it unless the owner chooses another.
  const chauffeur = main.getByRole('group', { name: 'Its chauffeur' });
  await field(chauffeur, 'Plate').fill('ev9 1a');
  const driver = field(chauffeur, 'Default chauffeur');
  await expect(driver.getByRole('option', { name: /\(owner\)$/ }).first()).toBeAttached();
  await driver.selectOption({ index: 1 });
  await main.getByRole('button', { name: 'Save changes' }).click();
  await expectSaid(`${carName} is saved.`);
  await card.getByRole('button', { name: `Change ${carName}` }).click();
  await expect(field(chauffeur, 'Plate')).toHaveValue('EV9 1A');
  await expect(driver).not.toHaveValue('');
  await checkPage();
  await main.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Deposit $61');

  // Off the road and back, as one switch, asked once more: the dialog says what happens to
  // its rides (kept, not cancelled; this new car has none).
  const onTheRoad = card.getByRole('switch', { name: `Available for booking: ${carName}` });
  await expect(onTheRoad).toHaveAttribute('aria-checked', 'true');
  await onTheRoad.click();
  const dialog = page.getByRole('dialog', { name: `Take ${carName} off the road?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Customers will no longer be able to book it');
  await expect(dialog).toContainText('It has no upcoming rides.');
  await checkPage();
  // Keep it: nothing changes, focus back on the switch.
  await dialog.getByRole('button', { name: 'Keep it available' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(onTheRoad).toBeFocused();
  await expect(onTheRoad).toHaveAttribute('aria-checked', 'true');
  await onTheRoad.click();
  await dialog.getByRole('button', { name: 'Take it off the road' }).click();
  await expectSaid(`${carName} is off the road: customers cannot book it.`);
  await expect(onTheRoad).toHaveAttribute('aria-checked', 'false');
  await expect(card).toContainText('Off the road: customers cannot book it');
  await site.goto(carUrl as string);
  await expect(site.getByText('Not Available').first()).toBeVisible();
  await onTheRoad.click();
  const back = page.getByRole('dialog', { name: `Put ${carName} back on the road?` });
  await back.getByRole('button', { name: 'Put it back on the road' }).click();
  await expectSaid(`${carName} is on the road: customers can book it.`);
  await expect(onTheRoad).toHaveAttribute('aria-checked', 'true');
  await checkPage();

  // Retire it: asked once more, then gone from the site, kept here.
  await card.getByRole('button', { name: `Retire ${carName}` }).click();
  await checkPage();
  await card.getByRole('button', { name: `Retire ${carName}` }).click();
  await expectSaid(`${carName} is retired: it is no longer on the site.`);
  await expect(card).toContainText('Retired');
  await checkPage();
  const gone = await site.goto(carUrl as string);
  expect(gone?.status()).toBe(404);
  await site.goto('/services');
  await expect(site.getByRole('img', { name: `${carName}, Kia` })).toHaveCount(0);
});
