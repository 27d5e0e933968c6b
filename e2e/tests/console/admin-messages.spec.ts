import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { registerAccount } from '../account-helpers.ts';
import {
  bookViaApi,
  csrfToken,
  logInViaApi,
  randomFreeSlot,
  singleTypeCarFor,
} from '../booking-helpers.ts';

/*
 * The Messages area at 1440 and 390 px, by keyboard, with axe on each state: a customer whose
 * booking phone is the number the texts' sandbox refuses (as Twilio's test credentials do)
 * cancels a ride; the cancellation's text fails twice (the test server tries twice, a second
 * apart) and is listed with why in plain words (the provider's code under Details) and a link
 * to its ride; sending it again
 * takes it off the list and says so.
 */

/** The number the sandbox refuses (apps/api: SANDBOX_INVALID_NUMBER), as the booking form takes it. */
const REFUSED_PHONE = '500-555-0001';

interface FailedMessage {
  id: string;
  template: string;
  channel: string;
  appointmentId: string | null;
}

/** A paid ride through the API, cancelled by its customer: answers its id. */
async function cancelledRide(
  request: APIRequestContext,
  car: Parameters<typeof bookViaApi>[1],
  slot: Parameters<typeof bookViaApi>[2],
): Promise<string> {
  const account = await registerAccount(request, 'texted');
  await logInViaApi(request, account);
  const checkout = await bookViaApi(request, car, slot, REFUSED_PHONE);
  const paid = await request.post(`${checkout}/pay`, {
    form: { name: account.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const token = await csrfToken(request);
  const paidRide = async () => {
    const list = await request.get('/api/user/appointments', {
      headers: { 'x-csrf-token': token },
    });
    const { appointments } = (await list.json()) as {
      appointments: { _id: string; payment: boolean }[];
    };
    return appointments.find((a) => a.payment)?._id;
  };
  await expect.poll(paidRide).toBeTruthy();
  const rideId = (await paidRide()) as string;
  const cancelled = await request.post(`/api/appointments/${rideId}/cancel`, {
    headers: { 'x-csrf-token': token },
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return rideId;
}

test('a text that could not be sent is listed with its ride, and sent again by keyboard', async ({
  ownerPage: page,
  playwright,
  services,
  expectNoA11yViolations,
}, testInfo) => {
  const car = singleTypeCarFor(services, testInfo);
  const slot = randomFreeSlot(car, testInfo.project.name === 'mobile' ? 'second' : 'first');
  const customer = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const rideId = await cancelledRide(customer, car, slot);
  await customer.dispose();

  // The owner's own view of the outbox: the ride's text, once it failed for good.
  const failedText = async () => {
    const response = await page.request.get('/api/admin/messages');
    const { messages } = (await response.json()) as { messages: FailedMessage[] };
    return messages.find((m) => m.appointmentId === rideId && m.channel === 'sms');
  };
  await expect
    .poll(async () => (await failedText())?.template, { timeout: 30_000 })
    .toBe('cancelled');

  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Failed messages' });
  const message = list
    .getByRole('article')
    .filter({ has: page.locator(`a[href$="/admin/rides?ride=${rideId}"]`) })
    .filter({ hasText: 'Ride cancelled (text to the customer)' });
  await expect(message).toBeVisible();
  await expect(message.getByText('+15005550001', { exact: true })).toBeVisible();
  // Why, in words; the provider's code only under Details, with Twilio's page about it.
  await expect(
    message.getByText('Not a valid mobile number: check the number with the customer.'),
  ).toBeVisible();
  const providerCode = message.getByText('RestException, code 21211, HTTP 400');
  await expect(providerCode).toBeHidden();
  await expect(message.getByText('2', { exact: true })).toBeVisible();
  await expectNoA11yViolations();
  await message.getByText('Details').click();
  await expect(providerCode).toBeVisible();
  await expect(
    message.getByRole('link', { name: 'The provider’s page about this error' }),
  ).toHaveAttribute('href', 'https://www.twilio.com/docs/errors/21211');
  await expectNoA11yViolations();

  // Send again, by keyboard: the server agrees, the message leaves the list.
  const sendAgain = message.getByRole('button', { name: 'Send again' });
  await sendAgain.focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('status')).toHaveText('The message will be sent again shortly.');
  await expect(message).toHaveCount(0);
  await expectNoA11yViolations();

  // The ride's link opens it in Rides.
  await page.reload();
  await expect
    .poll(async () => (await failedText())?.template, { timeout: 30_000 })
    .toBe('cancelled');
  await page.reload();
  await message.getByRole('link', { name: 'Open the ride' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/rides\\?ride=${rideId}$`));
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
});
