import { CAR_MAKES, depositDollars, type CarMake, type Service } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { dollars, expect, literal, serviceNamesIn, test } from '../../fixtures.ts';

/**
 * A model filter. Its name is the model; the active one may add a parenthesised hint for
 * screen readers (for example "(selected, choose again to show all models)").
 */
function filterFor(page: Page, model: CarMake): Locator {
  const main = page.getByRole('main');
  const name = new RegExp(`^${model}(?: \\(.*\\))?$`);
  return main.getByRole('link', { name }).or(main.getByRole('button', { name }));
}

/** On a phone the filters sit behind the Filters toggle; open it when it is closed. */
async function showFilters(page: Page, isMobile: boolean): Promise<void> {
  if (!isMobile) return;
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  if (!(await filterFor(page, 'Tesla').isVisible())) await toggle.click();
  await expect(filterFor(page, 'Tesla')).toBeVisible();
}

/** A service card: the link to its booking page. */
function card(page: Page, service: Service): Locator {
  return page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByText(service.name, { exact: true }) });
}

test.describe('services page', () => {
  test('lists every service, each with its availability and deposit', async ({
    page,
    services,
    expectNoA11yViolations,
  }) => {
    await page.goto('/services');
    const main = page.getByRole('main');
    await expect(main.getByText(services[0]?.name ?? '', { exact: true })).toBeVisible();
    await expect.poll(() => serviceNamesIn(main, services)).toEqual(services.map((s) => s.name));

    for (const service of services) {
      const c = card(page, service);
      await expect(c, `card of ${service.name}`).toHaveCount(1);
      if (service.available) {
        await expect(c.getByText('Available', { exact: true })).toBeVisible();
        await expect(c.getByText('Not Available', { exact: true })).toHaveCount(0);
      } else {
        await expect(c.getByText('Not Available', { exact: true })).toBeVisible();
        await expect(c.getByText('Available', { exact: true })).toHaveCount(0);
      }
      const deposit = dollars(depositDollars(service.fees)).source;
      await expect(c).toContainText(new RegExp(`Deposit\\W*${deposit}`));
    }
    await expect(main.getByText('Available', { exact: true })).toHaveCount(
      services.filter((s) => s.available).length,
    );
    await expect(main.getByText('Not Available', { exact: true })).toHaveCount(
      services.filter((s) => !s.available).length,
    );
    await expectNoA11yViolations();
  });

  test('a model filter shows only that model, and clicking it again shows all', async ({
    page,
    services,
    isMobile,
    expectNoA11yViolations,
  }) => {
    await page.goto('/services');
    await showFilters(page, isMobile);
    for (const model of CAR_MAKES) {
      await expect(filterFor(page, model), `filter ${model}`).toBeVisible();
    }

    const main = page.getByRole('main');
    const model: CarMake = 'Toyota';
    await filterFor(page, model).click();
    await expect(page).toHaveURL(`/services/${model}`);
    const only = services.filter((s) => s.type === model).map((s) => s.name);
    await expect.poll(() => serviceNamesIn(main, services)).toEqual(only);
    await showFilters(page, isMobile);
    await expectNoA11yViolations();

    await filterFor(page, model).click();
    await expect(page).toHaveURL('/services');
    await expect.poll(() => serviceNamesIn(main, services)).toEqual(services.map((s) => s.name));
  });

  test('/services/{Model} opened directly lists only that model', async ({ page, services }) => {
    for (const model of CAR_MAKES) {
      await page.goto(`/services/${model}`);
      const expected = services.filter((s) => s.type === model).map((s) => s.name);
      await expect
        .poll(() => serviceNamesIn(page.getByRole('main'), services), { message: model })
        .toEqual(expected);
    }
  });

  test('the Filters toggle shows and hides the filters on a phone', async ({ page, isMobile }) => {
    await page.goto('/services');
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    if (!isMobile) {
      await expect(filterFor(page, 'Tesla')).toBeVisible();
      await expect(toggle).toBeHidden();
      return;
    }
    await expect(toggle).toBeVisible();
    await expect(filterFor(page, 'Tesla')).toBeHidden();
    await toggle.click();
    for (const model of CAR_MAKES) await expect(filterFor(page, model)).toBeVisible();
    await toggle.click();
    for (const model of CAR_MAKES) await expect(filterFor(page, model)).toBeHidden();
  });

  test('clicking a card opens its booking page', async ({ page, services }) => {
    const service = services[1] as Service;
    await page.goto('/services');
    await card(page, service).click();
    await expect(page).toHaveURL(new RegExp(`/appointment/${literal(service._id)}$`));
  });
});
