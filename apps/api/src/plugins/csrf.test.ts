import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { CSRF_FAILED_MESSAGE } from './csrf.ts';

describe('CSRF protection', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle });
    // A state-changing route like the ones later features add, to exercise the global check.
    app.post('/api/test/echo', async (request) => ({ success: true, body: request.body }));
    app.post('/api/test/webhook', { config: { csrf: false } }, async () => ({ success: true }));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const fetchToken = async (cookie?: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const setCookie = response.cookies.find((c) => c.name === 'sid');
    return { token: response.json<{ csrfToken: string }>().csrfToken, setCookie };
  };

  it('issues a token bound to an httpOnly, SameSite=Lax visitor cookie', async () => {
    const { token, setCookie } = await fetchToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(setCookie?.secure).toBeFalsy();

    const cookie = `sid=${setCookie?.value}`;
    const again = await fetchToken(cookie);
    expect(again.token).toBe(token);
    expect(again.setCookie).toBeUndefined();
  });

  it('accepts a state change carrying the token of its own cookie', async () => {
    const { token, setCookie } = await fetchToken();
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { cookie: `sid=${setCookie?.value}`, 'x-csrf-token': token },
      payload: { hello: 'world' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, body: { hello: 'world' } });
  });

  it('refuses a missing token, a wrong token, another visitor’s token and a missing cookie', async () => {
    const mine = await fetchToken();
    const theirs = await fetchToken();
    const cookie = `sid=${mine.setCookie?.value}`;
    const attempts: Record<string, string>[] = [
      { cookie },
      { cookie, 'x-csrf-token': 'forged' },
      { cookie, 'x-csrf-token': theirs.token },
      { 'x-csrf-token': mine.token },
    ];
    for (const headers of attempts) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers,
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: CSRF_FAILED_MESSAGE });
    }
  });

  it('lets a route that authenticates otherwise opt out', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/webhook', payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('uses a Secure __Host- cookie in production', async () => {
    const production = await buildApp({
      config: testConfig({
        env: 'production',
        isProduction: true,
        stripe: { secretKey: 'sk_test_unused', webhookSecret: 'whsec_unused' },
      }),
      db: database.handle,
    });
    try {
      const response = await production.inject({ method: 'GET', url: '/api/csrf-token' });
      const cookie = response.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});
