import type { Service, SlotDay } from '@app/shared';
import { expect, test } from '../../fixtures.ts';
import { expectToast, field, registerAccount } from '../account-helpers.ts';
import { bookViaApi, logInViaApi, offeredDays } from '../booking-helpers.ts';

/*
 * The owner changes a customer's ride from the console (docs/product.md, The console), at 1440
 * and 390 px with axe on every state: the ride found by its customer's email, moved to a later
 * time with the reason the form asks for; the text telling the customer fails (the booking's
 * phone is the number the texts' sandbox refuses, as Twilio's test credentials do), shows on the
 * ride in words, and after the phone is corrected is sent again. Each project uses a car and a
 * day near the end of the booking window of its own, which the other specs leave alone.
 */

/** The number the sandbox refuses (apps/api: SANDBOX_INVALID_NUMBER), as the booking form takes it. */
const REFUSED_PHONE = '500-555-0001';

test.describe.configure({ timeout: 120_000 });

/** A two-type car no other console spec books, one per project. */
function carFor(services: Service[], mobile: boolean): Service {
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length === 2);
  const car = cars[mobile ? 1 : 0];
  if (!car) throw new Error('the demo data lacks available two-type cars');
  return car;
}

test('the owner moves a customer’s ride, corrects its phone and sends the failed text again', async ({
  ownerPage: page,
  request,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const car = carFor(services, mobile);
  const days = offeredDays(car);
  const day = days[days.length - (mobile ? 2 : 3)] as SlotDay;
  const [first, , , , , , , , later] = day.slots;
  if (!first || !later) throw new Error(`no free morning on ${day.key} for ${car.name}`);
  const rider = await registerAccount(request, 'moved-rider');
  await logInViaApi(request, rider);
  const checkout = await bookViaApi(request, car, { day, time: first.label }, REFUSED_PHONE);
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: rider.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  // Found by the customer's email, on any day, and opened.
  await page.goto(`/admin/rides?q=${encodeURIComponent(rider.email)}`);
  await page.getByRole('link', { name: `${first.label} · ${car.name} · ${rider.name}` }).click();
  const detail = page.getByRole('region', { name: `${rider.name}: ${car.name}` });
  await expect(detail).toBeVisible();

  // Move: the reason is asked for first, then the ride moves and the customer is told.
  await detail.getByRole('button', { name: 'Move the ride...' }).click();
  const move = detail.getByRole('form', { name: 'Move the ride' });
  await field(move, 'Time').selectOption(later.label);
  await move.getByRole('button', { name: 'Move the ride' }).click();
  const reason = move.getByRole('textbox', { name: /Reason, told to the customer/ });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(move.getByText('Please give the customer a reason for the change.')).toBeVisible();
  await expectNoA11yViolations();
  await reason.fill('Your driver is needed elsewhere at first light.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Ride moved. The customer is told.');
  await expect(detail).toContainText(`, ${later.label} (New York)`);
  await expectNoA11yViolations();

  // The text saying so fails for good (the test server tries twice, a second apart).
  const rideId = new URL(page.url()).searchParams.get('ride');
  const failedText = async () => {
    const response = await page.request.get('/api/admin/messages');
    const { messages } = (await response.json()) as {
      messages: { appointmentId: string | null; channel: string; template: string }[];
    };
    return messages.find((m) => m.appointmentId === rideId && m.channel === 'sms')?.template;
  };
  await expect.poll(failedText, { timeout: 30_000 }).toBe('rescheduled');
  await page.reload();
  const notSent = detail.getByRole('region', { name: 'Messages not sent' });
  await expect(notSent).toContainText(
    'The “Ride moved” text was not sent: Not a valid mobile number: check the number with the customer.',
  );
  await expectNoA11yViolations();

  // Correct the phone number the customer called with.
  await detail.getByRole('button', { name: 'Correct details...' }).click();
  const correct = detail.getByRole('form', { name: 'Correct the details' });
  await field(correct, 'Phone').fill('617-555-0177');
  await correct
    .getByRole('textbox', { name: /Reason, told to the customer/ })
    .fill('You called us with a new number.');
  await expectNoA11yViolations();
  await correct.getByRole('button', { name: 'Save the details' }).click();
  await expectToast(page, 'Ride details corrected. The customer is told.');
  await expect(detail).toContainText('617-555-0177');
  await expectNoA11yViolations();

  // Sent again, by keyboard, to the corrected number: it leaves the ride's failures.
  await notSent.getByRole('button', { name: 'Send again' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'The message will be sent again shortly.');
  await expect(notSent).toHaveCount(0);
  expect(await failedText()).toBeUndefined();
  await expectNoA11yViolations();
});
