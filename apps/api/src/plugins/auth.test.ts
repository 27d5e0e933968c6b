import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@app/db';
import { buildApp } from '../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../errors.ts';
import { Browser, expectFailure } from '../test/browser.ts';
import { signedInBrowser } from '../test/booking.ts';
import { testConfig } from '../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { OWNER_ONLY_MESSAGE, signedInUser } from './auth.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('routes by role on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    // Two stand-ins, one for each level.
    const whoAmI = async (request: Parameters<typeof signedInUser>[0]) => ({
      success: true,
      user: signedInUser(request),
    });
    app.get('/api/test/customer', { config: { auth: 'customer' } }, whoAmI);
    app.get('/api/test/owner', { config: { auth: 'owner' } }, whoAmI);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers a visitor 401 on customer and owner routes alike', async () => {
    const visitor = new Browser(app);
    expectFailure(await visitor.get('/api/test/customer'), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await visitor.get('/api/test/owner'), 401, NOT_SIGNED_IN_MESSAGE);
  });

  it('lets a customer through customer routes only: an owner route answers 403', async () => {
    const { browser, userId } = await signedInBrowser(app, database.handle.db, NOW);
    const mine = await browser.get('/api/test/customer');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ success: true, user: { id: userId, role: 'customer' } });
    expectFailure(await browser.get('/api/test/owner'), 403, OWNER_ONLY_MESSAGE);
  });

  it('lets an owner through both, reading the role afresh on each request', async () => {
    const { db } = database.handle;
    const { browser, userId } = await signedInBrowser(app, db, NOW, 'Olive Owner');
    expectFailure(await browser.get('/api/test/owner'), 403, OWNER_ONLY_MESSAGE);
    await db.update(users).set({ role: 'owner' }).where(eq(users.id, userId));
    // An owner route also needs a session that passed the second factor (owners.routes.test.ts).
    await db.update(sessions).set({ mfaVerifiedAt: NOW }).where(eq(sessions.userId, userId));
    for (const path of ['/api/test/owner', '/api/test/customer']) {
      const response = await browser.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toEqual({ success: true, user: { id: userId, role: 'owner' } });
    }
  });

  it('makes every new account a customer, and the database refuses an unknown role', async () => {
    const browser = new Browser(app);
    const email = await browser.signUpAndIn();
    const [user] = await database.handle.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email));
    expect(user?.role).toBe('customer');
    await expect(
      database.handle.db
        .update(users)
        .set({ role: 'admin' as never })
        .where(eq(users.id, user?.id ?? '')),
    ).rejects.toThrow();
  });
});
