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
