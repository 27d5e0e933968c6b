import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { MESSAGES, googleNonce } from '@app/shared';
import { buildApp } from '../../app.ts';
import { INVALID_LOGIN_MESSAGE } from './authenticate-user.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createFakeGoogle, type FakeGoogle, type GoogleTokenClaims } from '../../test/google.ts';

const GOOGLE_OK = 'Logged in with Google';

let subCounter = 0;
const uniqueSub = () => `google-sub-${process.pid}-${Date.now()}-${(subCounter += 1)}`;

// One key pair for the whole file: RSA key generation is the slow part.
const google: FakeGoogle = await createFakeGoogle();

describe.each(await databaseKinds())('POST /api/auth/google on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      googleVerifier: google.verifier,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const signIn = (browser: Browser, token: string) => browser.post('/api/auth/google', { token });
  /** The nonce this browser's page would pass to Google. */
  const nonceOf = async (browser: Browser) => googleNonce(await browser.csrfToken());
  /** Signs in with a token Google issued to this browser. */
  const signInAs = async (browser: Browser, claims: GoogleTokenClaims) =>
    signIn(browser, await google.token({ ...claims, nonce: await nonceOf(browser) }));
  const userByEmail = async (email: string) =>
    (await database.handle.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates an account for a new Google identity and signs it in', async () => {
    const email = uniqueEmail('gnew');
    const sub = uniqueSub();
    const browser = new Browser(app);
    await browser.csrfToken();
    const visitorCookie = browser.sid;

    const response = await signInAs(browser, { sub, email, name: 'Grace Google' });
    expectSuccess(response, GOOGLE_OK);
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(browser.sid).not.toBe(visitorCookie);
    expect(await browser.profile()).toMatchObject({ name: 'Grace Google', email });

    const row = await userByEmail(email);
    expect(row).toMatchObject({ googleSub: sub, passwordHash: null });
  });

  it('signs the same Google account in again to the same user', async () => {
    const email = uniqueEmail('gagain');
    const sub = uniqueSub();
    expectSuccess(await signInAs(new Browser(app), { sub, email }));
    const first = await userByEmail(email);
    const browser = new Browser(app);
    expectSuccess(await signInAs(browser, { sub, email }), GOOGLE_OK);
    expect(await browser.profile()).toMatchObject({ email });
    const rows = await database.handle.db.select().from(users).where(eq(users.googleSub, sub));
    expect(rows.map((r) => r.id)).toEqual([first?.id]);
  });

  it('finds the account by sub even when the Google email changed', async () => {
    const email = uniqueEmail('gold');
    const sub = uniqueSub();
    expectSuccess(await signInAs(new Browser(app), { sub, email }));
    const browser = new Browser(app);
    expectSuccess(await signInAs(browser, { sub, email: uniqueEmail('gchanged') }));
    expect(await browser.profile()).toMatchObject({ email });
  });

  it('links a verified Google email to the existing confirmed password account (same user)', async () => {
    const email = uniqueEmail('glink');
    expectSuccess(await new Browser(app).register({ name: 'Pat Password', email }));
    // Confirmed as from its email (email-verification.routes.test.ts runs the link itself).
    await database.handle.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, email));
    const before = await userByEmail(email);

    const browser = new Browser(app);
    const sub = uniqueSub();
    expectSuccess(await signInAs(browser, { sub, email: email.toUpperCase() }), GOOGLE_OK);
    expect(await browser.profile()).toMatchObject({ email, name: 'Pat Password' });
    const after = await userByEmail(email);
    expect(after?.id).toBe(before?.id);
    expect(after?.googleSub).toBe(sub);
    // The password still works.
    expectSuccess(await new Browser(app).login(email, PASSWORD));
  });

  it('gives a Google-only account no password to log in with', async () => {
    const email = uniqueEmail('gonly');
    expectSuccess(await signInAs(new Browser(app), { sub: uniqueSub(), email }));
    expectFailure(await new Browser(app).login(email, PASSWORD), 401, INVALID_LOGIN_MESSAGE);
  });

  const refused: [string, (nonce: string) => Promise<string>][] = [
    [
      'a wrong audience',
      (nonce) =>
        google.token({ sub: uniqueSub(), email: uniqueEmail(), aud: 'someone-else', nonce }),
    ],
    [
      'a wrong issuer',
      (nonce) =>
        google.token({
          sub: uniqueSub(),
          email: uniqueEmail(),
          iss: 'https://evil.example',
          nonce,
        }),
    ],
    [
      'an expired token',
      (nonce) => {
        const now = Math.floor(Date.now() / 1000);
        return google.token({
          sub: uniqueSub(),
          email: uniqueEmail(),
          nonce,
          iat: now - 7200,
          exp: now - 3600,
        });
      },
    ],
    [
      'an unverified email',
      (nonce) =>
        google.token({ sub: uniqueSub(), email: uniqueEmail(), email_verified: false, nonce }),
    ],
    ['a token without email', (nonce) => google.token({ sub: uniqueSub(), nonce })],
    ['a token without a nonce', () => google.token({ sub: uniqueSub(), email: uniqueEmail() })],
    [
      "a token Google issued to another browser (another visitor's nonce)",
      async () =>
        google.token({
          sub: uniqueSub(),
          email: uniqueEmail(),
          nonce: await nonceOf(new Browser(app)),
        }),
    ],
    [
      'a bad signature (another key)',
      (nonce) => google.forgedToken({ sub: uniqueSub(), email: uniqueEmail(), nonce }),
    ],
    ['garbage', async () => 'not-a-jwt'],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = (
          await google.token({ sub: uniqueSub(), email: uniqueEmail() })
        ).split('.');
        const payload = Buffer.from(
          JSON.stringify({
            sub: 'x',
            email: 'admin@example.com',
            email_verified: true,
            aud: 'test-client',
            iss: 'https://accounts.google.com',
            exp: 9_999_999_999,
            iat: 1,
          }),
        ).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    [
      'an unsigned (alg none) token',
      async () => {
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: uniqueSub(), email: uniqueEmail(), email_verified: true, aud: 'test-client', iss: 'https://accounts.google.com', iat: now, exp: now + 3600 })}.`;
      },
    ],
  ];

  it.each(refused)(
    'refuses %s with 401 Google login failed, signing no one in',
    async (_, make) => {
      const browser = new Browser(app);
      const countBefore = (await database.handle.db.select().from(users)).length;
      const response = await signIn(browser, await make(await nonceOf(browser)));
      expectFailure(response, 401, MESSAGES.googleLoginFailed);
      expect(response.cookies).toEqual([]);
      expect(await browser.profile()).toBeNull();
      expect((await database.handle.db.select().from(users)).length).toBe(countBefore);
    },
  );

  it('refuses a missing or empty token with Google login failed', async () => {
    const browser = new Browser(app);
    expectFailure(await browser.post('/api/auth/google', {}), 400, MESSAGES.googleLoginFailed);
    expectFailure(
      await browser.post('/api/auth/google', { token: '' }),
      400,
      MESSAGES.googleLoginFailed,
    );
  });
});

describe('POST /api/auth/google without a configured client id', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({
      config: testConfig({ googleClientId: undefined }),
      db: database.handle,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers 404 with a clear message', async () => {
    const response = await new Browser(app).post('/api/auth/google', { token: 'anything' });
    expectFailure(response, 404, 'Google sign-in is not available.');
  });
});
