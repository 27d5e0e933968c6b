import { formatSlotDateLong, rateKindOf } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { field, logIn, registerAccount } from '../account-helpers.ts';
import {
  bookButton,
  carFor,
  consentBox,
  dayStrip,
  depositText,
  openCar,
  randomFreeSlot,
  spokenDay,
  timeButton,
} from '../booking-helpers.ts';

/*
 * A round trip (docs/product.md, Lengths and the car's time; ADR 018): the return leg's own day
 * and time among the car's free starts, the two deposits stated before Book, one checkout of
 * both, and the return shown with its time after paying. At 1440 and 390 px with axe.
 */
test('a round trip: the return chosen, two deposits stated, paid in one checkout', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  // The car of the checks' test, which books nothing: its times stay as this test finds them.
  const car = carFor(services, 'checks', testInfo);
  const type =
    car.availableServiceTypes.find((candidate) => rateKindOf(candidate) === 'ride') ??
    (car.availableServiceTypes[0] as string);
  const slot = randomFreeSlot(car, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const account = await registerAccount(page.request, 'round-trip');
  await logIn(page, account);
  await openCar(page, car);

  const main = page.getByRole('main');
  await field(main, 'Service type').selectOption({ label: type });
  await dayStrip(page)
    .getByRole('button', { name: spokenDay(slot.day), exact: true })
    .click();
  await timeButton(page, slot.time).click();
  await field(main, 'Phone').fill('6175550142');
  await field(main, 'Pickup address').fill('12 Main Street, Norfolk, MA');
  await field(main, 'Drop-off address').fill('Logan International Airport, Boston, MA');
  await main
    .getByRole('group', { name: 'Do you need a return ride?', exact: true })
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();

  // The return: its own day and time, among the car's free starts after the first ride.
  const returnDay = main.getByLabel('Return day', { exact: true });
  const returnTime = main.getByLabel('Return time', { exact: true });
  await returnDay.selectOption({ index: 1 });
  await returnTime.selectOption({ index: 1 });
  const dayKey = await returnDay.inputValue();
  const time = await returnTime.inputValue();
  const twoDeposits = `$${(2 * (car.fees + 1)).toFixed(0)}`;
  await expect(main).toContainText(`Round trip: two rides, a deposit each, ${twoDeposits} today.`);
  await consentBox(page).check();
  await expectNoA11yViolations();

  await bookButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/cs_sandbox_[0-9a-f]+$/);
  const both = `$${(2 * (car.fees + 1)).toFixed(2)}`;
  const pay = page.getByRole('button', { name: `Pay ${both}`, exact: true });
  await expect(pay).toBeVisible();
  expect(depositText(car)).not.toBe(both);
  await page.getByLabel('Name on card').fill(account.name);
  await pay.click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_sandbox_[0-9a-f]+$/);
  await expect(page.getByRole('main')).toContainText(`${formatSlotDateLong(dayKey)} at ${time}`);
  await expectNoA11yViolations();

  // My Appointments: the first ride and its return, each a paid ride.
  await page.goto('/my-appointments');
  await expect(page.getByRole('main')).toContainText('Return ride of a round trip');
  await expectNoA11yViolations();
});
