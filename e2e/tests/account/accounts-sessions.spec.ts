import type { Browser, Page } from '@playwright/test';
import { expect, sectionWithHeading, test } from '../../fixtures.ts';
import { expectToast, registerAccount, type Account } from '../account-helpers.ts';
import { logInViaApi } from '../booking-helpers.ts';

/*
 * My Profile's signed-in devices: the customer sees each browser signed in to the account,
 * this one marked, and signs out another one, or all the others.
 */

test.describe.configure({ timeout: 60_000 });

/** Another browser signed in to the account, as another device would be. */
async function otherDevice(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInViaApi(page.request, account);
  return page;
}

test('lists the signed-in devices and signs out another one, then all the others', async ({
  page,
  browser,
  request,
  expectNoA11yViolations,
}) => {
  const account = await registerAccount(request, 'devices');
  const laptop = await otherDevice(browser, account);
  await logInViaApi(page.request, account);
  await page.goto('/my-profile');
  // The profile's own texts stay as they are.
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  const section = sectionWithHeading(page, 'Signed-in devices');
  const devices = section.getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  await expect(devices.first()).toContainText(/Signed in \w+ \d+, \d{4}, \d+:\d\d [AP]M/);
  await expect(devices.first()).toContainText(/Last used \w+ \d+, \d{4}, \d+:\d\d [AP]M/);
  await expectNoA11yViolations();

  const signOut = devices.getByRole('button', { name: /^Sign out of / });
  await expect(signOut).toHaveCount(1);
  await signOut.click();
  await expectToast(page, 'Signed out of that device.');
  await expect(devices).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Sign out of all other devices' })).toHaveCount(
    0,
  );
  // That device is signed out: its next visit to a signed-in page goes to /login.
  await laptop.goto('/my-profile');
  await expect(laptop).toHaveURL(/\/login\?next=/);

  const phone = await otherDevice(browser, account);
  const tablet = await otherDevice(browser, account);
  await page.reload();
  await expect(devices).toHaveCount(3);
  await section.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expectToast(page, 'Signed out of every other device.');
  await expect(devices).toHaveCount(1);
  await expectNoA11yViolations();
  for (const other of [phone, tablet]) {
    await other.goto('/my-profile');
    await expect(other).toHaveURL(/\/login\?next=/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  for (const other of [laptop, phone, tablet]) await other.context().close();
});
