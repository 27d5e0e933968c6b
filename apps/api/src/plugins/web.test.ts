import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { signedInBrowser } from '../test/booking.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';

describe('serving the built site', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'images'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>site</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'images', 'car.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'drive-sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'drive.webmanifest'), '{"name":"Day sheet"}');
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({ config: testConfig({ webDistDir: dist }), db: database.handle });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers app routes with index.html, never cached', async () => {
    for (const url of ['/', '/services/Tesla', '/appointment/anything', '/no/such/page?x=1']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const brotli = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches unhashed files for a day', async () => {
    const response = await app.inject('/images/car.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('has the day sheet’s service worker and manifest checked at every visit', async () => {
    for (const url of ['/drive-sw.js', '/drive.webmanifest']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject('/drive-sw.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing file and an unknown API path with JSON 404, not the page', async () => {
    for (const url of ['/images/missing.svg', '/api/missing', '/assets/missing-123.js']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });

  it('does not answer a POST to a page with the page', async () => {
    const response = await app.inject({ method: 'POST', url: '/services' });
    expect(response.statusCode).toBe(404);
  });
});

/**
 * The API's side of the public pages, with a stand-in for the app's renderer (the real one is
 * the web build's; e2e/tests/site/seo.spec.ts reads the pages it renders). The stand-in shows what it
 * was given: the path, the route, the cars of the catalogue, who it is for, and how many pages it
 * has rendered.
 */
const STAND_IN_RENDERER = `
let rendered = 0;
export async function renderDocument(template, { path, route, services, renderedAt, visitor }) {
  if (path === '/services/tesla') return { status: 308, location: '/services/Tesla' };
  const id = path.split('/')[2];
  const missing = route === '/appointment/:serviceId' && !services.some((s) => s._id === id);
  rendered += 1;
  const body = [
    missing ? '<h1>Page Not Found</h1>' : '<h1>' + route + '</h1>',
    '<p>render ' + rendered + ' of ' + path + ' at ' + renderedAt.toISOString() + '</p>',
    '<ul>' + services.map((s) => '<li>' + s.name + '</li>').join('') + '</ul>',
    '<p>for ' + (visitor === undefined ? 'someone' : visitor ? visitor.name : 'a visitor') + '</p>',
  ].join('');
  return {
    status: missing ? 404 : 200,
    html: template.replace('<div id="root"></div>', '<div id="root">' + body + '</div>'),
  };
}
`;

describe('serving the public pages', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  let carId: string;
  let carName: string;
  const template = '<!doctype html><title>page</title><div id="root"></div>';
  const about = `<!doctype html><title>about</title><div id="root"><h1>About</h1>${'<p>Our story.</p>'.repeat(200)}</div>`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'pages'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>shell</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'pages', 'home.html'), template);
    writeFileSync(join(dist, 'pages', 'appointment.html'), template);
    writeFileSync(join(dist, 'pages', 'about.html'), about);
    writeFileSync(join(dist, 'pages', 'about.html.br'), brotliCompressSync(about));
    writeFileSync(join(dist, 'pages', 'render.js'), STAND_IN_RENDERER);
    writeFileSync(
      join(dist, 'pages', 'pages.json'),
      JSON.stringify([
        { url: '/', route: '/', file: 'home.html', live: true },
        { url: '/services/:type', route: '/services/:type', file: 'home.html', live: true },
        {
          url: '/appointment/:serviceId',
          route: '/appointment/:serviceId',
          file: 'appointment.html',
          live: true,
        },
        { url: '/about', route: '/about', file: 'about.html', live: false },
      ]),
    );
    database = await openTestDatabase('pglite');
    // Long-lived list: every request of a test sees the same load of the catalogue.
    app = await buildApp({
      config: testConfig({ webDistDir: dist }),
      db: database.handle,
      serviceListMaxAgeMs: 60_000,
    });
    const list = (await app.inject('/api/service/list')).json<{
      services: { _id: string; name: string }[];
    }>();
    const car = list.services[0];
    if (!car) throw new Error('the demo catalogue has no car');
    carId = car._id;
    carName = car.name;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('renders a live page at its address with the catalogue of the moment, never cached', async () => {
    const response = await app.inject({
      url: `/appointment/${carId}?from=home`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('cookie, accept-encoding');
    // Rendered at the path alone (the query string is the browser's), for the page's route.
    expect(response.body).toContain(`<h1>/appointment/:serviceId</h1>`);
    expect(response.body).toContain(`of /appointment/${carId} at`);
    expect(response.body).toContain(`<li>${carName}</li>`);
    expect(response.body).toContain('<p>for a visitor</p>');
  });

  it("renders a signed-in customer's page for them alone, and never keeps it", async () => {
    const path = `/appointment/${carId}`;
    const renderNumber = (html: string) => Number(/render (\d+) of/.exec(html)?.[1]);
    const visitorPage = (await app.inject(path)).body;

    const { browser } = await signedInBrowser(app, database.handle.db, new Date(), 'Ada Rider');
    const first = await browser.get(path);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<p>for Ada Rider</p>');
    // Their name and phone: not for a shared cache, nor the browser's disk.
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.vary).toBe('cookie, accept-encoding');
    // Rendered afresh each time, and the visitors' copy is not theirs.
    const second = await browser.get(path);
    expect(renderNumber(second.body)).toBeGreaterThan(renderNumber(first.body));
    expect((await app.inject(path)).body).toBe(visitorPage);

    // A cookie that names no live session is a visitor's.
    browser.setSid('no-such-session');
    const signedOut = await browser.get(path);
    expect(signedOut.body).toBe(visitorPage);
    expect(signedOut.headers['cache-control']).toBe('no-cache');
  });

  it('answers an address that renders Page Not Found with 404', async () => {
    const response = await app.inject('/appointment/6f1c2a40-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Page Not Found</h1>');
  });

  it('redirects permanently where the page says it lives elsewhere', async () => {
    const response = await app.inject('/services/tesla');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/services/Tesla');
  });

  it('renders a page once per load of the catalogue, and compresses it once', async () => {
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const second = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('cookie, accept-encoding');
    const text = (payload: Buffer) => brotliDecompressSync(payload).toString();
    expect(text(second.rawPayload)).toBe(text(first.rawPayload));
    expect(text(first.rawPayload)).toMatch(/render \d+ of \/ at/);

    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text(first.rawPayload));
  });

  it('renders afresh for each new load of the catalogue', async () => {
    // A list that is stale at once: every request loads the catalogue again.
    const fresh = await buildApp({
      config: testConfig({ webDistDir: dist }),
      db: database.handle,
      serviceListMaxAgeMs: 0,
    });
    try {
      const renderNumber = (html: string) => Number(/render (\d+) of/.exec(html)?.[1]);
      const first = renderNumber((await fresh.inject('/')).body);
      const second = renderNumber((await fresh.inject('/')).body);
      expect(second).toBeGreaterThan(first);
    } finally {
      await fresh.close();
    }
  });

  it('sends a live page unrendered, with 503, when the catalogue cannot be read', async () => {
    const lost = await openTestDatabase('pglite');
    const cut = await buildApp({ config: testConfig({ webDistDir: dist }), db: lost.handle });
    try {
      await lost.drop();
      const response = await cut.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      // The empty root: the browser renders the page, and the service list call says what is wrong.
      expect(response.body).toBe(template);
    } finally {
      await cut.close();
    }
  });

  it('sends pages unrendered past its render budget, never refusing them', async () => {
    const thrifty = await buildApp({
      config: { ...testConfig({ webDistDir: dist }), ssrRendersPerSecond: 2 },
      db: database.handle,
      serviceListMaxAgeMs: 60_000,
    });
    try {
      // Six new addresses at once: at most two a second are rendered (four if a second turns).
      const paths = [0, 1, 2, 3, 4, 5].map(
        (i) => `/appointment/6f1c2a40-0000-4000-8000-00000000000${i}`,
      );
      const answers = [];
      for (const path of paths) answers.push({ path, ...(await thrifty.inject(path)) });
      const unrendered = answers.filter((answer) => answer.body === template);
      expect(unrendered.length).toBeGreaterThanOrEqual(2);
      expect(unrendered.length).toBeLessThan(6);
      for (const answer of unrendered) expect(answer.statusCode).toBe(200);
      // A page already rendered is still sent rendered.
      const rendered = answers.find((answer) => answer.body !== template);
      const again = await thrifty.inject(rendered?.path ?? '/');
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(rendered?.body);
    } finally {
      await thrifty.close();
    }
  });

  it('sends a static page as built, precompressed when the browser takes it', async () => {
    const response = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(about);
  });

  it('keeps the app shell for every other route', async () => {
    for (const url of ['/login', '/appointment', '/no/such/page']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>shell</title>');
    }
  });

  it('never serves the pages, their templates or their renderer as files', async () => {
    for (const url of ['/pages/home.html', '/pages/pages.json', '/pages/render.js']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });

  it('answers HEAD like GET and refuses other methods', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    const post = await app.inject({ method: 'POST', url: '/' });
    expect(post.statusCode).toBe(404);
  });

  it('refuses to start on a page list that names a missing file', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'web-dist-'));
    try {
      mkdirSync(join(broken, 'pages'));
      writeFileSync(join(broken, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(
        join(broken, 'pages', 'pages.json'),
        JSON.stringify([{ url: '/about', route: '/about', file: 'about.html', live: false }]),
      );
      await expect(
        buildApp({ config: testConfig({ webDistDir: broken }), db: database.handle }),
      ).rejects.toThrow(/rebuild the web app/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
