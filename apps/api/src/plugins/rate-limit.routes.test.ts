import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../app.ts';
import { INVALID_LOGIN_MESSAGE } from '../modules/auth/authenticate-user.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../modules/auth/auth.routes.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueAddress,
  uniqueEmail,
} from '../test/browser.ts';
import { createClock, MINUTE, type TestClock } from '../test/clock.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { redisAvailable, redisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.ts';
import {
  createMemoryStore,
  createRedisStore,
  emailKey,
  type RateLimitStore,
} from './rate-limit.ts';

const LOGIN_LIMITED = MESSAGES.tooManyLoginAttempts; // Too many failed attempts. Please try again later.
const RESET_LIMITED = MESSAGES.tooManyRequests; // Too many requests, please try again later.
const WRONG = 'wrong password 1!';

const config = testConfig({
  rateLimits: {
    ...testConfig().rateLimits,
    loginPerEmail: { max: 5, windowMs: 15 * MINUTE },
    loginPerIp: { max: 3, windowMs: 15 * MINUTE },
    signupPerIp: { max: 2, windowMs: 60 * MINUTE },
    resetPerEmail: { max: 3, windowMs: 60 * MINUTE },
    resetPerIp: { max: 2, windowMs: 15 * MINUTE },
  },
});

const redisUp = await redisAvailable();

type StoreKind = 'memory' | 'redis';

describe.each<StoreKind>(['memory', 'redis'])('rate limits with the %s store', (storeKind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let store: RateLimitStore;
  let clock: TestClock;
  const prefix = uniqueRedisPrefix();
  const skip = storeKind === 'redis' && !redisUp;

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase('pglite', { seed: false });
    clock = createClock();
    store =
      storeKind === 'memory'
        ? createMemoryStore(clock.millis)
        : createRedisStore(TEST_REDIS_URL, prefix);
    app = await buildApp({
      config,
      db: database.handle,
      now: clock.now,
      rateLimitStore: store,
      mailer: { send: async () => {}, close: () => {} },
    });
  });
  afterAll(async () => {
    if (skip) return;
    await app.close();
    await store.close();
    await database.drop();
    if (storeKind === 'redis') await redisKeys(prefix).cleanUp();
  });

  /** An account made from its own address, so the signup limit is never in the way. */
  const account = async () => {
    const email = uniqueEmail('limited');
    expectSuccess(await new Browser(app).register({ email }));
    return email;
  };

  it.skipIf(skip)(
    'refuses the 6th login for an email after 5 failures, even with the right password',
    async () => {
      const email = await account();
      for (let i = 0; i < 5; i += 1) {
        // A fresh address each time: this is the per-email limit, not the per-IP one.
        expectFailure(await new Browser(app).login(email, WRONG), 401, INVALID_LOGIN_MESSAGE);
      }
      expectFailure(await new Browser(app).login(email, PASSWORD), 429, LOGIN_LIMITED);
      expectFailure(
        await new Browser(app).login(email.toUpperCase(), PASSWORD),
        429,
        LOGIN_LIMITED,
      );
    },
  );

  it.skipIf(skip)(
    'keeps the email’s failure count through a successful login, until its window ends',
    async () => {
      const email = await account();
      for (let i = 0; i < 4; i += 1) {
        expectFailure(await new Browser(app).login(email, WRONG), 401, INVALID_LOGIN_MESSAGE);
      }
      // The account's holder signs in: someone guessing at it gets no fresh five.
      expectSuccess(await new Browser(app).login(email, PASSWORD));
      expectFailure(await new Browser(app).login(email, WRONG), 401, INVALID_LOGIN_MESSAGE);
      expectFailure(await new Browser(app).login(email, WRONG), 429, LOGIN_LIMITED);
      expectFailure(await new Browser(app).login(email, PASSWORD), 429, LOGIN_LIMITED);
    },
  );

  it.skipIf(skip)('limits failed logins per IP across emails', async () => {
    const email = await account();
    const address = uniqueAddress();
    const attacker = new Browser(app, { address });
    for (let i = 0; i < 3; i += 1) {
      expectFailure(await attacker.login(uniqueEmail('spray'), WRONG), 401, INVALID_LOGIN_MESSAGE);
    }
    expectFailure(await attacker.login(email, PASSWORD), 429, LOGIN_LIMITED);
    expectFailure(await new Browser(app, { address }).login(email, PASSWORD), 429, LOGIN_LIMITED);
    // Another address is not affected.
    expectSuccess(await new Browser(app).login(email, PASSWORD));
  });

  it.skipIf(skip)('does not count successful logins against the IP', async () => {
    const email = await account();
    const browser = new Browser(app);
    for (let i = 0; i < 5; i += 1) expectSuccess(await browser.login(email, PASSWORD));
  });

  it.skipIf(skip)('limits signups per IP', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.register({ email: uniqueEmail() }));
    expectSuccess(await browser.register({ email: uniqueEmail() }));
    const email = uniqueEmail();
    expectFailure(await browser.register({ email }), 429, LOGIN_LIMITED);
    expectSuccess(await new Browser(app).register({ email }));
  });

  it.skipIf(skip)('limits forgot-password requests per email, whatever the address', async () => {
    const email = await account();
    for (let i = 0; i < 3; i += 1) {
      expectSuccess(
        await new Browser(app).post('/api/user/forgot-password', { email }),
        FORGOT_PASSWORD_MESSAGE,
      );
    }
    const limited = await new Browser(app).post('/api/user/forgot-password', {
      email: email.toUpperCase(),
    });
    expectFailure(limited, 429, RESET_LIMITED);
  });

  it.skipIf(skip)('limits forgot-password requests per email for unknown emails too', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 3; i += 1) {
      expectSuccess(await new Browser(app).post('/api/user/forgot-password', { email }));
    }
    expectFailure(
      await new Browser(app).post('/api/user/forgot-password', { email }),
      429,
      RESET_LIMITED,
    );
  });

  it.skipIf(skip)('limits forgot-password requests per IP, across emails', async () => {
    const browser = new Browser(app);
    expectSuccess(await browser.post('/api/user/forgot-password', { email: uniqueEmail() }));
    expectSuccess(await browser.post('/api/user/forgot-password', { email: uniqueEmail() }));
    expectFailure(
      await browser.post('/api/user/forgot-password', { email: uniqueEmail() }),
      429,
      RESET_LIMITED,
    );
    expectSuccess(
      await new Browser(app).post('/api/user/forgot-password', { email: uniqueEmail() }),
    );
  });

  it.skipIf(skip)('counts reset-password attempts against the same per-IP limit', async () => {
    const browser = new Browser(app);
    const attempt = () =>
      browser.post('/api/user/reset-password', {
        token: 'a'.repeat(43),
        newPassword: 'N3w password!',
      });
    expectFailure(await attempt(), 400);
    expectFailure(await attempt(), 400);
    expectFailure(await attempt(), 429, RESET_LIMITED);
  });

  if (storeKind === 'memory') {
    it('lets an email try again once the window has passed', async () => {
      const email = await account();
      for (let i = 0; i < 5; i += 1) await new Browser(app).login(email, WRONG);
      expectFailure(await new Browser(app).login(email, PASSWORD), 429, LOGIN_LIMITED);
      clock.advance(15 * MINUTE);
      expectSuccess(await new Browser(app).login(email, PASSWORD));
    });
  } else {
    it.skipIf(skip)(
      'keeps its counters in Redis under the prefix, each expiring with its window',
      async () => {
        const email = await account();
        await new Browser(app).login(email, WRONG);
        const keys = redisKeys(prefix);
        try {
          const key = `${prefix}${emailKey('login', email)}`;
          // The shared store never holds the address itself.
          expect((await keys.keys()).join(' ')).not.toContain(email);
          expect(await keys.keys()).toContain(key);
          expect(Number(await keys.client.get(key))).toBe(1);
          const ttl = await keys.client.pttl(key);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(15 * MINUTE);
          // Later failures do not push the window's end back.
          await new Promise((resolve) => setTimeout(resolve, 20));
          await new Browser(app).login(email, WRONG);
          expect(await keys.client.pttl(key)).toBeLessThan(ttl);
          // A success leaves the email's counter to its window.
          expectSuccess(await new Browser(app).login(email, PASSWORD));
          expect(Number(await keys.client.get(key))).toBe(2);
        } finally {
          await keys.client.quit();
        }
      },
    );
  }
});
