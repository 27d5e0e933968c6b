import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions } from '@app/db';
import {
  RevokeOtherSessionsResponseSchema,
  UserSessionsResponseSchema,
  type UserSession,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { Browser, expectFailure, expectSuccess } from '../../test/browser.ts';
import { createClock, DAY, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { SESSION_NOT_FOUND_MESSAGE } from './end-user-sessions.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe.each(await databaseKinds())('a user’s own sessions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    clock = createClock(new Date('2026-11-22T15:07:00Z'));
    app = await buildApp({ config: testConfig(), db: database.handle, now: clock.now });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** One account signed in on a laptop (Chrome on Windows), then on a phone (Safari on iOS). */
  const twoDevices = async () => {
    const laptop = new Browser(app);
    const email = await laptop.signUpAndIn();
    // The User-Agent of the sign-in names the device.
    await laptop.logout();
    expectSuccess(
      await laptop.login(email, undefined, { headers: { 'user-agent': CHROME_WINDOWS } }),
    );
    clock.advance(5 * MINUTE);
    const phone = new Browser(app);
    expectSuccess(
      await phone.login(email, undefined, { headers: { 'user-agent': SAFARI_IPHONE } }),
    );
    return { laptop, phone, email };
  };

  const list = async (browser: Browser): Promise<UserSession[]> => {
    const response = await browser.get('/api/user/sessions');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return UserSessionsResponseSchema.parse(response.json()).sessions;
  };

  it('lists the live sessions, the one used last first, with device, times and this device', async () => {
    const signedInAt = clock.now();
    const { laptop, phone } = await twoDevices();
    const fromPhone = await list(phone);
    expect(fromPhone).toEqual([
      {
        id: expect.any(String),
        device: 'Safari on iOS',
        createdAt: clock.now().toISOString(),
        lastUsedAt: clock.now().toISOString(),
        current: true,
      },
      {
        id: expect.any(String),
        device: 'Chrome on Windows',
        createdAt: signedInAt.toISOString(),
        lastUsedAt: signedInAt.toISOString(),
        current: false,
      },
    ]);
    const fromLaptop = await list(laptop);
    expect(fromLaptop.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iOS', false],
      ['Chrome on Windows', true],
    ]);
    // The ids are opaque: neither the cookie nor the hash the database keys sessions by.
    const hashes = [laptop.sid, phone.sid].map((sid) => hashToken(sid as string));
    for (const session of fromPhone) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect([laptop.sid, phone.sid, ...hashes]).not.toContain(session.id);
    }
  });

  it('shows last use as the session is used, and leaves ended sessions out', async () => {
    const { laptop, phone } = await twoDevices();
    clock.advance(10 * MINUTE);
    await laptop.profile();
    const laptopUsedAt = clock.now().toISOString();
    clock.advance(2 * MINUTE);
    expect(await list(phone)).toEqual([
      expect.objectContaining({ device: 'Safari on iOS', lastUsedAt: clock.now().toISOString() }),
      expect.objectContaining({ device: 'Chrome on Windows', lastUsedAt: laptopUsedAt }),
    ]);
    // The laptop left idle past the customers' timeout (7 days) while the phone is used: gone.
    clock.advance(4 * DAY);
    expect(await phone.profile()).not.toBeNull();
    clock.advance(4 * DAY);
    expect(await phone.profile()).not.toBeNull();
    expect((await list(phone)).map((s) => s.device)).toEqual(['Safari on iOS']);
  });

  it('ends another device’s session: that browser is signed out, this one is not', async () => {
    const { laptop, phone } = await twoDevices();
    const target = (await list(phone)).find((s) => !s.current) as UserSession;
    const response = await phone.post('/api/user/sessions/revoke', { id: target.id });
    expectSuccess(response, 'Signed out of that device.');
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(await laptop.profile()).toBeNull();
    expect(await phone.profile()).not.toBeNull();
    expect((await list(phone)).map((s) => s.current)).toEqual([true]);
    // Once only.
    expectFailure(
      await phone.post('/api/user/sessions/revoke', { id: target.id }),
      404,
      SESSION_NOT_FOUND_MESSAGE,
    );
  });

  it('ends this device’s own session like a logout', async () => {
    const { phone } = await twoDevices();
    const mine = (await list(phone)).find((s) => s.current) as UserSession;
    const response = await phone.post('/api/user/sessions/revoke', { id: mine.id });
    expectSuccess(response);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await phone.profile()).toBeNull();
  });

  it('cannot end another user’s session: 404, and that session lives on', async () => {
    const ann = await twoDevices();
    const bob = await twoDevices();
    const annSession = (await list(ann.laptop)).find((s) => s.current) as UserSession;
    expectFailure(
      await bob.phone.post('/api/user/sessions/revoke', { id: annSession.id }),
      404,
      SESSION_NOT_FOUND_MESSAGE,
    );
    expectFailure(
      await bob.phone.post('/api/user/sessions/revoke', { id: randomUUID() }),
      404,
      SESSION_NOT_FOUND_MESSAGE,
    );
    expect(await ann.laptop.profile()).toMatchObject({ email: ann.email });
    // Nor can ending "the others" reach beyond the caller's own.
    await bob.phone.post('/api/user/sessions/revoke-others');
    expect(await ann.laptop.profile()).toMatchObject({ email: ann.email });
    expect(await ann.phone.profile()).toMatchObject({ email: ann.email });
  });

  it('ends every other session of the user and answers how many', async () => {
    const { laptop, phone, email } = await twoDevices();
    const tablet = new Browser(app);
    expectSuccess(await tablet.login(email));
    const response = await phone.post('/api/user/sessions/revoke-others');
    expect(response.statusCode, response.body).toBe(200);
    expect(RevokeOtherSessionsResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: 'Signed out of every other device.',
      ended: 2,
    });
    expect(await laptop.profile()).toBeNull();
    expect(await tablet.profile()).toBeNull();
    expect(await phone.profile()).toMatchObject({ email });
    expect(
      RevokeOtherSessionsResponseSchema.parse(
        (await phone.post('/api/user/sessions/revoke-others')).json(),
      ).ended,
    ).toBe(0);
  });

  it('needs a signed-in user, the CSRF token and a well-formed id', async () => {
    const visitor = new Browser(app);
    expectFailure(await visitor.get('/api/user/sessions'), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(
      await visitor.post('/api/user/sessions/revoke', { id: randomUUID() }),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
    expectFailure(
      await visitor.post('/api/user/sessions/revoke-others'),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );

    const { laptop, phone } = await twoDevices();
    const other = (await list(phone)).find((s) => !s.current) as UserSession;
    const noToken = await phone.post(
      '/api/user/sessions/revoke',
      { id: other.id },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    expect(
      (await phone.post('/api/user/sessions/revoke-others', {}, { csrf: false })).statusCode,
    ).toBe(403);
    expect(await laptop.profile()).not.toBeNull();

    for (const body of [
      {},
      { id: 'not-a-uuid' },
      { id: 42 },
      { id: other.id.toUpperCase() + 'x' },
    ]) {
      expectFailure(await phone.post('/api/user/sessions/revoke', body), 400, 'Invalid session id');
    }
    const rows = await database.handle.db.select().from(sessions).where(eq(sessions.id, other.id));
    expect(rows).toHaveLength(1);
  });
});
