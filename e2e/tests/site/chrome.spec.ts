import { telHref } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { action, BUSINESS, expect, literal, scrollToBottom, test } from '../../fixtures.ts';
import { registerAccount, userMenuButton } from '../account-helpers.ts';
import { bookViaApi, logInViaApi, randomFreeSlot, singleTypeCarFor } from '../booking-helpers.ts';

const NAV_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'Services', path: '/services' },
  { name: 'About', path: '/about' },
  { name: 'Contact', path: '/contact' },
] as const;

const LOGIN_SIGN_UP = 'Login / Sign Up';

function menuToggle(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /menu/i }).first();
}

/** The panel the menu button opens: the element its aria-controls names, else a dialog. */
async function mobileMenu(page: Page): Promise<Locator> {
  const controls = await menuToggle(page).getAttribute('aria-controls');
  if (controls) return page.locator(`[id="${controls}"]`);
  return page.getByRole('dialog').or(page.getByRole('banner')).first();
}

test.describe('header', () => {
  test('shows Home, Services, About, Contact and Login / Sign Up on desktop', async ({
    page,
    isMobile,
    expectNoA11yViolations,
  }) => {
    test.skip(isMobile, 'the phone layout puts these links in the menu');
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const { name, path } of NAV_LINKS) {
      const link = header.getByRole('link', { name, exact: true });
      await expect(link, `header link ${name}`).toBeVisible();
      await expect(link).toHaveAttribute('href', path);
    }
    await expect(action(header, LOGIN_SIGN_UP)).toBeVisible();
    await expectNoA11yViolations();

    await header.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await header.getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL('/services');
    await header.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('holds the account’s place until the profile answers: no Login / Sign Up for a customer', async ({
    page,
    isMobile,
    expectNoA11yViolations,
  }) => {
    test.skip(isMobile, 'the phone layout puts the account in the menu');
    const account = await registerAccount(page.request, 'header');
    await logInViaApi(page.request, account);
    // The profile's answer waits until the test has looked at the header without it.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/user/profile', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'About', exact: true })).toBeVisible();
    await expect(action(header, LOGIN_SIGN_UP)).toHaveCount(0);
    await expectNoA11yViolations();
    answer();
    await expect(userMenuButton(page, account)).toBeVisible();
    await expect(action(header, LOGIN_SIGN_UP)).toHaveCount(0);
  });

  test('the Login / Sign Up button opens /login', async ({ page, isMobile }) => {
    await page.goto('/');
    if (isMobile) {
      await menuToggle(page).click();
      const menu = await mobileMenu(page);
      await action(menu, LOGIN_SIGN_UP).click();
    } else {
      await action(page.getByRole('banner'), LOGIN_SIGN_UP).click();
    }
    await expect(page).toHaveURL('/login');
  });
});

test.describe('mobile menu', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, 'the menu button exists on small screens');
  });

  test('opens, shows the links, navigates and closes', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await expect(toggle).toBeVisible();
    // Closed at first: the header's links are not on screen at 390 px.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'About', exact: true }),
    ).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = await mobileMenu(page);
    for (const { name } of NAV_LINKS) {
      await expect(
        menu.getByRole('link', { name, exact: true }),
        `menu link ${name}`,
      ).toBeVisible();
    }
    await expect(action(menu, LOGIN_SIGN_UP)).toBeVisible();
    await expectNoA11yViolations();

    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect(menu.getByRole('link', { name: 'About', exact: true })).toBeHidden();
    await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.click();
    const menu = await mobileMenu(page);
    await expect(menu.getByRole('link', { name: 'Services', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu.getByRole('link', { name: 'Services', exact: true })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('footer', () => {
  test('has the privacy link, social links and the contact details', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();

    for (const { label, href } of BUSINESS.social) {
      const link = footer.locator(`a[href="${href}"]`);
      await expect(link, `social link ${label}`).toBeVisible();
      await expect(link).toHaveAccessibleName(new RegExp(`\\b${literal(label)}\\b`));
    }

    // Only the profiles the business configured: none set, no list (never a network's home page).
    if (BUSINESS.social.length === 0) {
      await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    }
    await expect(footer).toContainText(BUSINESS.hours);
    await expect(footer).toContainText(BUSINESS.licence);
    await expect(footer).toContainText(BUSINESS.phone);
    await expect(footer.locator(`a[href="${telHref(BUSINESS.phone)}"]`).first()).toBeVisible();
    await expect(footer).toContainText(BUSINESS.email);
    await expect(footer.locator(`a[href="mailto:${BUSINESS.email}"]`).first()).toBeVisible();
    await expect(footer).toContainText(BUSINESS.street);
    await expect(footer).toContainText(`${BUSINESS.locality}, ${BUSINESS.region}`);
    await expectNoA11yViolations();

    const privacy = footer.getByRole('link', { name: /privacy/i }).first();
    await expect(privacy).toHaveAttribute('href', '/privacy');
    await privacy.click();
    await expect(page).toHaveURL('/privacy');
  });
});

test.describe('route changes', () => {
  test('scroll to the top', async ({ page }) => {
    await page.goto('/');
    // Let the home page fill in (its car list arrives from the API) before scrolling down.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await scrollToBottom(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /privacy/i })
      .first()
      .click();
    await expect(page).toHaveURL('/privacy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await scrollToBottom(page);
    const footerLink = page
      .getByRole('contentinfo')
      .getByRole('link', { name: /^(Home|Services|About|Contact)$/ })
      .first();
    if ((await footerLink.count()) > 0 && (await page.evaluate(() => window.scrollY)) > 0) {
      await footerLink.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });
});

test.describe('loading without moving', () => {
  test('My Appointments holds its place while it loads, and nothing moves when the list comes', async ({
    page,
    services,
    expectNoA11yViolations,
  }, testInfo) => {
    const account = await registerAccount(page.request, 'steady');
    await logInViaApi(page.request, account);
    const car = singleTypeCarFor(services, testInfo);
    const checkout = await bookViaApi(page.request, car, randomFreeSlot(car));
    const paid = await page.request.post(`${checkout}/pay`, {
      form: { name: account.name, card: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);

    // Every layout shift the page makes, as the browser reports it (CLS counts these).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The list waits until the loading state has been looked at.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/user/appointments', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/my-appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading your appointments...' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).not.toBeInViewport();
    await expectNoA11yViolations();
    answer();
    await expect(page.getByRole('article').filter({ hasText: car.name })).toBeVisible();
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    // The list pulling the footer into view scored 0.14 on a phone; what may remain is the
    // header's text settling into the web font, a ten-thousandth.
    const cumulative = shifts.reduce((sum, shift) => sum + shift, 0);
    expect(cumulative, `layout shifts on My Appointments: ${shifts.join(', ')}`).toBeLessThan(
      0.001,
    );
  });
});
