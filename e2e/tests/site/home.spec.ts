import { CAR_MAKES, PROMOTED_MAKE, PROMOTION_PERCENT } from '@app/shared';
import {
  action,
  expect,
  literal,
  sectionWithHeading,
  serviceNamesIn,
  test,
} from '../../fixtures.ts';

const HOME_LIST_LIMIT = 10;

test.describe('home page', () => {
  test('shows the hero, the promotion, Find By Model, the top cars and the second banner', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');

    // Hero: a Login button for a visitor and the Schedule your pickup link.
    await expect(action(main, 'Login')).toBeVisible();
    await expect(
      main.getByRole('link', { name: 'Schedule your pickup', exact: true }),
    ).toBeVisible();

    // The limited-time promotion: 20% off one model, both in the same block.
    const percent = literal(`${PROMOTION_PERCENT}%`);
    await expect(
      main
        .getByText(
          new RegExp(`${percent}[\\s\\S]*${PROMOTED_MAKE}|${PROMOTED_MAKE}[\\s\\S]*${percent}`),
        )
        .first(),
    ).toBeVisible();

    // Find By Model: the five models.
    const models = sectionWithHeading(page, 'Find By Model');
    await expect(models).toBeVisible();
    for (const model of CAR_MAKES) {
      await expect(action(models, model), `model ${model}`).toBeVisible();
    }

    // Explore Our Top Cars: exactly the first 10 services of the API list, in order.
    const topCars = sectionWithHeading(page, 'Explore Our Top Cars');
    const expected = services.slice(0, HOME_LIST_LIMIT).map((s) => s.name);
    await expect(topCars.getByText(expected[0] ?? '', { exact: true })).toBeVisible();
    await expect.poll(() => serviceNamesIn(topCars, services)).toEqual(expected);
    await expect(action(topCars, 'Search More')).toBeVisible();

    // The second banner follows the car list and carries its own call to action.
    const sections = main.locator('section');
    const topCarsIndex = await sections.evaluateAll((nodes) =>
      nodes.findIndex((node) =>
        Array.from(node.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]')).some(
          (h) => h.textContent?.trim() === 'Explore Our Top Cars',
        ),
      ),
    );
    const later = await sections.evaluateAll(
      (nodes, from) =>
        nodes
          .slice(from + 1)
          .filter((node) => node.querySelector('a[href],button'))
          .map((node) => node.textContent?.trim() ?? ''),
      topCarsIndex,
    );
    expect(later.length, 'a banner with an action after Explore Our Top Cars').toBeGreaterThan(0);

    await expectNoA11yViolations();
  });

  test('the hero Login button opens /login', async ({ page }) => {
    await page.goto('/');
    await action(page.getByRole('main'), 'Login').click();
    await expect(page).toHaveURL('/login');
  });

  test('Schedule your pickup jumps to the Find By Model section', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Schedule your pickup', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Find By Model', exact: true }),
    ).toBeInViewport();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    if (url.hash) {
      const target = page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`);
      await expect(target).toContainText('Find By Model');
    }
  });

  test('Search More opens /services', async ({ page }) => {
    await page.goto('/');
    await action(sectionWithHeading(page, 'Explore Our Top Cars'), 'Search More').click();
    await expect(page).toHaveURL('/services');
  });
});
