import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, refunds, sandboxCheckouts, sandboxRefunds } from '@app/db';
import {
  AppointmentsResponseSchema,
  DEFAULT_BUSINESS,
  MESSAGES,
  PaymentDetailsResponseSchema,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import type { Browser } from '../../test/browser.ts';
import { expectFailure } from '../../test/browser.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  liveAppointmentsOnSlot,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { createClock, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { PAYMENT_NOT_FOUND_MESSAGE } from './get-payment-details.ts';
import { ALREADY_PAID_MESSAGE } from './start-checkout.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from './holds.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';
const PAYMENT_LIMIT = { max: 8, windowMs: 15 * MINUTE };

describe.each(await databaseKinds())('checkout and payment (sandbox) on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let teslaS: string; // deposit $66.00
  const clock = createClock(NOW);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig({
        publicBaseUrl: BASE,
        rateLimits: { ...testConfig().rateLimits, paymentPerIp: PAYMENT_LIMIT },
      }),
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 10 * MINUTE,
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /** Runs a step with the clock moved forward, then puts it back for the next test. */
  const later = async <T>(ms: number, step: () => Promise<T>): Promise<T> => {
    clock.advance(ms);
    try {
      return await step();
    } finally {
      clock.advance(-ms);
    }
  };

  const customer = (name = 'Ann Rider') => signedInBrowser(app, database.handle.db, NOW, name);

  const checkout = (browser: Browser, appointmentId: string) =>
    browser.post('/api/user/create-checkout-session', {
      appointmentId,
      slotDate: 'ignored',
      slotTime: 'ignored',
    });

  /** Books a slot of the Tesla Model S and opens its sandbox checkout. */
  const bookAndCheckout = async (
    browser: Browser,
    slotDate: string,
    slotTime: string,
    overrides: Parameters<typeof bookingRequest>[1] = {},
  ) => {
    const appointmentId = await bookOk(
      browser,
      bookingRequest(teslaS, { slotDate, slotTime, ...overrides }),
    );
    const response = await checkout(browser, appointmentId);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    const sessionId = new URL(url).pathname.split('/').at(-1) as string;
    return { appointmentId, url, path: new URL(url).pathname, sessionId };
  };

  const details = (browser: Browser, sessionId: string) =>
    browser.get(`/api/user/stripe-payment-details?session_id=${encodeURIComponent(sessionId)}`);

  it('opens a sandbox checkout for the caller’s own appointment', async () => {
    const { browser } = await customer();
    const { url, sessionId } = await bookAndCheckout(browser, '1_12_2026', '6:00 AM');
    expect(url).toBe(`${BASE}/api/payments/sandbox/${sessionId}`);
    expect(sessionId).toMatch(/^cs_sandbox_[0-9a-f]{48}$/);
  });

  it('gives the same open checkout back when asked again', async () => {
    const { browser } = await customer();
    const first = await bookAndCheckout(browser, '1_12_2026', '8:00 AM');
    const again = await checkout(browser, first.appointmentId);
    expect(again.json()).toEqual({ success: true, url: first.url });
  });

  it('answers 404 for another customer’s appointment', async () => {
    const { browser: owner } = await customer();
    const appointmentId = await bookOk(
      owner,
      bookingRequest(teslaS, { slotDate: '1_12_2026', slotTime: '10:00 AM' }),
    );
    const { browser: other } = await customer('Mallory');
    expectFailure(await checkout(other, appointmentId), 404, 'Appointment not found');
    expect((await appointmentRow(database.handle.db, appointmentId)).checkoutSessionId).toBeNull();
  });

  it('shows the server’s amount on the sandbox page', async () => {
    const { browser } = await customer();
    const { path } = await bookAndCheckout(browser, '1_12_2026', '12:00 PM');
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('$66.00');
    expect(page.body).toContain('Tesla Model S');
  });

  it('brands the sandbox page like the site and says the ride in words, not raw keys', async () => {
    const { browser } = await customer();
    const { path } = await bookAndCheckout(browser, '4_12_2026', '9:30 AM');
    const { body } = await app.inject({ method: 'GET', url: path });
    expect(body).toContain(`<header><p>${DEFAULT_BUSINESS.name}</p></header>`);
    expect(body).toContain('<dt>Car</dt><dd>Tesla Model S</dd>');
    expect(body).toContain('Friday, December 4, 2026 at 9:30 AM (New York time)');
    for (const raw of ['4_12_2026', 'serviceName', 'serviceAddress', '<dt>Date</dt>']) {
      expect(body, raw).not.toContain(raw);
    }
  });

  it('pays on the sandbox page and returns to /success with the session id', async () => {
    const { browser } = await customer();
    const { path, sessionId, appointmentId } = await bookAndCheckout(
      browser,
      '1_12_2026',
      '2:00 PM',
    );
    const paid = await paySandboxCheckout(app, path);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${BASE}/success?session_id=${sessionId}`);
    const row = await appointmentRow(database.handle.db, appointmentId);
    expect(row.status).toBe('paid');
    expect(row.paidAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('answers the payment details of the caller’s session in the contract’s shape', async () => {
    const { browser, email } = await customer();
    const { path, sessionId, appointmentId } = await bookAndCheckout(
      browser,
      '1_12_2026',
      '4:00 PM',
      {
        needsReturnRide: true,
        returnPickupAddress: 'Logan Airport, Boston, MA',
        returnDropoffAddress: '1 Main Street, Norfolk, MA',
      },
    );
    await paySandboxCheckout(app, path);
    const response = await details(browser, sessionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // The price as booked (the server's snapshot), the deposit toward it and what is left.
    const { priceCents, priceReasons } = await appointmentRow(database.handle.db, appointmentId);
    expect(priceCents).toBeGreaterThan(6600);
    // Why, kept with the price: the Model S is a Tesla.
    expect(priceReasons).toContain('20% off Tesla');
    expect(response.json()).toEqual({
      success: true,
      session: {
        customer_details: { name: 'Ann Rider', email },
        amount_total: 6600,
        payment_status: 'paid',
        metadata: {
          Date: '1_12_2026',
          Time: '4:00 PM',
          serviceName: 'Tesla Model S',
          serviceAddress: expect.any(String) as string,
        },
      },
      ride: {
        appointmentId,
        serviceId: teslaS,
        pickupAddress: '1 Main Street, Norfolk, MA',
        dropoffAddress: 'Logan Airport, Boston, MA',
        returnRide: {
          pickupAddress: 'Logan Airport, Boston, MA',
          dropoffAddress: '1 Main Street, Norfolk, MA',
          // Asked for, not booked with it: a return booked later.
          leg: null,
        },
        isReturnLeg: false,
      },
      price: {
        priceCents,
        depositCents: 6600,
        balanceCents: (priceCents as number) - 6600,
        legs: [
          {
            priceCents,
            depositCents: 6600,
            balanceCents: (priceCents as number) - 6600,
            reasons: priceReasons,
          },
        ],
      },
    });
    expect(PaymentDetailsResponseSchema.safeParse(response.json()).success).toBe(true);
    expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe('paid');
  });

  it('refuses a second checkout for a paid appointment', async () => {
    const { browser } = await customer();
    const { path, appointmentId } = await bookAndCheckout(browser, '1_12_2026', '6:00 PM');
    await paySandboxCheckout(app, path);
    expectFailure(await checkout(browser, appointmentId), 409, ALREADY_PAID_MESSAGE);
  });

  it('never shows one customer’s payment to another', async () => {
    const { browser: owner } = await customer();
    const { path, sessionId } = await bookAndCheckout(owner, '1_12_2026', '8:00 PM');
    await paySandboxCheckout(app, path);
    const { browser: other } = await customer('Mallory');
    expectFailure(await details(other, sessionId), 404, PAYMENT_NOT_FOUND_MESSAGE);
  });

  it('answers a malformed or unknown session id with a clear JSON failure', async () => {
    const { browser } = await customer();
    for (const bad of ['', 'x', '../../etc/passwd', "cs_1' or '1'='1", 'a'.repeat(300)]) {
      expectFailure(await details(browser, bad), 400, PAYMENT_NOT_FOUND_MESSAGE);
    }
    expectFailure(await browser.get('/api/user/stripe-payment-details'), 400);
    expectFailure(await details(browser, `cs_sandbox_${'0'.repeat(48)}`), 404);
  });

  it('gives the slot back at once when the checkout is cancelled', async () => {
    const { browser } = await customer();
    const { path, appointmentId } = await bookAndCheckout(browser, '2_12_2026', '6:00 AM');
    // The ride's hour and the car's half-hour turnaround.
    expect(await slotsBookedOf(app, teslaS, '2_12_2026')).toEqual([
      '6:00 AM',
      '6:30 AM',
      '7:00 AM',
    ]);

    const cancelled = await app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${BASE}/appointment/${teslaS}?checkout=cancelled`);
    expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe('expired');
    expect(await slotsBookedOf(app, teslaS, '2_12_2026')).toEqual([]);

    const { browser: next } = await customer('Next Rider');
    await bookOk(next, bookingRequest(teslaS, { slotDate: '2_12_2026', slotTime: '6:00 AM' }));
    expect((await paySandboxCheckout(app, path)).statusCode).toBe(410);
  });

  it('frees the slot of a checkout that expired, once its result is looked up', async () => {
    const { browser } = await customer();
    const { path, sessionId, appointmentId } = await bookAndCheckout(
      browser,
      '2_12_2026',
      '8:00 AM',
    );
    await later(CHECKOUT_LIFETIME_MS + MINUTE, async () => {
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(410);
      const response = await details(browser, sessionId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ session: { payment_status: string } }>().session.payment_status).toBe(
        'unpaid',
      );
      expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe('expired');
      const { browser: next } = await customer('Next Rider');
      await bookOk(next, bookingRequest(teslaS, { slotDate: '2_12_2026', slotTime: '8:00 AM' }));
    });
  });

  it('frees the slot of an abandoned checkout once its hold has run out', async () => {
    const { browser } = await customer();
    const { appointmentId } = await bookAndCheckout(browser, '2_12_2026', '10:00 AM');
    await later(CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS + MINUTE, async () => {
      const { browser: next } = await customer('Next Rider');
      await bookOk(next, bookingRequest(teslaS, { slotDate: '2_12_2026', slotTime: '10:00 AM' }));
    });
    expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe('expired');
  });

  it('opens a new, payable checkout when asked again after the first one timed out', async () => {
    const { browser } = await customer();
    const first = await bookAndCheckout(browser, '2_12_2026', '12:00 PM');
    // Past the checkout's life but inside the hold's grace: the booking is still held.
    await later(CHECKOUT_LIFETIME_MS + MINUTE, async () => {
      const again = await checkout(browser, first.appointmentId);
      expect(again.statusCode, again.body).toBe(200);
      const { url } = again.json<{ url: string }>();
      expect(url).not.toBe(first.url);
      expect((await app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(
        200,
      );
      expect((await paySandboxCheckout(app, new URL(url).pathname)).statusCode).toBe(303);
    });
    expect((await appointmentRow(database.handle.db, first.appointmentId)).status).toBe('paid');
  });

  it('refunds a payment made after the slot was taken, and says so on the success page', async () => {
    const db = database.handle.db;
    const { browser } = await customer();
    const { path, sessionId, appointmentId } = await bookAndCheckout(
      browser,
      '2_12_2026',
      '2:00 PM',
    );
    // The hold ran out (its end moved into the past) and someone else booked the slot while the
    // checkout page was still open.
    await db
      .update(appointments)
      .set({ holdExpiresAt: new Date(NOW.getTime() - MINUTE) })
      .where(eq(appointments.id, appointmentId));
    const { browser: next } = await customer('Next Rider');
    const rebooked = await bookOk(
      next,
      bookingRequest(teslaS, { slotDate: '2_12_2026', slotTime: '2:00 PM' }),
    );

    expect((await paySandboxCheckout(app, path)).statusCode).toBe(303);
    const response = await details(browser, sessionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      session: { amount_total: 6600, payment_status: 'paid' },
      refund: { amountCents: 6600, status: 'succeeded', reason: 'late_payment' },
    });
    const [checkoutRow] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sessionId));
    const given = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, checkoutRow?.paymentIntentId as string));
    expect(given).toEqual([expect.objectContaining({ amountCents: 6600 })]);
    expect((await appointmentRow(db, appointmentId)).status).toBe('expired');
    expect(
      (await liveAppointmentsOnSlot(db, teslaS, '2_12_2026', '2:00 PM')).map((a) => a.id),
    ).toEqual([rebooked]);
  });

  it('tells on the success page that the business cancelled the ride since, and why', async () => {
    const db = database.handle.db;
    const { browser } = await customer();
    const { path, sessionId, appointmentId } = await bookAndCheckout(
      browser,
      '3_12_2026',
      '2:00 PM',
    );
    expect((await paySandboxCheckout(app, path)).statusCode).toBe(303);
    const [checkoutRow] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sessionId));
    // The owner cancelled it with the deposit back (as the console's cancel writes it).
    await db
      .update(appointments)
      .set({ status: 'cancelled', cancelledBy: 'owner', cancelReason: 'The car broke down.' })
      .where(eq(appointments.id, appointmentId));
    await db.insert(refunds).values({
      id: crypto.randomUUID(),
      appointmentId,
      checkoutSessionId: sessionId,
      paymentIntentId: checkoutRow?.paymentIntentId as string,
      amountCents: 6600,
      reason: 'cancelled_by_owner',
      status: 'succeeded',
      idempotencyKey: `refund-${appointmentId}`,
      nextAttemptAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
    });

    const response = await details(browser, sessionId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = PaymentDetailsResponseSchema.parse(response.json());
    expect(answer.cancellation).toEqual({
      reason: 'The car broke down.',
      refund: { amountCents: 6600, status: 'succeeded', createdAt: NOW.toISOString() },
    });
    // Its refund is the cancellation's, not a payment given back for coming late or twice.
    expect(answer.refund).toBeUndefined();
    expect(answer).not.toHaveProperty('customerCancellation');
    expect(answer.ride).toMatchObject({ appointmentId, serviceId: teslaS });
  });

  it('lists the caller’s own appointments in the contract’s shape, never another’s', async () => {
    const { browser } = await customer();
    const paid = await bookAndCheckout(browser, '3_12_2026', '6:00 AM');
    await paySandboxCheckout(app, paid.path);
    const held = await bookOk(
      browser,
      bookingRequest(teslaS, { slotDate: '3_12_2026', slotTime: '8:00 AM' }),
    );
    const { browser: other } = await customer('Mallory');
    const theirs = await bookOk(
      other,
      bookingRequest(teslaS, { slotDate: '3_12_2026', slotTime: '10:00 AM' }),
    );

    const response = await browser.get('/api/user/appointments');
    expect(response.statusCode).toBe(200);
    const { appointments } = response.json<{ appointments: { _id: string }[] }>();
    expect(appointments.map((a) => a._id)).toEqual([paid.appointmentId, held]);
    expect(appointments[0]).toEqual({
      _id: paid.appointmentId,
      serviceData: {
        image: expect.any(String) as string,
        name: 'Tesla Model S',
        address: expect.any(String) as string,
      },
      type: 'Airport Transfer',
      slotDate: '3_12_2026',
      slotTime: '6:00 AM',
      payment: true,
      cancelled: false,
      isCompleted: false,
      trip: {
        pickupAddress: '1 Main Street, Norfolk, MA',
        dropoffAddress: 'Logan Airport, Boston, MA',
        returnRide: null,
        isReturnLeg: false,
      },
    });
    expect(AppointmentsResponseSchema.safeParse(response.json()).success).toBe(true);
    expect(appointments[1]).toMatchObject({ _id: held, payment: false });
    expect(appointments.some((a) => a._id === theirs)).toBe(false);
  });

  it('answers 429 past the payment limit per address, on details and checkout alike', async () => {
    const { browser } = await customer();
    const appointmentId = await bookOk(
      browser,
      bookingRequest(teslaS, { slotDate: '3_12_2026', slotTime: '2:00 PM' }),
    );
    for (let i = 0; i < PAYMENT_LIMIT.max; i++) {
      expect((await details(browser, `cs_sandbox_${'0'.repeat(48)}`)).statusCode).toBe(404);
    }
    expectFailure(
      await details(browser, `cs_sandbox_${'0'.repeat(48)}`),
      429,
      MESSAGES.tooManyPaymentAttempts,
    );
    expectFailure(await checkout(browser, appointmentId), 429, MESSAGES.tooManyPaymentAttempts);
  });
});
