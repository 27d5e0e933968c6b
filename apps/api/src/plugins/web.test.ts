import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
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

describe('serving the prerendered public pages', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  const page = (name: string) =>
    `<!doctype html><title>${name}</title><div id="root" data-route="x"><h1>${name}</h1></div>`;
  const home = page('home').repeat(100);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'prerendered', 'services'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>shell</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'prerendered', 'index.html'), home);
    writeFileSync(join(dist, 'prerendered', 'index.html.br'), brotliCompressSync(home));
    writeFileSync(join(dist, 'prerendered', 'services.html'), page('services'));
    writeFileSync(join(dist, 'prerendered', 'services', 'Tesla.html'), page('tesla'));
    writeFileSync(join(dist, 'prerendered', 'appointment.html'), page('car'));
    writeFileSync(
      join(dist, 'prerendered', 'pages.json'),
      JSON.stringify([
        { url: '/', file: 'index.html' },
        { url: '/services', file: 'services.html' },
        { url: '/services/Tesla', file: 'services/Tesla.html' },
        { url: '/appointment/:serviceId', file: 'appointment.html' },
      ]),
    );
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({ config: testConfig({ webDistDir: dist }), db: database.handle });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers each prerendered route with its own page, never cached', async () => {
    const expected: Record<string, string> = {
      '/': '<h1>home</h1>',
      '/services': '<h1>services</h1>',
      '/services?x=1': '<h1>services</h1>',
      '/services/Tesla': '<h1>tesla</h1>',
      '/appointment/6f1c2a40-0000-4000-8000-000000000000': '<h1>car</h1>',
    };
    for (const [url, heading] of Object.entries(expected)) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(heading);
    }
  });

  it('sends a prerendered page precompressed when the browser takes it', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(home.length / 10);
  });

  it('keeps the app shell for every other route', async () => {
    for (const url of ['/services/Kia', '/login', '/appointment', '/no/such/page']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>shell</title>');
    }
  });

  it('does not serve the prerendered files at their own addresses', async () => {
    for (const url of ['/prerendered/index.html', '/prerendered/pages.json']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });

  it('answers HEAD like GET and refuses other methods', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/services' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    const post = await app.inject({ method: 'POST', url: '/services' });
    expect(post.statusCode).toBe(404);
  });

  it('refuses to start on a page list that names a missing file', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'web-dist-'));
    try {
      mkdirSync(join(broken, 'prerendered'));
      writeFileSync(join(broken, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(
        join(broken, 'prerendered', 'pages.json'),
        JSON.stringify([{ url: '/about', file: 'about.html' }]),
      );
      await expect(
        buildApp({ config: testConfig({ webDistDir: broken }), db: database.handle }),
      ).rejects.toThrow(/rebuild the web app/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
