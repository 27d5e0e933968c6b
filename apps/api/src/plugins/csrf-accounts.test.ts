import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { feedback, users } from '@app/db';
import { buildApp } from '../app.ts';
import { Browser, PASSWORD, expectFailure, expectSuccess, uniqueEmail } from '../test/browser.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createFakeGoogle, type FakeGoogle } from '../test/google.ts';
import { CSRF_FAILED_MESSAGE } from './csrf.ts';

describe('CSRF on every state-changing account route', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let google: FakeGoogle;
  let email: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    google = await createFakeGoogle();
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      googleVerifier: google.verifier,
      mailer: { send: async () => {}, close: () => {} },
    });
    email = await new Browser(app).signUpAndIn(uniqueEmail('csrf'));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const routes: [string, () => Promise<Record<string, unknown>>][] = [
    [
      '/api/user/register',
      async () => ({
        name: 'Eve',
        email: uniqueEmail('eve'),
        password: PASSWORD,
        phone: '5551112222',
      }),
    ],
    ['/api/user/login', async () => ({ email, password: PASSWORD })],
    ['/api/user/logout', async () => ({})],
    [
      '/api/user/update-profile',
      async () => ({
        name: 'Hacked',
        address: 'Evil St',
        phone: '5551112222',
        gender: 'Male',
        dob: '1990-01-01',
      }),
    ],
    ['/api/user/forgot-password', async () => ({ email })],
    [
      '/api/user/reset-password',
      async () => ({ token: 'a'.repeat(43), newPassword: 'N3w password!' }),
    ],
    [
      '/api/auth/google',
      async () => ({ token: await google.token({ sub: 'g-csrf', email: uniqueEmail('g') }) }),
    ],
    [
      '/api/feedback/leave-feedback',
      async () => ({ feedback: 'Forged', rating: 1, isAnonymous: false, emoji: '' }),
    ],
  ];

  /** A signed-in victim: the routes needing a session must fail on CSRF, not on sign-in. */
  const victim = async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.login(email));
    return browser;
  };

  describe.each(routes)('POST %s', (url, body) => {
    it('is refused with 403 without the X-CSRF-Token header', async () => {
      const browser = await victim();
      const cookieBefore = browser.sid;
      const response = await browser.post(url, await body(), { csrf: false });
      expectFailure(response, 403, CSRF_FAILED_MESSAGE);
      expect(response.cookies).toEqual([]);
      expect(browser.sid).toBe(cookieBefore);
    });

    it('is refused with 403 carrying another visitor’s token', async () => {
      const browser = await victim();
      const attackerToken = await new Browser(app).csrfToken();
      const response = await browser.post(url, await body(), { csrf: attackerToken });
      expectFailure(response, 403, CSRF_FAILED_MESSAGE);
    });

    it('is refused with 403 with the header but no cookie at all', async () => {
      const attacker = new Browser(app);
      const token = await attacker.csrfToken();
      attacker.setSid(undefined);
      const response = await attacker.post(url, await body(), { csrf: token });
      expectFailure(response, 403, CSRF_FAILED_MESSAGE);
    });

    it('passes the CSRF check with the browser’s own token', async () => {
      const browser = await victim();
      const response = await browser.post(url, await body());
      expect(response.statusCode, response.body).not.toBe(403);
    });
  });

  it('changes nothing when refused: no profile update, no feedback, no account, no sign-out', async () => {
    const browser = await victim();
    const before = await browser.profile();
    const forged = { csrf: false } as const;
    await browser.post('/api/user/update-profile', (await routes[3]?.[1]()) ?? {}, forged);
    await browser.post(
      '/api/feedback/leave-feedback',
      { feedback: 'Forged and refused', rating: 1, isAnonymous: false, emoji: '' },
      forged,
    );
    const newEmail = uniqueEmail('forged');
    await browser.post(
      '/api/user/register',
      { name: 'Eve', email: newEmail, password: PASSWORD, phone: '5551112222' },
      forged,
    );
    await browser.post('/api/user/logout', {}, forged);

    expect(await browser.profile()).toEqual(before);
    expect(before).toMatchObject({ email });
    expect(
      await database.handle.db
        .select()
        .from(feedback)
        .where(eq(feedback.message, 'Forged and refused')),
    ).toEqual([]);
    expect(await database.handle.db.select().from(users).where(eq(users.email, newEmail))).toEqual(
      [],
    );
  });
});
