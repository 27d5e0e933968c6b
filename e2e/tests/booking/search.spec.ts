import { formatSlotSpoken, slotStartsAt, type Service } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { registerAccount } from '../account-helpers.ts';
import { bookViaApi, logInViaApi, randomFreeSlot, timeList } from '../booking-helpers.ts';

// Every choice on the car page asks the server for a quote: more round trips than a fixed grid.
test.describe.configure({ timeout: 90_000 });

/*
 * Search by time (docs/product.md, Search by time): the "When?" form on the home page, the
 * results on /services in the URL, a booked car's nearest free starts, and the car page opened on
 * the one chosen. At 1440 and 390 px with axe on every state; the form is sent by keyboard.
 */

const SUBURBAN = 'Chevrolet Suburban';

test('a search by time lists the free cars and a booked car’s nearest starts, then opens the car on one', async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const suburban = services.find((service) => service.name === SUBURBAN) as Service;
  const slot = randomFreeSlot(suburban, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const start = slotStartsAt(slot.day.key, slot.time) as Date;
  // Someone holds the Suburban for a 3-hour charter at that time.
  await logInViaApi(request, await registerAccount(request, 'search-other'));
  await bookViaApi(request, suburban, slot, undefined, {
    type: 'Hourly Chauffeur',
    lengthMinutes: 180,
  });

  await page.goto('/');
  const form = page.getByRole('search', { name: 'When?' });
  await form.getByLabel('Date').selectOption(slot.day.key);
  await form.getByLabel('Time').selectOption(slot.time);
  await form.getByLabel('For').selectOption('2h');
  await form.getByLabel('Passengers').fill('0');
  await form.getByLabel('Large bags').fill('5');
  await form.getByLabel('Large bags').press('Enter');
  // A party of none is refused where it was typed.
  await expect(form.getByLabel('Passengers')).toBeFocused();
  await expect(form.getByLabel('Passengers')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Passengers must be a whole number from 1 to 60.');
  await expectNoA11yViolations();

  await form.getByLabel('Passengers').fill('7');
  await form.getByLabel('Passengers').press('Enter');
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/services' &&
      url.searchParams.get('date') === slot.day.key &&
      url.searchParams.get('time') === slot.time &&
      url.searchParams.get('length') === '2h' &&
      url.searchParams.get('passengers') === '7' &&
      url.searchParams.get('bags') === '5',
  );
  const results = page.getByRole('region', {
    name: `Cars free on ${formatSlotSpoken(slot.day.key, slot.time)}`,
  });
  await expect(results).toBeVisible();
  await expect(results.getByText('Loading...')).toHaveCount(0);
  // The form on /services says the search as the URL has it.
  const again = page.getByRole('search', { name: 'When?' });
  await expect(again.getByLabel('Time')).toHaveValue(slot.time);
  await expect(again.getByLabel('Passengers')).toHaveValue('7');
  await expectNoA11yViolations();

  // Busy then: the Suburban, with its nearest free start after the charter and its turnaround.
  const busy = results.getByRole('listitem').filter({ hasText: SUBURBAN });
  await expect(busy).toHaveCount(1);
  const links = busy.getByRole('link');
  await expect(links.first()).toBeVisible();
  const after = links.last();
  const href = new URL((await after.getAttribute('href')) ?? '', 'http://site');
  const afterStart = slotStartsAt(
    href.searchParams.get('date') ?? '',
    href.searchParams.get('time') ?? '',
  ) as Date;
  expect(afterStart.getTime()).toBeGreaterThanOrEqual(start.getTime() + (180 + 30) * 60_000);
  // The free cars fit the party: none of them is the Suburban.
  await expect(results.getByRole('link', { name: SUBURBAN, exact: true })).toHaveCount(0);

  // The car page opens on that day, time and length.
  await after.click();
  await expect(page).toHaveURL((url) => url.pathname === `/appointment/${suburban._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SUBURBAN);
  await expect(
    timeList(page).getByRole('button', { name: href.searchParams.get('time') ?? '', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoA11yViolations();
  // The length is the search's, for whichever kind the customer then chooses.
  await page
    .getByRole('main')
    .getByRole('combobox', { name: 'Service type' })
    .selectOption('Airport Transfer');
  await expect(
    page.getByRole('main').getByRole('radio', { name: '2 hours', exact: true }),
  ).toBeChecked();

  // Back returns to the search.
  await page.goBack();
  await expect(results).toBeVisible();
});
