import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, auditEvents, reviews, type Database } from '@app/db';
import {
  MESSAGES,
  PublicReviewsSchema,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  type OwnerReviewsResponse,
  type PublicReviews,
  type RideReviewResponse,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure, expectSuccess } from '../../test/browser.ts';
import { createClock, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { RIDE_NOT_FOUND_MESSAGE } from '../appointments/own-ride.ts';

const GOOGLE = 'https://g.page/r/norfolk-rides/review';
const GOOD = { stars: 5, text: 'Spotless car, right on time.', tags: ['On time', 'Clean car'] };

/** Verified reviews (issue 31): only the ride's customer, only completed, only once. */
describe.each(await databaseKinds())('reviews on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let clock: TestClock;
  let tesla: string;
  let escalade: string;
  let rides = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    clock = createClock(new Date('2026-11-28T15:00:00Z'));
    app = await buildApp({
      config: testConfig({ googleReviewUrl: GOOGLE }),
      db: database.handle,
      now: clock.now,
    });
    tesla = await serviceIdByName(db, 'Tesla Model S');
    escalade = await serviceIdByName(db, 'Chevrolet Suburban');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A ride of the customer's on its own day of November, in the status given. */
  const ride = (
    userId: string,
    status: 'completed' | 'paid' | 'no_show' | 'cancelled' = 'completed',
    serviceId = tesla,
  ) =>
    insertAppointment(db, {
      userId,
      serviceId,
      // Each on its own slot, all in the past.
      slotDate: `${1 + (rides % 27)}_11_2026`,
      slotTime: ['9:00 AM', '1:00 PM', '5:00 PM'][Math.floor(rides++ / 27)] as string,
      status,
    });
  const customer = (name = 'Ann Rider') => signedInBrowser(app, db, clock.now(), name);
  const rate = (browser: Browser, id: string, body: Record<string, unknown> = GOOD) =>
    browser.post(`/api/appointments/${id}/review`, body);
  const publicReviews = async (): Promise<PublicReviews> => {
    const response = await new Browser(app).get('/api/reviews');
    expect(response.statusCode, response.body).toBe(200);
    return PublicReviewsSchema.parse(response.json());
  };

  it('takes the customer’s review of their completed ride, and offers the Google link', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId);
    const before = (await browser.get(`/api/appointments/${id}/review`)).json<RideReviewResponse>();
    expect(before).toEqual({ success: true, review: null, mayReview: true, googleReviewUrl: null });

    const response = await rate(browser, id, { ...GOOD, tags: ['Clean car', 'On time'] });
    expectSuccess(response, REVIEW_MESSAGES.thanks);
    expect(response.json()).toMatchObject({
      review: { stars: 5, text: GOOD.text, tags: ['On time', 'Clean car'], reply: null },
      mayReview: false,
      googleReviewUrl: GOOGLE,
    });
    const [row] = await db.select().from(reviews).where(eq(reviews.appointmentId, id));
    expect(row).toMatchObject({ userId, serviceId: tesla, stars: 5, createdAt: clock.now() });
  });

  it('offers the Google link after a bad rating just the same', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId);
    const response = await rate(browser, id, { stars: 1, text: 'Late and rude.' });
    expectSuccess(response);
    expect(response.json<RideReviewResponse>().googleReviewUrl).toBe(GOOGLE);
  });

  it('takes one review per ride: a second answers 409, and of two at once one is kept', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId);
    expectSuccess(await rate(browser, id));
    expectFailure(await rate(browser, id, { stars: 2 }), 409, REVIEW_MESSAGES.alreadyReviewed);

    const racing = await ride(userId);
    const answers = await Promise.all([
      rate(browser, racing, { stars: 4 }),
      rate(browser, racing, { stars: 2 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await db.select().from(reviews).where(eq(reviews.appointmentId, racing))).toHaveLength(
      1,
    );
  });

  it('takes a round trip’s review once, from either leg, on the booking', async () => {
    const { browser, userId } = await customer();
    const first = await ride(userId);
    const back = await ride(userId);
    await db.update(appointments).set({ returnOf: first }).where(eq(appointments.id, back));
    expectSuccess(await rate(browser, back));
    expectFailure(await rate(browser, first), 409, REVIEW_MESSAGES.alreadyReviewed);
    const mine = (await browser.get(`/api/appointments/${first}/review`)).json();
    expect(mine).toMatchObject({ mayReview: false, review: { stars: 5 } });
    expect(await db.select().from(reviews).where(eq(reviews.appointmentId, first))).toHaveLength(1);
  });

  it('answers 404 for someone else’s ride and 401 for a visitor, storing nothing', async () => {
    const owner = await customer();
    const id = await ride(owner.userId);
    const other = await customer('Mallory');
    expectFailure(await rate(other.browser, id), 404, RIDE_NOT_FOUND_MESSAGE);
    expectFailure(await other.browser.get(`/api/appointments/${id}/review`), 404);
    expectFailure(await rate(new Browser(app), id), 401, NOT_SIGNED_IN_MESSAGE);
    expect(await db.select().from(reviews).where(eq(reviews.appointmentId, id))).toEqual([]);
  });

  it('refuses a ride that is not completed', async () => {
    const { browser, userId } = await customer();
    for (const status of ['paid', 'no_show', 'cancelled'] as const) {
      const id = await ride(userId, status);
      expectFailure(await rate(browser, id), 409, REVIEW_MESSAGES.notCompleted);
      const view = (await browser.get(`/api/appointments/${id}/review`)).json();
      expect(view).toMatchObject({ mayReview: false, review: null });
    }
  });

  it('refuses stars outside 1 to 5, too many words and unknown tags', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId);
    for (const stars of [0, 6, 2.5, '5', null, undefined]) {
      expectFailure(await rate(browser, id, { stars }), 400, REVIEW_MESSAGES.stars);
    }
    const long = 'x'.repeat(REVIEW_TEXT_MAX + 1);
    expectFailure(await rate(browser, id, { stars: 4, text: long }), 400, REVIEW_MESSAGES.text);
    expectFailure(await rate(browser, id, { stars: 4, tags: ['Fast'] }), 400, REVIEW_MESSAGES.tags);
    expectFailure(
      await rate(browser, id, { stars: 4, tags: 'On time' }),
      400,
      REVIEW_MESSAGES.tags,
    );
    expect(await db.select().from(reviews).where(eq(reviews.appointmentId, id))).toEqual([]);
    // No words at all is a review too.
    expectSuccess(await rate(browser, id, { stars: 4 }));
  });

  it('shows reviews newest first with the first name, hides the hidden, and counts them for the owner', async () => {
    const owner = await signedInOwner(app, db, clock.now());
    const a = await customer('Beatrice Longname');
    const first = await ride(a.userId, 'completed', escalade);
    expectSuccess(await rate(a.browser, first, { stars: 2, text: 'Meh.' }));
    clock.advance(60_000);
    const b = await customer('Carl');
    const second = await ride(b.userId, 'completed', escalade);
    expectSuccess(await rate(b.browser, second, { stars: 4, text: 'Good.' }));
    const [secondRow] = await db.select().from(reviews).where(eq(reviews.appointmentId, second));
    const [firstRow] = await db.select().from(reviews).where(eq(reviews.appointmentId, first));

    let shown = await publicReviews();
    expect(shown.byCar[escalade]).toMatchObject({ count: 2, average: 3 });
    expect(shown.byCar[escalade]?.latest.map((r) => [r.firstName, r.text])).toEqual([
      ['Carl', 'Good.'],
      ['Beatrice', 'Meh.'],
    ]);
    expect(JSON.stringify(shown)).not.toContain('Longname');
    expect(shown.overall.latest[0]?.text).toBe('Good.');

    // The owner replies in public: the site shows it.
    const reply = await owner.browser.post(`/api/admin/reviews/${firstRow?.id}/reply`, {
      text: 'Sorry, we will do better.',
    });
    expectSuccess(reply, 'Your reply is on the site.');
    shown = await publicReviews();
    expect(shown.byCar[escalade]?.latest[1]?.reply).toEqual({
      text: 'Sorry, we will do better.',
      repliedAt: clock.now().toISOString(),
    });
    const mine = (await a.browser.get(`/api/appointments/${first}/review`)).json();
    expect(mine.review.reply.text).toBe('Sorry, we will do better.');

    // Hiding needs a reason; a hidden review leaves the site, not the owner's numbers.
    expectFailure(
      await owner.browser.post(`/api/admin/reviews/${secondRow?.id}/hide`, { reason: ' ' }),
      400,
      REVIEW_MESSAGES.reason,
    );
    expectSuccess(
      await owner.browser.post(`/api/admin/reviews/${secondRow?.id}/hide`, {
        reason: 'Names another customer.',
      }),
      'The review is hidden from the site.',
    );
    shown = await publicReviews();
    expect(shown.byCar[escalade]).toMatchObject({ count: 1, average: 2 });
    expect(shown.byCar[escalade]?.latest.map((r) => r.text)).toEqual(['Meh.']);
    expect(shown.overall.latest.map((r) => r.id)).not.toContain(secondRow?.id);

    const listed = (await owner.browser.get('/api/admin/reviews')).json<OwnerReviewsResponse>();
    const all = await db.select().from(reviews);
    expect(listed.count).toBe(all.length);
    expect(listed.hiddenCount).toBe(1);
    const hidden = listed.reviews.find((r) => r.id === secondRow?.id);
    expect(hidden?.hidden).toEqual({
      at: clock.now().toISOString(),
      reason: 'Names another customer.',
      by: owner.email,
    });
    expect(hidden?.customer.name).toBe('Carl');

    // Shown again, and the reply cleared: each audited with what it was.
    expectSuccess(await owner.browser.post(`/api/admin/reviews/${secondRow?.id}/unhide`, {}));
    expectSuccess(
      await owner.browser.post(`/api/admin/reviews/${firstRow?.id}/reply`, { text: '' }),
      'Your reply is removed.',
    );
    shown = await publicReviews();
    expect(shown.byCar[escalade]).toMatchObject({ count: 2, average: 3 });
    expect(shown.byCar[escalade]?.latest[1]?.reply).toBeNull();
    const trail = await db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.actorUserId, owner.userId));
    expect(trail.map((e) => e.action).sort()).toEqual([
      'review.hidden',
      'review.replied',
      'review.reply_cleared',
      'review.unhidden',
    ]);
    expect(trail.find((e) => e.action === 'review.hidden')?.after).toMatchObject({
      reason: 'Names another customer.',
    });
  });

  it('keeps the owner’s routes to owners', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId);
    expectSuccess(await rate(browser, id));
    const [row] = await db.select().from(reviews).where(eq(reviews.appointmentId, id));
    const chauffeur = await signedInOwner(app, db, clock.now(), { role: 'chauffeur' });
    for (const who of [browser, chauffeur.browser]) {
      expect((await who.get('/api/admin/reviews')).statusCode).toBe(403);
      for (const [path, body] of [
        ['reply', { text: 'Hi' }],
        ['hide', { reason: 'Spam' }],
        ['unhide', {}],
      ] as const) {
        expect((await who.post(`/api/admin/reviews/${row?.id}/${path}`, body)).statusCode).toBe(
          403,
        );
      }
    }
    expect((await new Browser(app).get('/api/admin/reviews')).statusCode).toBe(401);
    const [after] = await db
      .select()
      .from(reviews)
      .where(eq(reviews.id, row?.id as string));
    expect(after).toMatchObject({ replyText: null, hiddenAt: null });
  });

  it('answers 404 for an unknown review and refuses a reply too long', async () => {
    const owner = await signedInOwner(app, db, clock.now());
    expectFailure(
      await owner.browser.post(`/api/admin/reviews/${crypto.randomUUID()}/hide`, { reason: 'x' }),
      404,
      REVIEW_MESSAGES.notFound,
    );
    expectFailure(
      await owner.browser.post(`/api/admin/reviews/${crypto.randomUUID()}/reply`, {
        text: 'x'.repeat(601),
      }),
      400,
      REVIEW_MESSAGES.reply,
    );
  });

  it('bounds review posts per account', async () => {
    const { browser, userId } = await customer();
    const id = await ride(userId, 'paid');
    let last = await rate(browser, id);
    for (let i = 0; i < 25 && last.statusCode !== 429; i += 1) last = await rate(browser, id);
    expectFailure(last, 429, MESSAGES.tooManyRequests);
  });
});
