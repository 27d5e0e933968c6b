import { MESSAGES } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { BUSINESS, expect, literal, test } from '../../fixtures.ts';
import { field, registerAccount, submitLogin, toast } from '../account-helpers.ts';
import {
  bookButton,
  bookViaApi,
  carFor,
  chooseDay,
  consentBox,
  dayButton,
  logInViaApi,
  openCar,
  randomFreeSlot,
  spokenDay,
  timeButton,
  timeList,
} from '../booking-helpers.ts';

/*
 * Nothing the customer typed is lost (docs/product.md, "Nothing typed is lost") and errors are shown where the eye is: signing in
 * from a car page and cancelling on the checkout both come back to the form as it was left (a
 * time taken meanwhile dropped, and said), the checks mark every field at fault at once and
 * focus the first, and toasts stay clear of the header's buttons. The tests use the cars of
 * booking.spec.ts's notes tests, which never count slots: the holds made here change nothing
 * there.
 */

// A car page with its form, a sign-in or a checkout and back, axe twice: more than 30 s when busy.
test.describe.configure({ timeout: 90_000 });

const SIGNED_IN_NOTICE = 'You are signed in. Your choices are as you left them.';
const CANCELLED_NOTICE = 'Payment cancelled: nothing was charged. Your details are still here.';

const returnQuestion = (page: Page) =>
  page.getByRole('main').getByRole('group', { name: 'Do you need a return ride?', exact: true });

const notesField = (page: Page, label: string) =>
  page.getByRole('main').getByLabel(new RegExp(`^\\s*${literal(label)}\\b`));

const notice = (page: Page, text: string) =>
  page.getByRole('main').getByRole('status').filter({ hasText: text });

/**
 * The toast is drawn in the site's typeface and lies clear of every control the header shows
 * at this width (its phone, its account or menu button).
 */
async function expectToastClearOfHeader(page: Page, shown: Locator): Promise<void> {
  await expect(shown).toHaveCSS('font-family', /Inter/);
  const header = page.getByRole('banner');
  const controls = header.locator('a:visible, button:visible');
  // What a customer reaches for in the header: the phone and the account (or the menu).
  const phone = header.getByRole('link', { name: new RegExp(literal(BUSINESS.phone)) });
  await expect(phone.filter({ visible: true })).toHaveCount(1);
  const toastBox = await shown.boundingBox();
  expect(toastBox, 'the toast is on screen').not.toBeNull();
  if (!toastBox) return;
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    const apart =
      box.x + box.width <= toastBox.x ||
      toastBox.x + toastBox.width <= box.x ||
      box.y + box.height <= toastBox.y ||
      toastBox.y + toastBox.height <= box.y;
    expect(apart, `the toast covers the header's "${await control.innerText()}"`).toBe(true);
  }
}

test('signing in from a car page comes back to the form as it was left; a time taken meanwhile is dropped and said', async ({
  page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const car = carFor(services, 'notes', testInfo);
  const slot = randomFreeSlot(car);
  const type = car.availableServiceTypes.at(-1) ?? '';
  const main = page.getByRole('main');
  // Registered from a context of its own: this page stays a visitor's until it signs in.
  const account = await registerAccount(request, 'kept-sign-in');

  // A visitor chooses everything a visitor can, then presses Book.
  await openCar(page, car);
  await field(main, 'Service type').selectOption({ label: type });
  await chooseDay(page, slot.day);
  await timeButton(page, slot.time).click();
  await returnQuestion(page).getByRole('radio', { name: 'Yes', exact: true }).check();
  await field(main, 'Return pickup address').fill('Logan International Airport, Boston, MA');
  await field(main, 'Return drop-off address').fill('12 Main Street, Norfolk, MA');
  await notesField(page, 'Return notes').fill('Flight BA 213, terminal E');
  await consentBox(page).check();
  await bookButton(page).click();

  // The product's warning and /login; the toast keeps clear of the header's buttons.
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  const warning = toast(page, MESSAGES.loginToBook);
  await expect(warning).toBeVisible();
  await expectToastClearOfHeader(page, warning);

  // Signing in comes back to the car with every choice as it was.
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(`/appointment/${car._id}`);
  await expect(notice(page, SIGNED_IN_NOTICE)).toBeFocused();
  await expect(field(main, 'Service type')).toHaveValue(type);
  await expect(dayButton(page, slot.day)).toHaveAttribute('aria-pressed', 'true');
  await expect(timeButton(page, slot.time)).toHaveAttribute('aria-pressed', 'true');
  await expect(returnQuestion(page).getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(field(main, 'Return pickup address')).toHaveValue(
    'Logan International Airport, Boston, MA',
  );
  await expect(field(main, 'Return drop-off address')).toHaveValue('12 Main Street, Norfolk, MA');
  await expect(notesField(page, 'Return notes')).toHaveValue('Flight BA 213, terminal E');
  await expect(consentBox(page)).toBeChecked();
  await expectNoA11yViolations();

  // Someone else holds that very time meanwhile: back on the page, it is dropped and said.
  await logInViaApi(request, await registerAccount(request, 'kept-other'));
  await bookViaApi(request, car, slot);
  await page.reload();
  await expect(
    notice(page, `${slot.time} on ${spokenDay(slot.day)} is no longer free.`),
  ).toBeFocused();
  await expect(dayButton(page, slot.day)).toHaveAttribute('aria-pressed', 'true');
  await expect(timeList(page).getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(field(main, 'Service type')).toHaveValue(type);
  await expect(consentBox(page)).toBeChecked();
});

test('the checks mark every field at fault at once and focus the first; cancelling on the checkout comes back filled, nothing charged', async ({
  page,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const car = carFor(services, 'notes', testInfo);
  const slot = randomFreeSlot(car);
  const type = car.availableServiceTypes[0] ?? '';
  const main = page.getByRole('main');
  const account = await registerAccount(page.request, 'kept-cancel');
  await logInViaApi(page.request, account);
  await openCar(page, car);

  // Nothing chosen: the product's first toast (docs/product.md, "Checks when booking") alone, and
  // every field at fault marked at once in its own words, focus on the first.
  const typeField = field(main, 'Service type');
  await bookButton(page).click();
  await expect(toast(page, MESSAGES.agreeToTerms)).toBeVisible();
  await expect(toast(page, MESSAGES.selectServiceType)).toHaveCount(0);
  await expect(consentBox(page)).toBeFocused();
  await expect(consentBox(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(typeField).toHaveAttribute('aria-invalid', 'true');
  await expect(typeField).toHaveAccessibleDescription(MESSAGES.selectServiceType);
  await expect(main.getByText(MESSAGES.selectDateTime, { exact: true })).toBeVisible();
  await expectNoA11yViolations();
  // Changing a field clears its own mark, and only its own.
  await page.keyboard.press('Space');
  await expect(consentBox(page)).toBeChecked();
  await expect(consentBox(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(typeField).toHaveAttribute('aria-invalid', 'true');
  await typeField.selectOption({ label: type });
  await expect(typeField).not.toHaveAttribute('aria-invalid');
  await expect(main.getByText(MESSAGES.selectServiceType, { exact: true })).toHaveCount(0);
  await expect(main.getByText(MESSAGES.selectDateTime, { exact: true })).toBeVisible();

  // The rest of the form, then the checkout, cancelled.
  await chooseDay(page, slot.day);
  await timeButton(page, slot.time).click();
  const trip = {
    Phone: '(781) 555-0142',
    'Pickup address': '12 Main Street, Norfolk, MA',
    'Drop-off address': 'Logan International Airport, Boston, MA',
  };
  for (const [label, value] of Object.entries(trip)) await field(main, label).fill(value);
  await notesField(page, 'Notes for your driver').fill('Two suitcases and a child seat');
  await returnQuestion(page).getByRole('radio', { name: 'No', exact: true }).check();
  await bookButton(page).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/cs_sandbox_[0-9a-f]+$/);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Back on the car, its address clean: nothing charged, said where the form is, and focused.
  await expect(page).toHaveURL(`/appointment/${car._id}`);
  const cancelled = notice(page, CANCELLED_NOTICE);
  await expect(cancelled).toBeFocused();
  await expect(cancelled).toBeInViewport();
  await expect(typeField).toHaveValue(type);
  await expect(dayButton(page, slot.day)).toHaveAttribute('aria-pressed', 'true');
  await expect(timeButton(page, slot.time)).toHaveAttribute('aria-pressed', 'true');
  for (const [label, value] of Object.entries(trip)) {
    await expect(field(main, label)).toHaveValue(value);
  }
  await expect(notesField(page, 'Notes for your driver')).toHaveValue(
    'Two suitcases and a child seat',
  );
  await expect(returnQuestion(page).getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  await expect(consentBox(page)).toBeChecked();
  await expectNoA11yViolations();
});
