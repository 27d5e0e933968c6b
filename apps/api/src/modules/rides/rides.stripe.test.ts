import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refunds } from '@app/db';
import { listBookableDays } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import type { Browser } from '../../test/browser.ts';
import { expectFailure } from '../../test/browser.ts';
import { createClock, HOUR, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { signedEvent, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { issuePendingRefunds } from '../payments/refunds.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { rideChangedMessage } from '../appointments/ride-state.ts';

const quietLog = { warn: () => {}, error: () => {} };

describe.each(await databaseKinds())('the owner’s refunds through Stripe on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let owner: Browser;
  let teslaS: string;
  // Stripe checks expiry and signature times against real time: start from it.
  const clock = createClock(new Date(Math.floor(Date.now() / MINUTE) * MINUTE));
  const slots = listBookableDays(clock.now())
    .slice(3, 13)
    .flatMap((day) =>
      // Two hours apart: a ride and the car's turnaround take an hour and a half.
      day.slots
        .filter((_, i) => i % 4 === 0)
        .map((slot) => ({ slotDate: day.key, slotTime: slot.label })),
    );
  let nextSlot = 0;
  const provider = () =>
    createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_test',
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    stripe = await startStripeStandIn();
    app = await buildApp({
      config: testConfig({ publicBaseUrl: 'http://localhost:3000' }),
      db: database.handle,
      now: clock.now,
      payments: provider(),
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    ({ browser: owner } = await signedInOwner(app, database.handle.db, clock.now()));
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
    await database?.drop();
  });

  /** A hold with its Stripe checkout open. */
  const hold = async () => {
    const { browser } = await signedInBrowser(app, database.handle.db, clock.now());
    const slot = slots[nextSlot++];
    if (!slot) throw new Error('out of test slots');
    const id = await bookOk(browser, bookingRequest(teslaS, slot));
    const checkout = await browser.post('/api/user/create-checkout-session', { appointmentId: id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = (await appointmentRow(database.handle.db, id)).checkoutSessionId as string;
    return { id, sessionId };
  };
  /** Stripe's word that the customer paid: its webhook. */
  const payAtStripe = (sessionId: string) => {
    const session = stripe.complete(sessionId, { name: 'Ann Rider', email: 'ann@example.com' });
    const event = signedEvent('checkout.session.completed', session);
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  };
  const paidRide = async () => {
    const made = await hold();
    expect((await payAtStripe(made.sessionId)).statusCode).toBe(200);
    const row = await appointmentRow(database.handle.db, made.id);
    expect(row.status).toBe('paid');
    return { ...made, paymentIntentId: row.paymentIntentId as string };
  };
  const stripeRefundsOf = (paymentIntentId: string) =>
    [...stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);
  const refundRows = (appointmentId: string) =>
    database.handle.db.select().from(refunds).where(eq(refunds.appointmentId, appointmentId));
  const cancel = (id: string, body: Record<string, unknown>) =>
    owner.post(`/api/admin/rides/${id}/cancel`, { reason: 'The car broke down.', ...body });

  it('refunds the deposit through the Refunds API with the refund’s idempotency key, and keeps its id', async () => {
    const ride = await paidRide();
    const response = await cancel(ride.id, { refund: 'full', from: 'paid' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await refundRows(ride.id);
    const made = stripeRefundsOf(ride.paymentIntentId);
    expect(made).toEqual([expect.objectContaining({ amount: 6600 })]);
    expect(row).toMatchObject({
      status: 'succeeded',
      amountCents: 6600,
      reason: 'cancelled_by_owner',
      providerRefundId: made[0]?.id,
    });
    const sent = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === ride.paymentIntentId,
    );
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent)
      expect(request.headers['idempotency-key']).toBe(row?.idempotencyKey);
    expect(sent[0]?.form.get('amount')).toBe('6600');
  });

  it('gives a deposit back once when Stripe’s answer is lost and the refund is tried again', async () => {
    const ride = await paidRide();
    stripe.loseNextAnswer('/v1/refunds');
    const response = await cancel(ride.id, { refund: 'full', from: 'paid' });
    expect(response.statusCode, response.body).toBe(200);
    // Whatever the first attempt's fate, the job's later attempts send the same key.
    await issuePendingRefunds(
      database.handle.db,
      provider(),
      new Date(clock.millis() + HOUR),
      quietLog,
    );
    await issuePendingRefunds(
      database.handle.db,
      provider(),
      new Date(clock.millis() + 3 * HOUR),
      quietLog,
    );
    expect(stripeRefundsOf(ride.paymentIntentId)).toHaveLength(1);
    const [row] = await refundRows(ride.id);
    expect(row?.status).toBe('succeeded');
    expect(row?.providerRefundId).toBe(stripeRefundsOf(ride.paymentIntentId)[0]?.id);
  });

  it('a cancel racing Stripe’s payment webhook leaves one outcome and one refund at most', async () => {
    for (let round = 0; round < 4; round++) {
      const ride = await hold();
      const [cancelled, delivered] = await Promise.all([
        cancel(ride.id, { refund: 'none', from: 'pending_payment' }),
        payAtStripe(ride.sessionId),
      ]);
      expect(delivered.statusCode).toBe(200);
      const row = await appointmentRow(database.handle.db, ride.id);
      const paymentIntentId = stripe.sessions.get(ride.sessionId)?.payment_intent as string;
      if (cancelled.statusCode === 200) {
        // The payment landed on a cancelled hold: given back as late, once.
        expect(row.status).toBe('cancelled');
        expect((await refundRows(ride.id)).map((r) => r.reason)).toEqual(['late_payment']);
        expect(stripeRefundsOf(paymentIntentId)).toHaveLength(1);
      } else {
        expectFailure(cancelled, 409, rideChangedMessage('paid'));
        expect(row.status).toBe('paid');
        expect(await refundRows(ride.id)).toEqual([]);
        expect(stripeRefundsOf(paymentIntentId)).toEqual([]);
      }
    }
  });
});
