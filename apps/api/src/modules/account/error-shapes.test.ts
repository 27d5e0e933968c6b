import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import { buildApp } from '../../app.ts';
import { Browser, PASSWORD, expectFailure, uniqueEmail } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createFakeGoogle } from '../../test/google.ts';

const ACCOUNT_ROUTES = [
  '/api/user/register',
  '/api/user/login',
  '/api/user/logout',
  '/api/user/update-profile',
  '/api/user/forgot-password',
  '/api/user/reset-password',
  '/api/auth/google',
  '/api/feedback/leave-feedback',
];
const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';
const SECRET = 'postgres://admin:hunter2@db.internal/rides';

describe('account failures all answer { success: false, message }', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    const google = await createFakeGoogle();
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      googleVerifier: google.verifier,
      mailer: { send: async () => {}, close: () => {} },
    });
    browser = new Browser(app);
    await browser.signUpAndIn(uniqueEmail('shapes'));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const raw = async (url: string, payload: string, contentType = 'application/json') =>
    browser.request(
      { method: 'POST', url, payload, headers: { 'content-type': contentType } },
      { csrf: true },
    );

  it.each(ACCOUNT_ROUTES)('%s: a body that is not an object', async (url) => {
    if (url === '/api/user/logout') return; // logout reads no body
    for (const payload of ['[]', 'null', '"text"', '42']) {
      expectFailure(await raw(url, payload), 400);
    }
  });

  it.each(ACCOUNT_ROUTES)('%s: malformed JSON', async (url) => {
    expectFailure(await raw(url, '{"email": '), 400, 'The request body is not valid JSON.');
  });

  it.each(ACCOUNT_ROUTES)('%s: a form-encoded body is refused as not JSON', async (url) => {
    const response = await raw(url, 'email=a%40b.c', 'application/x-www-form-urlencoded');
    expectFailure(response, 415, 'Send the request as JSON (Content-Type: application/json).');
  });

  it.each(ACCOUNT_ROUTES)('%s: a text/plain body is refused as not JSON', async (url) => {
    expectFailure(
      await raw(url, 'email=a@b.c', 'text/plain'),
      415,
      'Send the request as JSON (Content-Type: application/json).',
    );
  });

  it.each(ACCOUNT_ROUTES)('%s: an oversized body', async (url) => {
    expectFailure(
      await raw(url, JSON.stringify({ x: 'x'.repeat(70 * 1024) })),
      413,
      'The request is too large.',
    );
  });

  it.each(ACCOUNT_ROUTES)('%s: fields of the wrong type', async (url) => {
    if (url === '/api/user/logout') return;
    const body = {
      name: 1,
      email: ['a@b.c'],
      password: { $ne: '' },
      phone: true,
      token: 7,
      newPassword: null,
      feedback: {},
      address: 5,
      dob: 19900101,
    };
    expectFailure(await browser.post(url, body), 400);
  });

  it('keeps prototype-pollution keys from doing anything', async () => {
    const response = await raw(
      '/api/user/login',
      '{"email":"x@example.com","password":"p","__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
    );
    expect([400, 401]).toContain(response.statusCode);
    expectFailure(response, response.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a database failure during account calls', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    const broken = new Proxy(database.handle.db, {
      get(target, property, receiver) {
        if (
          ['select', 'insert', 'update', 'delete', 'transaction', 'execute'].includes(
            String(property),
          )
        ) {
          return () => {
            throw new Error(`connect ECONNREFUSED ${SECRET}`);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const handle = { ...database.handle, db: broken } as DbHandle;
    app = await buildApp({ config: testConfig(), db: handle });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers 500 generically, without the stack or the connection string', async () => {
    const browser = new Browser(app);
    const attempts = [
      () => browser.register({ email: uniqueEmail() }),
      () => browser.login(uniqueEmail(), PASSWORD),
      () =>
        browser.post('/api/user/reset-password', {
          token: 'a'.repeat(43),
          newPassword: 'N3w password!',
        }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expectFailure(response, 500, GENERIC_FAILURE);
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('ECONNREFUSED');
    }
  });

  it('still answers forgot-password as usual: the reset link is made after the answer', async () => {
    const response = await new Browser(app).post('/api/user/forgot-password', {
      email: uniqueEmail(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hunter2');
  });

  it('answers the profile of a cookie it cannot check with 500, not as a visitor', async () => {
    const browser = new Browser(app);
    await browser.csrfToken();
    expectFailure(await browser.get('/api/user/profile'), 500, GENERIC_FAILURE);
  });
});
