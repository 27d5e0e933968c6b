import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { appointments, paymentEvents, refunds, users } from '@app/db';
import { listBookableDays, SAVE_CARD_CONSENT } from '@app/shared';
import { buildApp } from '../../app.ts';
import type { Browser } from '../../test/browser.ts';
import { expectFailure } from '../../test/browser.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  liveAppointmentsOnSlot,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { createClock, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedEvent, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { ALREADY_PAID_MESSAGE } from '../appointments/start-checkout.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from '../appointments/holds.ts';
import { createStripeProvider } from './stripe-provider.ts';

const BASE = 'http://localhost:3000';

describe.each(await databaseKinds())('Stripe checkout and webhooks on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let teslaS: string;
  // Stripe checks expires_at and signature timestamps against real time: start from it.
  const clock = createClock(new Date(Math.floor(Date.now() / MINUTE) * MINUTE));
  // Slots a few days ahead, so moving the clock by an hour never makes them past.
  const slots = listBookableDays(clock.now())
    .slice(3, 13)
    .flatMap((day) =>
      // Two hours apart: a ride and the car's turnaround take an hour and a half.
      day.slots
        .filter((_, i) => i % 4 === 0)
        .map((slot) => ({ slotDate: day.key, slotTime: slot.label })),
    );
  let nextSlot = 0;
  const freshSlot = () => {
    const slot = slots[nextSlot++];
    if (!slot) throw new Error('out of test slots');
    return slot;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    stripe = await startStripeStandIn();
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: clock.now,
      payments: createStripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_test',
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
      }),
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    // Counts every change that leaves an appointment paid: a second fulfilment would show.
    await database.handle.db.execute(sql`create table paid_audit (appointment_id uuid not null)`);
    await database.handle.db.execute(
      sql.raw(`create function audit_paid() returns trigger language plpgsql as $$
        begin insert into paid_audit values (new.id); return new; end $$`),
    );
    await database.handle.db.execute(
      sql.raw(`create trigger appointments_paid_audit after update on appointments
        for each row when (new.status = 'paid') execute function audit_paid()`),
    );
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
    await database.drop();
  });

  const later = async <T>(ms: number, step: () => Promise<T>): Promise<T> => {
    clock.advance(ms);
    try {
      return await step();
    } finally {
      clock.advance(-ms);
    }
  };

  const customer = (name = 'Ann Rider') =>
    signedInBrowser(app, database.handle.db, clock.now(), name);

  const bookAndCheckout = async (browser: Browser, slot = freshSlot()) => {
    const appointmentId = await bookOk(browser, bookingRequest(teslaS, slot));
    const response = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ url: string }>();
    const sessionId = (await appointmentRow(database.handle.db, appointmentId))
      .checkoutSessionId as string;
    return { appointmentId, url, sessionId, slot };
  };

  const deliver = (payload: string, signature?: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  const paidChanges = async (appointmentId: string) => {
    const result = (await database.handle.db.execute(
      sql`select count(*)::int as n from paid_audit where appointment_id = ${appointmentId}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n);
  };

  const eventRows = async (eventId: string) => {
    const [row] = await database.handle.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId));
    return row?.n ?? 0;
  };

  it('creates the session with the server’s amount, metadata, expiry and an idempotency key', async () => {
    const { browser, email } = await customer();
    const { appointmentId, url, sessionId, slot } = await bookAndCheckout(browser);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const created = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    const request = created.at(-1);
    if (!request) throw new Error('no checkout session was created');
    const form = request.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('6600');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    // What the deposit is toward: the price as booked, and the rest after the ride.
    const [row] = await database.handle.db
      .select({ priceCents: appointments.priceCents, reasons: appointments.priceReasons })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    const price = row?.priceCents as number;
    // The Model S is a Tesla: the promotion is one of the reasons the customer is shown.
    expect(row?.reasons).toContain('20% off Tesla');
    expect(form.get('line_items[0][price_data][product_data][description]')).toBe(
      `Toward an estimated $${(price / 100).toFixed(2)} ride (${row?.reasons?.join(' · ')}); $${((price - 6600) / 100).toFixed(2)} left to pay after the ride.`,
    );
    expect(form.get('client_reference_id')).toBe(appointmentId);
    // The account's customer (made with its email) keeps the card, with the consent shown.
    const customerId = form.get('customer');
    expect(customerId).toMatch(/^cus_/);
    expect(form.has('customer_email')).toBe(false);
    expect(stripe.customers.get(customerId as string)?.email).toBe(email);
    expect(form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(form.get('custom_text[submit][message]')).toBe(SAVE_CARD_CONSENT);
    expect(form.get('metadata[purpose]')).toBe('deposit');
    expect(form.get('payment_intent_data[metadata][purpose]')).toBe('deposit');
    expect(form.get('payment_intent_data[metadata][Date]')).toBe(slot.slotDate);
    expect(form.get('metadata[Date]')).toBe(slot.slotDate);
    expect(form.get('metadata[Time]')).toBe(slot.slotTime);
    expect(form.get('metadata[serviceName]')).toBe('Tesla Model S');
    expect(form.get('metadata[serviceAddress]')).toBeTruthy();
    expect(form.get('success_url')).toBe(`${BASE}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('cancel_url')).toBe(`${BASE}/appointment/${teslaS}?checkout=cancelled`);
    const expiresAt = Number(form.get('expires_at'));
    expect(Math.abs(expiresAt - (Date.now() + 31 * MINUTE) / 1000)).toBeLessThan(120);
    expect(request.headers['idempotency-key']).toMatch(
      new RegExp(`^checkout-${appointmentId}-\\d+$`),
    );
  });

  it('asks for a round trip in one session, a line per leg', async () => {
    const { browser } = await customer();
    const [first, back] = [freshSlot(), freshSlot()];
    const appointmentId = await bookOk(
      browser,
      bookingRequest(teslaS, {
        ...first,
        needsReturnRide: true,
        returnSlotDate: back.slotDate,
        returnSlotTime: back.slotTime,
      }),
    );
    const response = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(response.statusCode, response.body).toBe(200);
    const form = stripe.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1)?.form;
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('6600');
    expect(form?.get('line_items[1][price_data][unit_amount]')).toBe('6600');
    expect(form?.has('line_items[2][price_data][unit_amount]')).toBe(false);
    expect(form?.get('line_items[0][price_data][product_data][name]')).toMatch(/, ride /);
    expect(form?.get('line_items[1][price_data][product_data][name]')).toMatch(/, return /);
    expect(form?.get('line_items[1][price_data][product_data][description]')).toMatch(
      /^Toward an estimated \$\d+\.\d\d ride \(.+ · 20% off Tesla\); \$\d+\.\d\d left to pay after the ride\.$/,
    );
  });

  it('keeps one Stripe customer per account, even for two checkouts at once', async () => {
    const { browser, userId, email } = await customer();
    const booked = [
      await bookOk(browser, bookingRequest(teslaS, freshSlot())),
      await bookOk(browser, bookingRequest(teslaS, freshSlot())),
    ];
    const opened = await Promise.all(
      booked.map((appointmentId) =>
        browser.post('/api/user/create-checkout-session', { appointmentId }),
      ),
    );
    for (const response of opened) expect(response.statusCode, response.body).toBe(200);
    const [user] = await database.handle.db.select().from(users).where(eq(users.id, userId));
    const made = [...stripe.customers.values()].filter((c) => c.metadata.userId === userId);
    expect(made).toEqual([expect.objectContaining({ id: user?.paymentCustomerId, email })]);
    for (const appointmentId of booked) {
      const sessionId = (await appointmentRow(database.handle.db, appointmentId))
        .checkoutSessionId as string;
      expect(stripe.sessions.get(sessionId)?.customer).toBe(user?.paymentCustomerId);
    }
  });

  it('answers the open session again instead of creating a second one', async () => {
    const { browser } = await customer();
    const { appointmentId, url } = await bookAndCheckout(browser);
    const before = stripe.sessions.size;
    const again = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(again.json()).toEqual({ success: true, url });
    expect(stripe.sessions.size).toBe(before);
  });

  it('opens no second checkout (no second charge) once Stripe says the first is paid', async () => {
    const { browser } = await customer();
    const { appointmentId, sessionId } = await bookAndCheckout(browser);
    stripe.complete(sessionId, { name: 'Ann Rider', email: 'ann@example.com' });
    const before = stripe.sessions.size;
    const again = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expectFailure(again, 409, ALREADY_PAID_MESSAGE);
    expect(stripe.sessions.size).toBe(before);
  });

  it('fulfils a paid checkout the appointment has since replaced, and answers its success page', async () => {
    const { browser } = await customer();
    const first = await bookAndCheckout(browser);
    // Past the first checkout's life, inside the hold's grace: a second checkout opens.
    await later(CHECKOUT_LIFETIME_MS + MINUTE, async () => {
      const again = await browser.post('/api/user/create-checkout-session', {
        appointmentId: first.appointmentId,
      });
      expect(again.statusCode, again.body).toBe(200);
      const replacing = (await appointmentRow(database.handle.db, first.appointmentId))
        .checkoutSessionId;
      expect(replacing).not.toBe(first.sessionId);

      // The first was paid at its last second; Stripe's word arrives now.
      const session = stripe.complete(first.sessionId, {
        name: 'Ann Rider',
        email: 'a@example.com',
      });
      const event = signedEvent('checkout.session.completed', session);
      const delivered = await deliver(event.payload, event.signature);
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await appointmentRow(database.handle.db, first.appointmentId)).status).toBe('paid');
      const lookup = await browser.get(
        `/api/user/stripe-payment-details?session_id=${first.sessionId}`,
      );
      expect(lookup.statusCode, lookup.body).toBe(200);
      expect(lookup.json<{ session: { payment_status: string } }>().session.payment_status).toBe(
        'paid',
      );
    });
    expect(await paidChanges(first.appointmentId)).toBe(1);
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing', async () => {
    const { browser } = await customer();
    const { appointmentId, sessionId } = await bookAndCheckout(browser);
    const session = stripe.complete(sessionId, { name: 'Ann Rider', email: 'ann@example.com' });
    const forged = signedEvent('checkout.session.completed', session, 'whsec_attacker');
    expectFailure(
      await deliver(forged.payload, forged.signature),
      400,
      'Invalid webhook signature',
    );
    expectFailure(await deliver(forged.payload), 400, 'Invalid webhook signature');
    const genuine = signedEvent('checkout.session.completed', session);
    const tampered = genuine.payload.replace('"paid"', '"paid" ');
    expectFailure(await deliver(tampered, genuine.signature), 400, 'Invalid webhook signature');
    expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe(
      'pending_payment',
    );
    expect(await eventRows(forged.eventId)).toBe(0);
  });

  it('marks the appointment paid on a valid checkout.session.completed', async () => {
    const { browser } = await customer();
    const { appointmentId, sessionId } = await bookAndCheckout(browser);
    const session = stripe.complete(sessionId, { name: 'Ann Rider', email: 'ann@example.com' });
    const event = signedEvent('checkout.session.completed', session);
    const response = await deliver(event.payload, event.signature);
    expect(response.statusCode, response.body).toBe(200);
    const row = await appointmentRow(database.handle.db, appointmentId);
    expect(row.status).toBe('paid');
    expect(row.paidAt?.getTime()).toBe(clock.millis());
    expect(await eventRows(event.eventId)).toBe(1);
  });

  it('answers the success page from Stripe for the owner only, in the contract’s shape', async () => {
    const { browser, email } = await customer();
    const { sessionId, slot } = await bookAndCheckout(browser);
    stripe.complete(sessionId, { name: 'Ann R.', email });
    const response = await browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      session: {
        customer_details: { name: 'Ann R.', email },
        amount_total: 6600,
        payment_status: 'paid',
        metadata: {
          Date: slot.slotDate,
          Time: slot.slotTime,
          serviceName: 'Tesla Model S',
          serviceAddress: expect.any(String) as string,
        },
      },
      ride: {
        appointmentId: expect.any(String) as string,
        serviceId: expect.any(String) as string,
        pickupAddress: '1 Main Street, Norfolk, MA',
        dropoffAddress: 'Logan Airport, Boston, MA',
        returnRide: null,
        isReturnLeg: false,
      },
      price: {
        priceCents: expect.any(Number) as number,
        depositCents: 6600,
        balanceCents: expect.any(Number) as number,
        legs: [
          {
            priceCents: expect.any(Number) as number,
            depositCents: 6600,
            balanceCents: expect.any(Number) as number,
            reasons: expect.arrayContaining(['20% off Tesla']) as string[],
          },
        ],
      },
    });
    const { browser: other } = await customer('Mallory');
    expectFailure(await other.get(`/api/user/stripe-payment-details?session_id=${sessionId}`), 404);
  });

  it('fulfils once when the same event arrives 10 times at once, raced with the success page', async () => {
    const { browser } = await customer();
    const { appointmentId, sessionId } = await bookAndCheckout(browser);
    const session = stripe.complete(sessionId, { name: 'Ann Rider', email: 'ann@example.com' });
    const event = signedEvent('checkout.session.completed', session);

    const [lookup, ...deliveries] = await Promise.all([
      browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`),
      ...Array.from({ length: 10 }, () => deliver(event.payload, event.signature)),
    ]);
    expect(lookup?.statusCode, lookup?.body).toBe(200);
    for (const delivery of deliveries) expect(delivery.statusCode, delivery.body).toBe(200);

    const row = await appointmentRow(database.handle.db, appointmentId);
    expect(row.status).toBe('paid');
    expect(await paidChanges(appointmentId)).toBe(1);
    expect(await eventRows(event.eventId)).toBe(1);

    // A late redelivery and a later lookup change nothing either.
    await later(5 * MINUTE, async () => {
      const again = await deliver(event.payload, event.signature);
      expect(again.json()).toEqual({ received: true, duplicate: true });
      await browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`);
    });
    expect((await appointmentRow(database.handle.db, appointmentId)).paidAt).toEqual(row.paidAt);
    expect(await paidChanges(appointmentId)).toBe(1);
  });

  it('releases the hold on checkout.session.expired', async () => {
    const { browser } = await customer();
    const { appointmentId, sessionId, slot } = await bookAndCheckout(browser);
    const event = signedEvent('checkout.session.expired', stripe.expire(sessionId));
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    expect((await appointmentRow(database.handle.db, appointmentId)).status).toBe('expired');
    const { browser: next } = await customer('Next Rider');
    await bookOk(next, bookingRequest(teslaS, slot));
  });

  it('does not double-book when a payment lands after the slot was re-booked by someone else', async () => {
    const { browser } = await customer();
    const late = await bookAndCheckout(browser);
    const { browser: next } = await customer('Next Rider');
    const rebooked = await later(CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS + MINUTE, () =>
      bookOk(next, bookingRequest(teslaS, late.slot)),
    );
    expect((await appointmentRow(database.handle.db, late.appointmentId)).status).toBe('expired');

    const session = stripe.complete(late.sessionId, { name: 'Ann Rider', email: 'a@example.com' });
    const event = signedEvent('checkout.session.completed', session);
    const delivered = await deliver(event.payload, event.signature);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const lookup = await browser.get(
      `/api/user/stripe-payment-details?session_id=${late.sessionId}`,
    );
    expect(lookup.statusCode, lookup.body).toBe(200);

    expect((await appointmentRow(database.handle.db, late.appointmentId)).status).toBe('expired');
    const live = await liveAppointmentsOnSlot(
      database.handle.db,
      teslaS,
      late.slot.slotDate,
      late.slot.slotTime,
    );
    expect(live.map((a) => a.id)).toEqual([rebooked]);
  });

  const refundRows = (appointmentId: string) =>
    database.handle.db.select().from(refunds).where(eq(refunds.appointmentId, appointmentId));

  it('refunds a payment that lands after the slot was re-booked, once, and says so on the success page', async () => {
    const { browser } = await customer();
    const late = await bookAndCheckout(browser);
    const { browser: next } = await customer('Next Rider');
    await later(CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS + MINUTE, () =>
      bookOk(next, bookingRequest(teslaS, late.slot)),
    );

    const session = stripe.complete(late.sessionId, { name: 'Ann Rider', email: 'a@example.com' });
    const event = signedEvent('checkout.session.completed', session);
    expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
    const lookup = await browser.get(
      `/api/user/stripe-payment-details?session_id=${late.sessionId}`,
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      success: true,
      session: { amount_total: 6600, payment_status: 'paid' },
      refund: { amountCents: 6600, status: 'succeeded', reason: 'late_payment' },
    });
    // A redelivery under a new event id decides nothing more.
    const again = signedEvent('checkout.session.completed', session);
    expect((await deliver(again.payload, again.signature)).statusCode).toBe(200);

    const given = [...stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === session.payment_intent,
    );
    expect(given).toEqual([expect.objectContaining({ amount: 6600 })]);
    const asked = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === session.payment_intent,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]?.form.get('amount')).toBe('6600');
    expect(asked[0]?.headers['idempotency-key']).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(await refundRows(late.appointmentId)).toEqual([
      expect.objectContaining({
        checkoutSessionId: late.sessionId,
        paymentIntentId: session.payment_intent,
        amountCents: 6600,
        reason: 'late_payment',
        status: 'succeeded',
        providerRefundId: given[0]?.id,
        attempts: 1,
      }),
    ]);
    expect((await appointmentRow(database.handle.db, late.appointmentId)).status).toBe('expired');
  });

  it('refunds the second of two paid checkouts of one appointment, and keeps the first', async () => {
    const { browser } = await customer();
    const first = await bookAndCheckout(browser);
    await later(CHECKOUT_LIFETIME_MS + MINUTE, async () => {
      const again = await browser.post('/api/user/create-checkout-session', {
        appointmentId: first.appointmentId,
      });
      expect(again.statusCode, again.body).toBe(200);
      const secondId = (await appointmentRow(database.handle.db, first.appointmentId))
        .checkoutSessionId as string;
      // Both were paid: the first at its last second, the second just after.
      const paidFirst = stripe.complete(first.sessionId, { name: 'Ann', email: 'a@example.com' });
      const paidSecond = stripe.complete(secondId, { name: 'Ann', email: 'a@example.com' });
      for (const paid of [paidFirst, paidSecond]) {
        const event = signedEvent('checkout.session.completed', paid);
        expect((await deliver(event.payload, event.signature)).statusCode).toBe(200);
      }

      const row = await appointmentRow(database.handle.db, first.appointmentId);
      expect(row).toMatchObject({
        status: 'paid',
        checkoutSessionId: first.sessionId,
        paymentIntentId: paidFirst.payment_intent,
      });
      expect(await paidChanges(first.appointmentId)).toBe(1);
      expect(await refundRows(first.appointmentId)).toEqual([
        expect.objectContaining({
          checkoutSessionId: secondId,
          paymentIntentId: paidSecond.payment_intent,
          reason: 'duplicate_payment',
          status: 'succeeded',
        }),
      ]);
      const kept = await browser.get(
        `/api/user/stripe-payment-details?session_id=${first.sessionId}`,
      );
      expect(kept.json()).not.toHaveProperty('refund');
      const givenBack = await browser.get(
        `/api/user/stripe-payment-details?session_id=${secondId}`,
      );
      expect(givenBack.json()).toMatchObject({
        refund: { amountCents: 6600, status: 'succeeded', reason: 'duplicate_payment' },
      });
    });
  });
});
