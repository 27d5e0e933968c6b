import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { INVALID_LOGIN_MESSAGE } from './authenticate-user.ts';

const LOGGED_IN = 'Logged in successfully';

describe.each(await databaseKinds())('POST /api/user/login on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let email: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle });
    email = uniqueEmail('login');
    expectSuccess(
      await new Browser(app).register({ name: 'Lena Login', email, phone: '5550001111' }),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('signs in and answers the success message', async () => {
    const response = await new Browser(app).login(email);
    expectSuccess(response, LOGGED_IN);
  });

  it('sets an httpOnly, SameSite=Lax session cookie different from the visitor cookie', async () => {
    const browser = new Browser(app);
    await browser.csrfToken();
    const visitorCookie = browser.sid;
    expect(visitorCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await browser.login(email);
    const set = response.cookies.find((c) => c.name === 'sid');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set?.maxAge).toBe(30 * 86_400);
    expect(set?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(set?.value).not.toBe(visitorCookie);
  });

  it('rotates the CSRF token: the visitor token no longer works, a new one does', async () => {
    const browser = new Browser(app);
    const visitorToken = await browser.csrfToken();
    expectSuccess(await browser.login(email));

    const stale = await browser.post('/api/user/logout', {}, { csrf: visitorToken });
    expectFailure(stale, 403, CSRF_FAILED_MESSAGE);
    expect(await browser.profile()).toMatchObject({ email });

    const fresh = await browser.csrfToken();
    expect(fresh).not.toBe(visitorToken);
    expectSuccess(await browser.post('/api/user/logout', {}, { csrf: fresh }));
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const wrongPassword = await new Browser(app).login(email, 'not the password 1!');
    const unknownEmail = await new Browser(app).login(uniqueEmail('nobody'), PASSWORD);
    expectFailure(wrongPassword, 401, INVALID_LOGIN_MESSAGE);
    expectFailure(unknownEmail, 401, INVALID_LOGIN_MESSAGE);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('takes about as long for an unknown email as for a wrong password (loosely)', async () => {
    const time = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    // An account of its own: five failures would lock the shared one.
    const timed = uniqueEmail('timed');
    expectSuccess(await new Browser(app).register({ email: timed }));
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy machine slows both alike. Only a gross gap (no hash at all) fails.
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(() => new Browser(app).login(timed, `wrong ${i}!`)));
      unknown.push(await time(() => new Browser(app).login(uniqueEmail('nobody'), PASSWORD)));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) / 5);
    expect(median(known)).toBeGreaterThan(median(unknown) / 5);
  });

  it('matches the email case-insensitively and ignores surrounding spaces', async () => {
    expectSuccess(await new Browser(app).login(email.toUpperCase()), LOGGED_IN);
    expectSuccess(await new Browser(app).login(`  ${email} `), LOGGED_IN);
  });

  it('does not match the password case-insensitively', async () => {
    expectFailure(
      await new Browser(app).login(email, PASSWORD.toUpperCase()),
      401,
      INVALID_LOGIN_MESSAGE,
    );
  });

  it('checks required fields, then the email format', async () => {
    const browser = new Browser(app);
    expectFailure(await browser.post('/api/user/login', {}), 400, MESSAGES.allFieldsRequired);
    expectFailure(await browser.login('', PASSWORD), 400, MESSAGES.allFieldsRequired);
    expectFailure(await browser.login(email, ''), 400, MESSAGES.allFieldsRequired);
    expectFailure(await browser.login('not-an-email', PASSWORD), 400, MESSAGES.invalidEmail);
  });

  it('answers the signed-in user from the profile after login', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.login(email));
    const response = await browser.get('/api/user/profile');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      user: {
        name: 'Lena Login',
        email,
        phone: '5550001111',
        address: '',
        gender: 'Not Selected',
        dob: '',
      },
    });
  });

  it('answers a visitor’s profile request with user null, not an error', async () => {
    const browser = new Browser(app);
    const response = await browser.get('/api/user/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, user: null });
    await browser.csrfToken();
    expect((await browser.get('/api/user/profile')).json()).toEqual({ success: true, user: null });
  });

  it('never sends the password hash to the browser', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.login(email));
    const body = (await browser.get('/api/user/profile')).body;
    expect(body).not.toMatch(/argon2|password|hash/i);
  });
});
