import { formatAddress, telHref, yearsOfExperience } from '@app/shared';
import { action, BUSINESS, expect, test } from '../../fixtures.ts';

test.describe('about page', () => {
  test('years of experience and the three selling points', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const years = yearsOfExperience(new Date());
    await expect(main).toContainText(new RegExp(`(?<!\\d)${years}\\+?\\s*years`, 'i'));
    for (const point of ['Trusted', 'Supportive', 'Convenience']) {
      await expect(main.getByText(point, { exact: true }), point).toBeVisible();
    }
    await expectNoA11yViolations();
  });
});

test.describe('contact page', () => {
  test('address, phone, email, map link and Explore More', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toContainText(BUSINESS.street);
    await expect(main).toContainText(`${BUSINESS.locality}, ${BUSINESS.region}`);
    await expect(main).toContainText(BUSINESS.phone);
    await expect(main.locator(`a[href="${telHref(BUSINESS.phone)}"]`).first()).toBeVisible();
    await expect(main).toContainText(BUSINESS.email);
    await expect(main.locator(`a[href="mailto:${BUSINESS.email}"]`).first()).toBeVisible();
    const map = main.locator('a[href*="google.com/maps"]').first();
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute(
      'href',
      new RegExp(
        encodeURIComponent(formatAddress(BUSINESS)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      ),
    );
    await expectNoA11yViolations();

    await action(main, 'Explore More').click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('privacy page', () => {
  test('effective May 2025, booking policy and SMS notifications', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).toContainText(/effective[^.]{0,20}May 2025/i);
    await expect(main.getByRole('heading', { name: /booking policy/i })).toBeVisible();
    await expect(main.getByRole('heading', { name: /SMS notifications/i })).toBeVisible();
    await expect(main.getByRole('heading', { name: /privacy policy/i }).first()).toBeVisible();
    await expect(main).toContainText(/non-refundable/i);
    await expect(main).toContainText(/\bSTOP\b/);
    // After the product's three sections: the car page's cancellation and late-arrival section.
    await expect(
      main.getByRole('region', { name: 'Cancellation and late arrivals' }),
    ).toContainText(/deposit is non-refundable/i);
    await expectNoA11yViolations();
  });
});

test.describe('404 page', () => {
  // One component answers every unknown address: axe checks it once per viewport.
  const paths = [
    { path: '/no-such-page', axe: true },
    { path: '/services/UnknownModel', axe: false },
    { path: '/appointment/3f2b8c1e-9d4a-4e7b-8c2f-1a2b3c4d5e6f', axe: false },
    { path: '/appointment/not-a-valid-id', axe: false },
  ];
  for (const { path, axe } of paths) {
    test(`Page Not Found with Back to Home at ${path}`, async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: 'Page Not Found', exact: true }),
      ).toBeVisible();
      const back = page.getByRole('main').getByRole('link', { name: 'Back to Home', exact: true });
      await expect(back).toBeVisible();
      if (axe) await expectNoA11yViolations();
      await back.click();
      await expect(page).toHaveURL('/');
    });
  }
});

test.describe('API errors', () => {
  test.skip(({ isMobile }) => isMobile, 'the API answers the same whatever the viewport');

  test('an unknown API path answers JSON 404 with success false', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { success: unknown; message: unknown };
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
  });

  test('a service id that is not a UUID answers 400 JSON', async ({ request }) => {
    const response = await request.get('/api/service/not-a-uuid');
    expect(response.status()).toBe(400);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { success: unknown; message: unknown };
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
  });
});
