import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { feedback, users } from '@app/db';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { Browser, expectFailure, expectSuccess, uniqueEmail } from '../../test/browser.ts';
import { createClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

const RATING_MESSAGE = 'Rating must be a whole number from 0 to 5.';
const EMOJI_MESSAGE = 'Mood must be sad, neutral, happy or empty.';
const TOO_LONG_MESSAGE = 'Feedback must be at most 2000 characters.';
const NOW = new Date('2026-11-22T15:07:00Z');

const GOOD = {
  feedback: 'Great driver, clean car.',
  rating: 5,
  isAnonymous: false,
  emoji: 'happy',
};

describe.each(await databaseKinds())('POST /api/feedback/leave-feedback on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let browser: Browser;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle, now: createClock(NOW).now });
    browser = new Browser(app);
    const email = await browser.signUpAndIn(uniqueEmail('feedback'));
    const [row] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    userId = row?.id as string;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const send = (body: Record<string, unknown>, from = browser) =>
    from.post('/api/feedback/leave-feedback', body);
  const rowsWith = (message: string) =>
    database.handle.db.select().from(feedback).where(eq(feedback.message, message));

  it('needs sign-in: a visitor gets 401 and nothing is stored', async () => {
    const message = 'From a visitor';
    expectFailure(
      await send({ ...GOOD, feedback: message }, new Browser(app)),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
    expect(await rowsWith(message)).toEqual([]);
  });

  it('thanks the user and stores the feedback linked to them', async () => {
    const message = `Linked ${Date.now()}`;
    const response = await send({
      ...GOOD,
      feedback: `  ${message}  `,
      rating: 4,
      emoji: 'neutral',
    });
    expectSuccess(response, MESSAGES.feedbackThanks);
    expect(response.json()).toEqual({ success: true, message: 'Thank you for your feedback!' });
    const [row] = await rowsWith(message);
    expect(row).toMatchObject({
      userId,
      rating: 4,
      emoji: 'neutral',
      isAnonymous: false,
      createdAt: NOW,
    });
  });

  it('stores anonymous feedback with no user_id at all', async () => {
    const message = `Anonymous ${Date.now()}`;
    expectSuccess(
      await send({ ...GOOD, feedback: message, isAnonymous: true }),
      MESSAGES.feedbackThanks,
    );
    const [row] = await rowsWith(message);
    expect(row).toMatchObject({ userId: null, isAnonymous: true });
  });

  it('refuses blank feedback: Please enter your feedback', async () => {
    for (const text of ['', '   ', '\n\t ']) {
      expectFailure(await send({ ...GOOD, feedback: text }), 400, MESSAGES.feedbackRequired);
    }
    const withoutText: Record<string, unknown> = { ...GOOD, feedback: undefined };
    expectFailure(await send(withoutText), 400, MESSAGES.feedbackRequired);
  });

  it('accepts 2000 characters and refuses 2001', async () => {
    const longest = `${Date.now()}`.padEnd(2000, 'x');
    expectSuccess(await send({ ...GOOD, feedback: longest }));
    expect(await rowsWith(longest)).toHaveLength(1);
    const tooLong = `${Date.now()}`.padEnd(2001, 'y');
    expectFailure(await send({ ...GOOD, feedback: tooLong }), 400, TOO_LONG_MESSAGE);
    expect(await rowsWith(tooLong)).toEqual([]);
  });

  it('refuses a rating outside 0-5 or not a whole number', async () => {
    for (const rating of [-1, 6, 2.5, '5', null, Number.MAX_SAFE_INTEGER + 2]) {
      expectFailure(await send({ ...GOOD, rating }), 400, RATING_MESSAGE);
    }
    const withoutRating: Record<string, unknown> = { ...GOOD, rating: undefined };
    expectFailure(await send(withoutRating), 400, RATING_MESSAGE);
  });

  it('accepts every rating from 0 (none given) to 5', async () => {
    for (const rating of [0, 1, 2, 3, 4, 5]) {
      expectSuccess(await send({ ...GOOD, rating, feedback: `Rated ${rating}` }));
    }
  });

  it('refuses a mood other than sad, neutral, happy or empty', async () => {
    for (const emoji of ['angry', 'Happy', '😀', null, 1]) {
      expectFailure(await send({ ...GOOD, emoji }), 400, EMOJI_MESSAGE);
    }
    for (const emoji of ['sad', 'neutral', 'happy', '']) {
      expectSuccess(await send({ ...GOOD, emoji, feedback: `Mood ${emoji || 'none'}` }));
    }
  });

  it('refuses an isAnonymous that is not a boolean', async () => {
    for (const isAnonymous of ['true', 1, null]) {
      expectFailure(
        await send({ ...GOOD, isAnonymous }),
        400,
        'isAnonymous must be true or false.',
      );
    }
  });

  it('ignores a user id sent in the body', async () => {
    const other = new Browser(app);
    const otherEmail = await other.signUpAndIn(uniqueEmail('other'));
    const [otherRow] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, otherEmail));
    const message = `Spoofed ${Date.now()}`;
    expectSuccess(
      await send({ ...GOOD, feedback: message, userId: otherRow?.id, user_id: otherRow?.id }),
    );
    expect((await rowsWith(message))[0]?.userId).toBe(userId);
  });
});
