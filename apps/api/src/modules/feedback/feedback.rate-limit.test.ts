import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { feedback } from '@app/db';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { createMemoryStore } from '../../plugins/rate-limit.ts';
import { signedInBrowser } from '../../test/booking.ts';
import { expectFailure, expectSuccess, type Browser } from '../../test/browser.ts';
import { createClock, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { FEEDBACK_PER_USER } from './feedback.routes.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('feedback flood on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = createClock(NOW);

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: clock.now,
      rateLimitStore: createMemoryStore(clock.millis),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const send = (browser: Browser, text: string) =>
    browser.post('/api/feedback/leave-feedback', {
      feedback: text,
      rating: 4,
      isAnonymous: false,
      emoji: '',
    });
  const stored = async (userId: string) =>
    (await database.handle.db.select().from(feedback).where(eq(feedback.userId, userId))).length;

  it('stores at most FEEDBACK_PER_USER an hour per account, then answers 429', async () => {
    const { browser, userId } = await signedInBrowser(app, database.handle.db, NOW);
    // Refused input does not use up the allowance.
    const blank = await browser.post('/api/feedback/leave-feedback', { feedback: ' ' });
    expect(blank.statusCode).toBe(400);
    for (let i = 1; i <= FEEDBACK_PER_USER.max; i += 1) {
      expectSuccess(await send(browser, `Note ${i}`), MESSAGES.feedbackThanks);
    }
    expectFailure(await send(browser, 'One too many'), 429, MESSAGES.tooManyRequests);
    expect(await stored(userId)).toBe(FEEDBACK_PER_USER.max);

    // Another account is not affected, and the first one may write again after the hour.
    const other = await signedInBrowser(app, database.handle.db, NOW);
    expectSuccess(await send(other.browser, 'From someone else'));
    clock.advance(FEEDBACK_PER_USER.windowMs + MINUTE);
    expectSuccess(await send(browser, 'An hour later'));
    expect(await stored(userId)).toBe(FEEDBACK_PER_USER.max + 1);
  });
});
