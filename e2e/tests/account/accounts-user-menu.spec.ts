// The account menu of the header and of the mobile menu, and logging out from them.
import { MESSAGES } from '@app/shared';
import type { Page } from '@playwright/test';
import { action, expect, test } from '../../fixtures.ts';
import {
  ACCOUNT_ITEMS,
  expectToast,
  logIn,
  LOGIN_SIGN_UP,
  mobileMenuToggle,
  openMobileMenu,
  registerAccount,
  userMenuButton,
} from '../account-helpers.ts';

// Each test walks a whole screen with several axe runs: more than the default 30 s on a busy CI.
test.describe.configure({ timeout: 60_000 });

test.describe('user menu', () => {
  test('the user menu works by keyboard', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the dropdown is the desktop header; the phone has the menu panel');
    const account = await registerAccount(request, 'kbd');
    await logIn(page, account);
    const header = page.getByRole('banner');
    const button = userMenuButton(page, account);
    const item = (name: string) => header.getByRole('menuitem', { name, exact: true });

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Keyboard focus walks the items in the product's order, then wraps around.
    for (const name of ACCOUNT_ITEMS) {
      await expect(item(name)).toBeFocused();
      await page.keyboard.press('ArrowDown');
    }
    await expect(item(ACCOUNT_ITEMS[0])).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(item('My Profile')).toBeHidden();
    await expect(button).toBeFocused();

    // Open again and choose Send Feedback with the keyboard.
    await page.keyboard.press('Enter');
    await expect(item('My Profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(item('My rides')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Send Feedback')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/feedback');
  });
});

// -------------------------------------------------------------------------------------------
test.describe('logout', () => {
  async function expectSignedOut(page: Page, isMobile: boolean) {
    await expectToast(page, MESSAGES.loggedOut);
    await expect(page).toHaveURL('/');
    if (isMobile) {
      const panel = await openMobileMenu(page);
      await expect(action(panel, LOGIN_SIGN_UP)).toBeVisible();
      await expect(action(panel, 'Logout')).toHaveCount(0);
    } else {
      await expect(action(page.getByRole('banner'), LOGIN_SIGN_UP)).toBeVisible();
    }
    // The session is gone: a signed-in-only page sends the visitor to /login.
    await page.goto('/my-profile');
    await expect(page).toHaveURL(/\/login(?:[?#]|$)/);
  }

  test('from the header menu', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the phone uses the menu panel (next test)');
    const account = await registerAccount(request, 'logout');
    await logIn(page, account);
    await page.goto('/my-profile');
    await userMenuButton(page, account).click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await expectSignedOut(page, false);
  });

  test('from the mobile menu, which offers the four account items', async ({
    page,
    request,
    isMobile,
    expectNoA11yViolations,
  }) => {
    test.skip(!isMobile, 'the menu panel is the 390 px layout');
    const account = await registerAccount(request, 'mlogout');
    await logIn(page, account);
    const panel = await openMobileMenu(page);
    for (const item of ACCOUNT_ITEMS) {
      await expect(action(panel, item), item).toBeVisible();
    }
    await expectNoA11yViolations();
    // A link closes the menu and opens the page.
    await action(panel, 'My Profile').click();
    await expect(page).toHaveURL('/my-profile');
    await expect(mobileMenuToggle(page)).toHaveAttribute('aria-expanded', 'false');

    const again = await openMobileMenu(page);
    await action(again, 'Logout').click();
    await expectSignedOut(page, true);
  });
});
