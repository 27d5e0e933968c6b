import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@app/db';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { newToken } from '../../lib/tokens.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { createClock, DAY, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

const PROFILE = {
  name: 'Sam Session',
  address: '1 Main St, Norfolk, MA',
  phone: '555-222-3333',
  gender: 'Male',
  dob: '1990-04-05',
};

describe.each(await databaseKinds())('sessions on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  const config = testConfig();
  const { idleTimeoutMs, maxAgeMs } = config.session;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    clock = createClock();
    app = await buildApp({ config, db: database.handle, now: clock.now });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const userId = async (email: string) =>
    (await database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]
      ?.id;

  it('logout ends the session: the old cookie resolves no one and cannot update the profile', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    const sessionCookie = browser.sid;
    const sessionCsrf = await browser.csrfToken();
    expect(await browser.profile()).toMatchObject({ email });

    const response = await browser.logout();
    expectSuccess(response, MESSAGES.loggedOut);
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(browser.sid).toBeUndefined();
    expect(await browser.profile()).toBeNull();

    // Someone who kept the old cookie (and its valid CSRF token) gets nothing from it.
    const replay = new Browser(app);
    replay.setSid(sessionCookie);
    expect(await replay.profile()).toBeNull();
    const update = await replay.post('/api/user/update-profile', PROFILE, { csrf: sessionCsrf });
    expectFailure(update, 401, NOT_SIGNED_IN_MESSAGE);
  });

  it('logout only ends this browser’s session, not the user’s other ones', async () => {
    const laptop = new Browser(app);
    const email = await laptop.signUpAndIn();
    const phone = new Browser(app);
    expectSuccess(await phone.login(email));
    expectSuccess(await laptop.logout());
    expect(await phone.profile()).toMatchObject({ email });
  });

  it('logout as a visitor still answers success', async () => {
    expectSuccess(await new Browser(app).logout(), MESSAGES.loggedOut);
  });

  it('resolves no one from a random or malformed cookie value', async () => {
    for (const value of [newToken(), 'x', `${newToken()}x`, "'; drop table sessions; --"]) {
      const stranger = new Browser(app);
      stranger.setSid(value);
      expect(await stranger.profile()).toBeNull();
      const update = await stranger.post('/api/user/update-profile', PROFILE);
      expect([401, 403]).toContain(update.statusCode);
      expectFailure(update, update.statusCode);
    }
  });

  it('a new login replaces the browser’s earlier session (no fixation)', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    const first = browser.sid;
    expectSuccess(await browser.login(email));
    expect(browser.sid).not.toBe(first);
    const old = new Browser(app);
    old.setSid(first);
    expect(await old.profile()).toBeNull();
  });

  it('stores only the SHA-256 of the cookie, never the cookie value', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    const cookie = browser.sid as string;
    const rows = await database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (await userId(email)) as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(cookie).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(cookie);
    const all = await database.handle.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(cookie);
  });

  it('keeps the password as an argon2id hash', async () => {
    const email = await new Browser(app).signUpAndIn();
    const [row] = await database.handle.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    clock.advance(idleTimeoutMs - MINUTE);
    expect(await browser.profile()).toMatchObject({ email });
    // That request counted as activity: another almost-idle stretch is still fine.
    clock.advance(idleTimeoutMs - MINUTE);
    expect(await browser.profile()).toMatchObject({ email });
    clock.advance(idleTimeoutMs + 1);
    expect(await browser.profile()).toBeNull();
    expectFailure(
      await browser.post('/api/user/update-profile', PROFILE),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
  });

  it('ends a session at its absolute age, however active', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    const step = Math.min(idleTimeoutMs / 2, DAY);
    let elapsed = 0;
    while (elapsed + step < maxAgeMs) {
      clock.advance(step);
      elapsed += step;
      expect(await browser.profile()).toMatchObject({ email });
    }
    clock.advance(maxAgeMs - elapsed);
    expect(await browser.profile()).toBeNull();
  });

  it('lets the user sign in again after a session expired', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    clock.advance(maxAgeMs + 1);
    expect(await browser.profile()).toBeNull();
    expectSuccess(await browser.login(email, PASSWORD));
    expect(await browser.profile()).toMatchObject({ email });
  });

  it('keeps two users’ sessions apart', async () => {
    const alice = new Browser(app);
    const bob = new Browser(app);
    const aliceEmail = await alice.signUpAndIn(uniqueEmail('alice'));
    const bobEmail = await bob.signUpAndIn(uniqueEmail('bob'));
    expect(await alice.profile()).toMatchObject({ email: aliceEmail });
    expect(await bob.profile()).toMatchObject({ email: bobEmail });
  });
});
