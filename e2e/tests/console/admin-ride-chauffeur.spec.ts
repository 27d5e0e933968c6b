import type { Service, SlotDay } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { expectToast, field, registerAccount } from '../account-helpers.ts';
import { bookViaApi, logInViaApi, offeredDays } from '../booking-helpers.ts';

/*
 * Who drives a ride (issue 30, Chauffeurs), at 1440 and 390 px with axe on every state: the
 * owner opens a paid ride that nobody drives yet, gives it to themself by keyboard (an owner
 * may drive), sees it on the ride, and takes it back. Each project books a car and a day near
 * the end of the booking window that the other console specs leave alone.
 */

test.describe.configure({ timeout: 120_000 });

/** A two-type car, one per project, after the two the ride-changes spec takes. */
function carFor(services: Service[], mobile: boolean): Service {
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length === 2);
  const car = cars[mobile ? 3 : 2];
  if (!car) throw new Error('the demo data lacks four available two-type cars');
  return car;
}

test('the owner gives a paid ride to a driver and takes it back', async ({
  ownerPage: page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const car = carFor(services, mobile);
  const days = offeredDays(car);
  const day = days[days.length - 4] as SlotDay;
  const [slot] = day.slots;
  if (!slot) throw new Error(`no free time on ${day.key} for ${car.name}`);
  const rider = await registerAccount(request, 'driven-rider');
  await logInViaApi(request, rider);
  const checkout = await bookViaApi(request, car, { day, time: slot.label });
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: rider.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const profile = await page.request.get('/api/user/profile');
  const { user } = (await profile.json()) as { user: { name: string } };

  await page.goto(`/admin/rides?q=${encodeURIComponent(rider.email)}`);
  await page.getByRole('link', { name: `${slot.label} · ${car.name} · ${rider.name}` }).click();
  const detail = page.getByRole('region', { name: `${rider.name}: ${car.name}` });
  await expect(detail.locator('dd', { hasText: 'Nobody yet' })).toBeVisible();
  await expectNoA11yViolations();

  const form = detail.getByRole('form', { name: 'Who drives this ride' });
  const save = form.getByRole('button', { name: 'Save chauffeur' });
  await expect(save).toBeDisabled();
  await field(form, 'Chauffeur').focus();
  await field(form, 'Chauffeur').selectOption({ label: `${user.name} (owner)` });
  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Chauffeur assigned.');
  await expect(detail.locator('dd', { hasText: user.name })).toBeVisible();
  await expect(save).toBeDisabled();
  await expectNoA11yViolations();

  await field(form, 'Chauffeur').selectOption({ label: 'Nobody yet' });
  await save.click();
  await expectToast(page, 'Nobody drives this ride now.');
  await expect(detail.locator('dd', { hasText: 'Nobody yet' })).toBeVisible();
  await expectNoA11yViolations();
});
