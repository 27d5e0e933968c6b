import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { businessFromEnv, ServiceListResponseSchema, type Service } from '@app/shared';
import { signInOwnerViaApi } from './owner-session.ts';
import { WORKER_OWNERS } from './owners.ts';

export { expect };

/** The contact details the site was built with: the shared defaults unless BUSINESS_* is set. */
export const BUSINESS = businessFromEnv(process.env);

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until nothing on the page moves: the window's smooth scroll has come to rest and short
 * animations (a toast sliding in, a menu opening) have ended. axe measures where things are;
 * halfway through the booking form's scroll to the top, the sticky header lies across links it
 * leaves clear once the page rests. Long animations (a toast's 5 s countdown bar) are not waited
 * for: they move nothing. A page that never rests fails here, saying so, rather than timing out
 * the test.
 */
export async function waitUntilStill(page: Page): Promise<void> {
  const restless = await page.evaluate(async () => {
    const nextFrame = () => new Promise((done) => requestAnimationFrame(done));
    const scrolled: number[] = [];
    for (let stillFrames = 0; stillFrames < 3;) {
      await nextFrame();
      stillFrames = window.scrollY === scrolled.at(-1) ? stillFrames + 1 : 0;
      scrolled.push(window.scrollY);
      if (scrolled.length > 600)
        return `the page kept scrolling: ${scrolled.slice(-10).join(', ')}`;
    }
    const short = document.getAnimations().filter((animation) => {
      const { endTime } = animation.effect?.getComputedTiming() ?? {};
      // A part not drawn yet (content-visibility: auto, far from the screen) runs no animation
      // until it is: its transitions neither move anything nor end.
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const drawn = target?.checkVisibility({ contentVisibilityAuto: true }) ?? true;
      return animation.playState === 'running' && Number(endTime) <= 1000 && drawn;
    });
    // A part drawn now may be skipped by the next frame (the day strip scrolled on), and its
    // animation then never ends: two seconds on, every short one is past its end, and whatever
    // still runs moves nothing.
    const ended = (animation: Animation) =>
      Promise.race([
        animation.finished.catch(() => undefined),
        new Promise((done) => setTimeout(done, 2000)),
      ]);
    await Promise.all(short.map(ended));
    return undefined;
  });
  expect(restless, 'the page comes to rest').toBeUndefined();
}

/**
 * Runs axe on the page once it is still, and fails with every rule id and target it reports.
 * Legacy mode runs axe in the page alone, without the blank page the default mode opens to
 * merge frame results: the site has no frames, and it saves seconds a check.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  await waitUntilStill(page);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(WCAG_TAGS)
    .analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations at ${page.url()} (${page.viewportSize()?.width}px)`).toEqual([]);
}

/**
 * The layout check of docs/product.md, Design: nothing overflows the viewport sideways (wide content such as the
 * day strip scrolls inside its own box).
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((el) => !el.closest('[hidden]'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect(
    overflow.scrollWidth,
    `page wider than the ${overflow.clientWidth}px viewport at ${page.url()}: ${overflow.wide.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
}

/** The catalogue as the API serves it: tests compute every expectation from it. */
export async function fetchServices(request: APIRequestContext): Promise<Service[]> {
  const response = await request.get('/api/service/list');
  expect(response.status()).toBe(200);
  return ServiceListResponseSchema.parse(await response.json()).services;
}

/** A regular expression matching a literal text. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Matches an amount in dollars as the service pages print it: `$85`, `$85.00`, `$1090` or
 * `$1,090`, never the start of a longer number.
 */
export function dollars(amount: number): RegExp {
  const whole = Math.trunc(amount);
  const grouped = whole.toLocaleString('en-US').replace(/,/g, ',?');
  const cents = Number.isInteger(amount) ? '(?:\\.00)?' : `\\.${amount.toFixed(2).split('.')[1]}`;
  return new RegExp(`\\$\\s?${grouped}${cents}(?![\\d.,]\\d)`);
}

/**
 * The service names shown inside `scope`, in page order: every element whose whole text is
 * exactly one of the catalogue's names.
 */
export async function serviceNamesIn(scope: Locator, services: Service[]): Promise<string[]> {
  const names = [...new Set(services.map((s) => s.name))];
  const pattern = new RegExp(`^\\s*(?:${names.map(literal).join('|')})\\s*$`);
  const texts = await scope.getByText(pattern).allTextContents();
  return texts.map((text) => text.trim());
}

/**
 * The innermost block (section, article, aside, list item, region or group) holding a heading
 * with exactly this name: the card or section the heading titles.
 */
export function sectionWithHeading(page: Page, name: string | RegExp): Locator {
  return page
    .locator('section, article, aside, li, [role="region"], [role="group"]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .last();
}

/**
 * The card a heading titles: the smallest element around the heading that holds more than
 * the heading's own text (cards need not be sections).
 */
export async function cardWithHeading(page: Page, name: string): Promise<Locator> {
  const heading = page.getByRole('heading', { name, exact: true });
  await expect(heading, `heading ${name}`).toBeVisible();
  const length = ((await heading.textContent()) ?? '').replace(/\s+/g, ' ').trim().length;
  return heading.locator(`xpath=ancestor::*[string-length(normalize-space(.)) > ${length}][1]`);
}

/** A link or a button with exactly this accessible name: the product does not say which. */
export function action(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('link', { name, exact: true })
    .or(scope.getByRole('button', { name, exact: true }));
}

/**
 * Whether a control tells assistive technology it is the chosen one: aria-pressed,
 * aria-checked, aria-selected or aria-current (a visual-only highlight is not enough).
 */
export async function isMarkedSelected(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const states = ['aria-pressed', 'aria-checked', 'aria-selected'];
    if (states.some((name) => el.getAttribute(name) === 'true')) return true;
    const current = el.getAttribute('aria-current');
    if (current !== null && current !== 'false') return true;
    return el instanceof HTMLInputElement && el.checked;
  });
}

/** Scrolls the window instantly (the site's smooth scrolling would make positions race). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

export const test = base.extend<
  {
    /** The service list from the API, loaded once per test. */
    services: Service[];
    /**
     * Runs axe on `target` (the test's page by default), then checks nothing overflows the
     * viewport sideways.
     */
    expectNoA11yViolations: (target?: Page) => Promise<void>;
    /** The test's page, signed in as this worker's owner past the second factor. */
    ownerPage: Page;
  },
  {
    /** This worker's owner's session cookies: signed in once per worker, through the API. */
    ownerCookies: Cookies;
  }
>({
  ownerCookies: [
    async ({ playwright }, use, workerInfo) => {
      const email = WORKER_OWNERS[workerInfo.parallelIndex];
      if (!email) throw new Error(`no owner for worker ${workerInfo.parallelIndex}: see owners.ts`);
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await signInOwnerViaApi(request, email, process.env.E2E_DATA_ROOT ?? '.');
      const { cookies } = await request.storageState();
      await request.dispose();
      await use(cookies);
    },
    { scope: 'worker' },
  ],
  ownerPage: async ({ page, context, ownerCookies }, use) => {
    await context.addCookies(ownerCookies);
    await use(page);
  },
  services: async ({ request }, use) => {
    await use(await fetchServices(request));
  },
  expectNoA11yViolations: async ({ page }, use) => {
    await use(async (target = page) => {
      await expectNoA11yViolations(target);
      await expectNoHorizontalOverflow(target);
    });
  },
});
