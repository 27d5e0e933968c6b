import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { PAGE_STYLE } from '../modules/payments/sandbox.routes.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { TOASTIFY_STYLE_HASH } from './security-headers.ts';

const NOW = new Date('2030-03-04T15:00:00Z');
const PRODUCTION: Partial<Config> = {
  env: 'production',
  isProduction: true,
  stripe: { secretKey: 'sk_test_x', webhookSecret: 'whsec_x' },
};
const GOOGLE = [
  'accounts.google.com',
  'googleapis.com',
  'gstatic.com',
  // Not Google, but never allowed either.
  'unsafe-inline',
  'unsafe-eval',
];

/** The policy as a map from directive to its sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, `CSP on ${response.raw.req.url}`).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectCommonHeaders(response: LightMyRequestResponse, label: string): void {
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin-allow-popups');
  expect(response.headers['permissions-policy'], label).toBe(
    'camera=(), microphone=(), geolocation=(self), payment=()',
  );
  const csp = directives(response);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('form-action'), label).toEqual(["'self'"]);
}

describe('security headers', () => {
  let dist: string;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  let development: FastifyInstance;

  const build = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({
      config: testConfig({ webDistDir: dist, ...overrides }),
      db: database.handle,
      now: () => NOW,
    });
    // A route that fails, for the 500 answer.
    app.get('/api/test/boom', async () => {
      throw new Error('boom');
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>site</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await openTestDatabase('pglite', { seed: false });
    development = await build();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  /** One of every kind of response: API JSON, files, the page fallback, errors, 404s. */
  const everyKind = (app: FastifyInstance) =>
    Promise.all(
      [
        { label: 'API JSON', request: { url: '/api/health' }, status: 200 },
        { label: 'CSRF token', request: { url: '/api/csrf-token' }, status: 200 },
        { label: 'static asset', request: { url: '/assets/index-AbC123.js' }, status: 200 },
        { label: 'static file', request: { url: '/favicon.svg' }, status: 200 },
        { label: 'index.html', request: { url: '/' }, status: 200 },
        { label: 'page fallback', request: { url: '/services/Tesla?x=1' }, status: 200 },
        {
          label: 'HEAD of a page',
          request: { method: 'HEAD' as const, url: '/about' },
          status: 200,
        },
        { label: 'API 404', request: { url: '/api/missing' }, status: 404 },
        { label: 'server error 500', request: { url: '/api/test/boom' }, status: 500 },
        { label: 'missing file 404', request: { url: '/assets/missing-1.js' }, status: 404 },
        {
          label: 'CSRF 403',
          request: { method: 'POST' as const, url: '/api/user/logout', payload: {} },
          status: 403,
        },
        {
          label: 'bad JSON 400',
          request: {
            method: 'POST' as const,
            url: '/api/user/login',
            headers: { 'content-type': 'application/json' },
            payload: '{',
          },
          status: 400,
        },
        {
          label: 'plain text 415',
          request: {
            method: 'POST' as const,
            url: '/api/user/login',
            headers: { 'content-type': 'text/plain' },
            payload: 'x',
          },
          status: 415,
        },
      ].map(async ({ label, request, status }) => {
        const response = await app.inject(request);
        expect(response.statusCode, label).toBe(status);
        return { label, response };
      }),
    );

  it('puts the headers on every kind of response', async () => {
    for (const { label, response } of await everyKind(development)) {
      expectCommonHeaders(response, label);
      expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    }
  });

  it('allows only the site itself outside production, with no HSTS or upgrade', async () => {
    const response = await development.inject('/');
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        `script-src 'self'`,
        `style-src 'self' ${TOASTIFY_STYLE_HASH}`,
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
      ].join('; '),
    );
    expect(response.headers['strict-transport-security']).toBeUndefined();
    for (const host of GOOGLE) {
      expect(response.headers['content-security-policy']).not.toContain(host);
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production, on every response', async () => {
    const production = await build(PRODUCTION);
    for (const { label, response } of await everyKind(production)) {
      expectCommonHeaders(response, label);
      expect(response.headers['strict-transport-security'], label).toBe(
        'max-age=63072000; includeSubDomains',
      );
      const csp = directives(response);
      expect(csp.get('upgrade-insecure-requests'), label).toEqual([]);
      expect([...csp.keys()].at(-1), label).toBe('upgrade-insecure-requests');
    }
  });

  it('learns from the site’s build settings which Google scripts it loads', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base)).toMatchObject({ webGoogleSignIn: false, webGoogleMaps: false });
    expect(
      loadConfig({ ...base, VITE_GOOGLE_CLIENT_ID: 'id.apps', VITE_GOOGLE_MAPS_API_KEY: ' ' }),
    ).toMatchObject({ webGoogleSignIn: true, webGoogleMaps: false });
    expect(loadConfig({ ...base, VITE_GOOGLE_MAPS_API_KEY: 'AIza' })).toMatchObject({
      webGoogleSignIn: false,
      webGoogleMaps: true,
    });
  });

  it('allows Google sign-in only when the site was built with it', async () => {
    const app = await build({ webGoogleSignIn: true });
    const csp = directives(await app.inject('/login'));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      TOASTIFY_STYLE_HASH,
      'https://accounts.google.com/gsi/style',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(String((await app.inject('/')).headers['content-security-policy'])).not.toContain(
      'googleapis',
    );
  });

  it('allows Google Maps only when the site was built with it', async () => {
    const app = await build({ webGoogleMaps: true });
    const csp = directives(await app.inject('/appointment/x'));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      TOASTIFY_STYLE_HASH,
      'https://maps.gstatic.com',
    ]);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'https://maps.gstatic.com',
      'https://maps.googleapis.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(String((await app.inject('/')).headers['content-security-policy'])).not.toContain(
      'accounts.google.com',
    );
  });

  it('sends no Referer from the reset, confirmation and live trip pages, whose paths hold the token', async () => {
    for (const url of [
      '/reset-password/abc',
      '/reset-password/abc?x=1',
      '/reset-password',
      '/verify-email/abc',
      '/trip/abc',
    ]) {
      const response = await development.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expectCommonHeaders(response, url);
    }
    for (const url of [
      '/reset-passwords',
      '/forgot-password',
      '/api/user/reset-password',
      '/verify-emails',
      '/trips',
    ]) {
      const response = await development.inject(url);
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  describe('the sandbox checkout page', () => {
    const openCheckout = async (expiresAt: Date) => {
      const provider = createSandboxProvider({
        db: database.handle.db,
        publicBaseUrl: 'http://localhost:3000',
        now: () => NOW,
      });
      const { url } = await provider.createCheckout({
        appointmentId: randomUUID(),
        amountCents: 6600,
        productName: 'Tesla Model S',
        customerEmail: 'ann@example.com',
        metadata: { Date: '2030-03-05' },
        successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:3000/appointment/x',
        expiresAt,
        idempotencyKey: randomUUID(),
      });
      return new URL(url).pathname;
    };

    /** The hash of the `<style>` text the page really contains. */
    const servedStyleHash = (html: string) => {
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string);
      expect(styles).toHaveLength(1);
      return `'sha256-${createHash('sha256')
        .update(styles[0] as string)
        .digest('base64')}'`;
    };

    it('allows its inline style by the hash of the style it serves, nothing else inline', async () => {
      const path = await openCheckout(new Date(NOW.getTime() + 30 * 60_000));
      const response = await development.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<form method="post"');
      expectCommonHeaders(response, path);
      const styleSrc = directives(response).get('style-src');
      expect(styleSrc).toContain(servedStyleHash(response.body));
      expect(styleSrc).not.toContain("'unsafe-inline'");
      expect(directives(response).get('script-src')).toEqual(["'self'"]);
      // The route's own stricter policy is kept.
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.body).toContain(`<style>${PAGE_STYLE}</style>`);

      // The rest of the site does not get the page's hash.
      const site = await development.inject('/');
      expect(directives(site).get('style-src')).not.toContain(servedStyleHash(response.body));
    });

    it('does the same for the closed page, from a GET or a late POST', async () => {
      const path = await openCheckout(new Date(NOW.getTime() - 60_000));
      for (const response of [
        await development.inject(path),
        await development.inject({
          method: 'POST',
          url: `${path}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'name=Ann',
        }),
      ]) {
        expect(response.statusCode).toBe(410);
        expectCommonHeaders(response, path);
        expect(directives(response).get('style-src')).toContain(servedStyleHash(response.body));
      }
    });

    it('keeps the headers on its 404', async () => {
      const response = await development.inject(
        `/api/payments/sandbox/cs_sandbox_${'0'.repeat(48)}`,
      );
      expect(response.statusCode).toBe(404);
      expectCommonHeaders(response, '404');
    });
  });

  it('allows exactly the stylesheet the installed react-toastify injects', () => {
    // The site's toaster: its container adds ReactToastify.css as a <style> when it mounts.
    const require = createRequire(join(import.meta.dirname, '../../../web/package.json'));
    const packageDir = join(require.resolve('react-toastify/dist/ReactToastify.css'), '..');
    const css = readFileSync(join(packageDir, 'ReactToastify.css'), 'utf8');
    const bundle = readFileSync(join(packageDir, 'index.mjs'), 'utf8');
    expect(bundle, 'react-toastify no longer injects ReactToastify.css verbatim').toContain(
      `\`${css}\``,
    );
    expect(bundle).toContain('createElement(`style`)');
    expect(`'sha256-${createHash('sha256').update(css).digest('base64')}'`).toBe(
      TOASTIFY_STYLE_HASH,
    );
  });
});
