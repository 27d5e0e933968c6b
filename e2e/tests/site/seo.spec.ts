import { CAR_MAKES, listBookableDays, yearsOfExperience } from '@app/shared';
import { isDeepStrictEqual } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { BUSINESS, expect, fetchServices, test } from '../../fixtures.ts';
import { registerAccount } from '../account-helpers.ts';
import { dayStrip, logInViaApi, timeButton, timeList } from '../booking-helpers.ts';

/** A page as a search engine's crawler gets it: the HTML the server sends, no script run. */
interface RawPage {
  titles: string[];
  descriptions: string[];
  /** The parsed `application/ld+json` data blocks. */
  data: Record<string, unknown>[];
  /** The visible text of `<body>`, tags removed and whitespace collapsed. */
  text: string;
  html: string;
}

function decode(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

async function fetchRaw(request: APIRequestContext, path: string, status = 200): Promise<RawPage> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(status);
  expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body'));
  return {
    html,
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] ?? '')),
    descriptions: [...head.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) =>
      decode(m[1] ?? ''),
    ),
    data: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    ),
    text: decode(
      body
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' '),
    ),
  };
}

/** The public pages, each with text its HTML must carry before any script runs. */
const PAGES: { path: string; title: RegExp; content: string[] }[] = [
  {
    path: '/',
    title: /rides and car rentals/i,
    content: [
      'Private rides and car rentals, on your schedule.',
      'Schedule your pickup',
      'Find By Model',
      'Explore Our Top Cars',
      ...CAR_MAKES,
    ],
  },
  { path: '/services', title: /cars/i, content: ['Our cars', ...CAR_MAKES] },
  { path: '/services/Tesla', title: /Tesla/, content: ['Tesla cars'] },
  {
    path: '/about',
    title: /About/,
    content: ['Trusted', 'Supportive', 'Convenience', 'years of experience'],
  },
  {
    path: '/contact',
    title: /Contact/,
    content: [BUSINESS.phone, BUSINESS.email, BUSINESS.street],
  },
  { path: '/privacy', title: /Privacy/, content: ['May 2025', 'Booking policy'] },
];

/** Collects React errors, console errors and Content-Security-Policy violations of a page. */
async function watchForErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
    // The rendered heading, as parsed from the HTML before the app's scripts run.
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as { renderedHeading?: Element | null }).renderedHeading =
          document.querySelector('main h1');
      }
    });
  });
  return errors;
}

/** Whether React took over the heading the HTML carried (hydrated it, not drew a new one). */
function headingWasHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const parsed = (window as { renderedHeading?: Element | null }).renderedHeading;
    return (
      !!parsed &&
      parsed === document.querySelector('main h1') &&
      Object.keys(parsed).some((key) => key.startsWith('__reactFiber'))
    );
  });
}

test.describe('what search engines read', () => {
  // The HTML does not depend on the viewport: one project fetches it.
  test.beforeEach(({ isMobile }) => {
    test.skip(isMobile, 'same HTML at every width');
  });

  test('each public page arrives with its own title, description and content', async ({
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const { path, title, content } of PAGES) {
      const raw = await fetchRaw(request, path);
      expect(raw.titles, `${path}: one title`).toHaveLength(1);
      expect(raw.titles[0], path).toMatch(title);
      expect(raw.titles[0], path).toContain(BUSINESS.name);
      expect(raw.descriptions, `${path}: one description`).toHaveLength(1);
      expect(raw.descriptions[0]?.length ?? 0, path).toBeGreaterThan(50);
      for (const text of content) expect(raw.text, `${path}: ${text}`).toContain(text);
      titles.add(raw.titles[0] ?? '');
      descriptions.add(raw.descriptions[0] ?? '');
    }
    expect(titles.size, 'titles differ from page to page').toBe(PAGES.length);
    expect(descriptions.size, 'descriptions differ from page to page').toBe(PAGES.length);
  });

  test('the about page counts the years of experience in its HTML', async ({ request }) => {
    const raw = await fetchRaw(request, '/about');
    expect(raw.text).toMatch(new RegExp(`\\b${yearsOfExperience(new Date())} years of experience`));
  });

  test('a car page arrives rendered: its own title, description, name, picture and rates', async ({
    request,
    services,
  }) => {
    for (const service of services.slice(0, 3)) {
      const path = `/appointment/${service._id}`;
      const raw = await fetchRaw(request, path);
      expect(raw.titles, path).toEqual([
        `${service.serviceLevel} ${service.name} · ${BUSINESS.name}`,
      ]);
      expect(raw.descriptions, path).toHaveLength(1);
      expect(raw.descriptions[0], path).toContain(service.name);
      expect(raw.text, path).toContain(service.serviceLevel);
      expect(raw.text, path).toContain(service.name);
      expect(raw.text, path).toContain('Regular Rate');
      expect(raw.text, path).toContain('Schedule your ride');
      expect(raw.html, path).toContain(`src="${service.image}"`);
    }
  });

  test("a car page arrives with its booking form and today's free times, for a visitor", async ({
    request,
    services,
  }) => {
    const service = services.find((candidate) => candidate.available);
    if (!service) throw new Error('the demo catalogue has no car to book');
    const path = `/appointment/${service._id}`;
    // The days and times of the moment the page was rendered (retried: others book meanwhile,
    // and a half hour may turn between the page and the list).
    await expect
      .poll(async () => {
        const { html } = await fetchRaw(request, path);
        const renderedAt = new Date(/data-rendered-at="([^"]+)"/.exec(html)?.[1] ?? '');
        const fresh = (await fetchServices(request)).find((s) => s._id === service._id);
        const days = listBookableDays(renderedAt, fresh?.slots_booked);
        const firstDay = days.find((day) => day.slots.length > 0);
        const times = [...html.matchAll(/data-time="([^"]+)"/g)].map((m) => m[1]);
        const dayKeys = [...html.matchAll(/data-day="([^"]+)"/g)].map((m) => m[1]);
        return (
          isDeepStrictEqual(
            dayKeys,
            days.map((day) => day.key),
          ) &&
          html.includes(`data-day="${firstDay?.key}" aria-pressed="true"`) &&
          isDeepStrictEqual(
            times,
            firstDay?.slots.map((slot) => slot.label),
          )
        );
      })
      .toBe(true);
    const raw = await fetchRaw(request, path);
    expect(raw.text).toContain('Book an Appointment');
    expect(raw.text).toContain('Login / Sign Up');
    // Who is looking travels with it: a visitor, so the browser asks for no profile.
    expect(raw.html).toContain('<script type="application/json" id="visitor">null</script>');
    expect(raw.html).not.toContain('href="/api/user/profile"');
  });

  test('the catalogue pages carry the live catalogue', async ({ request, services }) => {
    const all = await fetchRaw(request, '/services');
    for (const service of services) expect(all.text).toContain(service.name);

    const tesla = await fetchRaw(request, '/services/Tesla');
    for (const service of services) {
      if (service.type === 'Tesla') expect(tesla.text).toContain(service.name);
      else expect(tesla.text).not.toContain(service.name);
    }

    const home = await fetchRaw(request, '/');
    const top = services[0];
    if (!top) throw new Error('the demo catalogue is empty');
    expect(home.text).toContain(top.name);
  });

  test('a live page carries the catalogue it was rendered with, for hydration', async ({
    request,
    services,
  }) => {
    const path = `/services/${services[0]?.type}`;
    // The page and the list of the same moment (other tests book meanwhile: retried until so).
    await expect
      .poll(async () => {
        const raw = await fetchRaw(request, path);
        const block = /<script type="application\/json" id="catalogue">([^<]*)<\/script>/.exec(
          raw.html,
        );
        // `<` is escaped in it: no text of the catalogue can end the element early.
        const embedded = JSON.parse(block?.[1] ?? 'null') as unknown;
        return isDeepStrictEqual(embedded, await fetchServices(request));
      })
      .toBe(true);
  });

  test('an unknown car or model is answered 404, a model in the wrong case is moved', async ({
    request,
  }) => {
    for (const path of ['/appointment/6f1c2a40-0000-4000-8000-000000000000', '/services/Ford']) {
      const raw = await fetchRaw(request, path, 404);
      expect(raw.titles, path).toEqual([`Page Not Found · ${BUSINESS.name}`]);
      expect(raw.text, path).toContain('Page Not Found');
    }
    const moved = await request.get('/services/tesla', { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers().location).toBe('/services/Tesla');
  });

  test('every page describes the business as a LocalBusiness', async ({ request, services }) => {
    const paths = [...PAGES.map((p) => p.path), `/appointment/${services[0]?._id}`, '/login'];
    for (const path of paths) {
      const raw = await fetchRaw(request, path);
      const business = raw.data.filter((d) => d['@type'] === 'LocalBusiness');
      expect(business, `${path}: one LocalBusiness`).toHaveLength(1);
      expect(business[0], path).toMatchObject({
        '@context': 'https://schema.org',
        name: BUSINESS.name,
        email: BUSINESS.email,
        telephone: `+1${BUSINESS.phone.replace(/\D/g, '')}`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: BUSINESS.street,
          addressLocality: BUSINESS.locality,
          addressRegion: BUSINESS.region,
          postalCode: BUSINESS.postalCode,
        },
      });
      const areas = (business[0]?.areaServed as { name: string }[]).map((area) => area.name);
      expect(areas.join(' | '), path).toMatch(/Norfolk County/);
      expect(areas.join(' | '), path).toMatch(/Boston/);
      expect(areas.join(' | '), path).toMatch(/Providence/);
    }
  });
});

test.describe('rendered pages in the browser', () => {
  for (const { path, title } of PAGES) {
    test(`${path} hydrates its HTML without an error`, async ({ page }) => {
      const errors = await watchForErrors(page);
      await page.goto(path);
      // The data the page loads at start has arrived and been rendered.
      await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0);
      await expect(page).toHaveTitle(title);
      await expect.poll(() => headingWasHydrated(page), 'the HTML heading is hydrated').toBe(true);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  }

  test('pages load only the site’s own cut of the font, and the whole of it for accents', async ({
    page,
    services,
  }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    // Routing turns the browser's cache off: each page asks for its fonts afresh.
    await page.route(/\.woff2$/, (route) => route.continue());
    const paths = [...PAGES.map((p) => p.path), `/appointment/${services[0]?._id}`, '/login'];
    for (const path of paths) {
      fonts.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      // The cut (tools/font-subset/subset-font.ts) has every character the page prints.
      expect(fonts, path).toEqual([
        expect.stringMatching(/\/inter-core-wght-normal-[\w-]+\.woff2$/),
      ]);
    }
    // A customer's name with an accent: its letters come from @fontsource's Latin file.
    fonts.length = 0;
    await page.getByRole('heading', { level: 1 }).evaluate((h1) => (h1.textContent = 'José'));
    await expect
      .poll(() => fonts)
      .toEqual([expect.stringMatching(/\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', 'é')))
      .toBe(true);
  });

  test('a car page hydrates its HTML, then renders the booking form', async ({
    page,
    services,
  }) => {
    const service = services[0];
    if (!service) throw new Error('the demo catalogue is empty');
    const errors = await watchForErrors(page);
    await page.goto(`/appointment/${service._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(service.name);
    await expect.poll(() => headingWasHydrated(page), 'the HTML heading is hydrated').toBe(true);
    await expect(page).toHaveTitle(`${service.serviceLevel} ${service.name} · ${BUSINESS.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    // The form arrives with the page: a visitor is asked to sign in.
    await expect(page.getByRole('button', { name: 'Book an Appointment' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Schedule your ride' });
    await expect(form.getByRole('link', { name: 'Login / Sign Up' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a signed-in customer's car page arrives rendered for them, and hydrates without asking again", async ({
    page,
    services,
  }) => {
    const service = services.find((candidate) => candidate.available);
    if (!service) throw new Error('the demo catalogue has no car to book');
    const path = `/appointment/${service._id}`;
    const account = await registerAccount(page.request, 'ssr');
    await logInViaApi(page.request, account);

    // The HTML as sent: theirs (their name, the form with their phone), kept by no cache.
    const response = await page.request.get(path);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain(account.firstName);
    expect(html).toMatch(/<input[^>]*name="phone"[^>]*value="\(617\) 555-0123"/);
    expect(html).not.toContain('href="/api/user/profile"');

    const errors = await watchForErrors(page);
    const profileCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/profile') profileCalls.push(request.url());
    });
    await page.goto(path);
    await expect.poll(() => headingWasHydrated(page), 'the HTML heading is hydrated').toBe(true);
    const phone = page.getByRole('main').getByRole('textbox', { name: /phone/i });
    await expect(phone).toHaveValue('(617) 555-0123');

    // What the customer chose is the tab's: it comes back on a reload, once the page is live.
    // A day ahead with times (a full day's name adds "no times left"): late in the evening
    // today may have one time left, or none.
    const day = dayStrip(page)
      .getByRole('button', { name: /^\w+, \w+ \d+$/ })
      .nth(2);
    const dayName = (await day.getAttribute('data-day')) ?? '';
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    const time = timeList(page).getByRole('button').nth(1);
    const label = (await time.textContent()) ?? '';
    await time.click();
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect.poll(() => headingWasHydrated(page), 'the HTML heading is hydrated').toBe(true);
    await expect(dayStrip(page).locator(`[data-day="${dayName}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(timeButton(page, label)).toHaveAttribute('aria-pressed', 'true');
    expect(profileCalls).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the title and description follow client-side navigation', async ({ page, isMobile }) => {
    const errors = await watchForErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle(/rides and car rentals/i);
    const home = await page.locator('meta[name="description"]').getAttribute('content');

    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
      .getByRole('link', { name: 'About', exact: true })
      .click();
    await expect(page).toHaveURL('/about');
    await expect(page).toHaveTitle(`About · ${BUSINESS.name}`);
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveCount(1);
    await expect(description).not.toHaveAttribute('content', home ?? '');
    expect(errors).toEqual([]);
  });
});
