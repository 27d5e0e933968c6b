import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@app/db';
import { buildApp } from '../../app.ts';
import { Browser, expectSuccess, PASSWORD } from '../../test/browser.ts';
import { createClock, DAY, HOUR, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

/*
 * An owner's session lasts 30 minutes idle and 12 hours at most, a chauffeur's 4 hours idle and
 * 14 at most, whatever the customers' settings (here 7 days and 30 days); a customer's is as
 * configured.
 */
describe.each(await databaseKinds())('owner sessions on %s', (kind) => {
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

  /** A new account made an owner (or a chauffeur), signed in afresh as one. */
  const signedInOwner = async (
    role: 'owner' | 'chauffeur' = 'owner',
  ): Promise<{ browser: Browser; email: string; userId: string }> => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    await database.handle.db.update(users).set({ role }).where(eq(users.email, email));
    const login = await browser.login(email, PASSWORD);
    expectSuccess(login);
    const cookie = login.cookies.find((c) => c.name === 'sid');
    // The cookie lives as long as the session may: 12 hours (an owner's), 14 (a chauffeur's).
    expect(cookie?.maxAge).toBe((role === 'owner' ? 12 : 14) * 60 * 60);
    const [row] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    return { browser, email, userId: row?.id as string };
  };

  it('ends an owner’s session after 30 minutes without a request', async () => {
    const { browser, email } = await signedInOwner();
    clock.advance(29 * MINUTE);
    expect(await browser.profile()).toMatchObject({ email, role: 'owner' });
    clock.advance(29 * MINUTE);
    expect(await browser.profile()).toMatchObject({ email });
    clock.advance(30 * MINUTE);
    expect(await browser.profile()).toBeNull();
  });

  it('keeps a chauffeur’s session a shift: 4 hours idle, 14 hours at most', async () => {
    const { browser, email } = await signedInOwner('chauffeur');
    clock.advance(3 * HOUR + 59 * MINUTE);
    expect(await browser.profile()).toMatchObject({ email, role: 'chauffeur' });
    clock.advance(4 * HOUR + MINUTE);
    expect(await browser.profile()).toBeNull();

    const { browser: busy } = await signedInOwner('chauffeur');
    for (let hours = 3; hours < 14; hours += 3) {
      clock.advance(3 * HOUR);
      expect(await busy.profile(), `after ${hours} hours`).not.toBeNull();
    }
    clock.advance(3 * HOUR);
    expect(await busy.profile()).toBeNull();
  });

  it('ends an owner’s session 12 hours after sign-in, however active', async () => {
    const { browser, userId } = await signedInOwner();
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect(await browser.profile(), `after ${elapsed / MINUTE + 20} minutes`).not.toBeNull();
    }
    clock.advance(20 * MINUTE);
    expect(await browser.profile()).toBeNull();
    const [row] = await database.handle.db
      .select({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(12 * HOUR);
  });

  it('ends a customer’s older session at once when the account becomes an owner’s', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    clock.advance(13 * HOUR);
    expect(await browser.profile()).toMatchObject({ email });
    await database.handle.db.update(users).set({ role: 'owner' }).where(eq(users.email, email));
    expect(await browser.profile()).toBeNull();
  });

  it('keeps a customer’s session as configured: days idle, not minutes', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    clock.advance(6 * DAY);
    const profile = await browser.profile();
    expect(profile).toMatchObject({ email });
    expect(profile).not.toHaveProperty('role');
  });

  it('starts every session without the second factor', async () => {
    const { userId } = await signedInOwner();
    const rows = await database.handle.db
      .select({ mfaVerifiedAt: sessions.mfaVerifiedAt })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(rows).toEqual([{ mfaVerifiedAt: null }]);
  });
});
