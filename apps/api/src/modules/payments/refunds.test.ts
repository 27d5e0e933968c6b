import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds } from '@app/db';
import { serviceIdByName } from '../../test/booking.ts';
import { createClock, HOUR, MINUTE } from '../../test/clock.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { issuePendingRefunds, issueRefund, MAX_REFUND_ATTEMPTS, requestRefund } from './refunds.ts';
import { createStripeProvider } from './stripe-provider.ts';

const silentLog = { warn: () => {}, error: () => {} };

describe.each(await databaseKinds())('refunds through Stripe on %s', (kind) => {
  let database: TestDatabase;
  let stripe: StripeStandIn;
  let provider: PaymentProvider;
  let teslaS: string;
  const clock = createClock(new Date(Math.floor(Date.now() / MINUTE) * MINUTE));
  let slot = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    stripe = await startStripeStandIn();
    provider = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_test',
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
  });
  afterAll(async () => {
    await stripe.close();
    await database.drop();
  });

  /** A payment made at Stripe for an appointment, and the refund of it decided (pending). */
  const decidedRefund = async (amountCents = 6600) => {
    const { db } = database.handle;
    const appointmentId = await insertAppointment(db, {
      userId: await insertUser(db),
      serviceId: teslaS,
      slotDate: '1_12_2026',
      slotTime: `${(slot++ % 12) + 1}:00 PM`,
      status: 'expired',
    });
    const { id } = await provider.createCheckout({
      appointmentId,
      amountCents: 6600,
      productName: 'Tesla Model S booking deposit',
      customerEmail: 'ann@example.com',
      metadata: {},
      successUrl: 'http://localhost:3000/success',
      cancelUrl: 'http://localhost:3000/',
      expiresAt: new Date(clock.millis() + 31 * MINUTE),
      idempotencyKey: randomUUID(),
    });
    const paid = stripe.complete(id, { name: 'Ann Rider', email: 'ann@example.com' });
    const refundId = await db.transaction((tx) =>
      requestRefund(tx, {
        appointmentId,
        checkoutSessionId: id,
        paymentIntentId: paid.payment_intent as string,
        amountCents,
        reason: 'late_payment',
        at: clock.now(),
      }),
    );
    if (!refundId) throw new Error('no refund was written');
    return { refundId, paymentIntent: paid.payment_intent as string, checkoutSessionId: id };
  };

  /** The process dies once Stripe has taken the refund, before the row says so. */
  const dyingOnceTaken = (): PaymentProvider => ({
    ...provider,
    refund: async (request) => {
      await provider.refund(request);
      throw new Error('the process stopped here');
    },
  });

  const row = async (id: string) => {
    const [refund] = await database.handle.db.select().from(refunds).where(eq(refunds.id, id));
    if (!refund) throw new Error(`no refund ${id}`);
    return refund;
  };
  const madeAtStripe = (paymentIntent: string) =>
    [...stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

  it('writes at most one refund per payment, however many decisions ask for one', async () => {
    const { paymentIntent, checkoutSessionId, refundId } = await decidedRefund();
    const { appointmentId } = await row(refundId);
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        requestRefund(database.handle.db, {
          appointmentId,
          checkoutSessionId,
          paymentIntentId: paymentIntent,
          amountCents: 6600,
          reason: 'duplicate_payment',
          at: clock.now(),
        }),
      ),
    );
    expect(again).toEqual([null, null, null]);
    expect(
      await database.handle.db
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.paymentIntentId, paymentIntent)),
    ).toEqual([{ id: refundId }]);
  });

  it('issues a refund once when the job runs twice, and keeps its id and amount', async () => {
    const { refundId, paymentIntent } = await decidedRefund();
    await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog);
    await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog);
    clock.advance(HOUR);
    await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog);

    const given = madeAtStripe(paymentIntent);
    expect(given).toEqual([expect.objectContaining({ amount: 6600 })]);
    expect(await row(refundId)).toMatchObject({
      status: 'succeeded',
      providerRefundId: given[0]?.id,
      amountCents: 6600,
      attempts: 1,
      lastError: null,
    });
  });

  it('gets the same refund back when Stripe’s answer is lost and the request is retried', async () => {
    const { refundId, paymentIntent } = await decidedRefund();
    stripe.loseNextAnswer('/v1/refunds');
    const issued = await issueRefund(
      database.handle.db,
      provider,
      refundId,
      clock.now(),
      silentLog,
    );

    const given = madeAtStripe(paymentIntent);
    expect(given).toHaveLength(1);
    expect(issued).toMatchObject({ status: 'succeeded', providerRefundId: given[0]?.id });
    const sent = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === paymentIntent,
    );
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([(await row(refundId)).idempotencyKey]),
    );
  });

  it('gets the same refund back after a crash between Stripe’s acceptance and the mark', async () => {
    const { refundId, paymentIntent } = await decidedRefund();
    await issueRefund(database.handle.db, dyingOnceTaken(), refundId, clock.now(), silentLog);
    expect(madeAtStripe(paymentIntent)).toHaveLength(1);
    expect(await row(refundId)).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due again at once: another process's job leaves the attempt in flight alone.
    expect(await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog)).toEqual(
      [],
    );
    clock.advance(MINUTE);
    await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog);
    const given = madeAtStripe(paymentIntent);
    expect(given).toHaveLength(1);
    expect(await row(refundId)).toMatchObject({
      status: 'succeeded',
      providerRefundId: given[0]?.id,
      attempts: 2,
      lastError: null,
    });
  });

  it('refunds once when taken up after Stripe has forgotten the key, finding the refund it made', async () => {
    // Half the payment: a second refund of it would be taken, so only finding the first stops it.
    const { refundId, paymentIntent } = await decidedRefund(3300);
    await issueRefund(database.handle.db, dyingOnceTaken(), refundId, clock.now(), silentLog);
    expect(madeAtStripe(paymentIntent)).toHaveLength(1);

    // The servers stay down for a day: Stripe forgets the key, the refund is due again.
    clock.advance(25 * HOUR);
    stripe.forgetIdempotencyKeys();
    await issuePendingRefunds(database.handle.db, provider, clock.now(), silentLog);
    const given = madeAtStripe(paymentIntent);
    expect(given.map((r) => r.amount)).toEqual([3300]);
    expect(given[0]?.metadata).toEqual({ idempotency_key: (await row(refundId)).idempotencyKey });
    expect(await row(refundId)).toMatchObject({
      status: 'succeeded',
      providerRefundId: given[0]?.id,
      attempts: 2,
    });
  });

  it(`marks a refund failed after ${MAX_REFUND_ATTEMPTS} refused attempts, with the last error`, async () => {
    const { refundId } = await decidedRefund();
    const refusing: PaymentProvider = {
      ...provider,
      refund: () => Promise.reject(new Error('Your card issuer declined the refund.')),
    };
    const errors: object[] = [];
    for (let i = 0; i < MAX_REFUND_ATTEMPTS + 2; i++) {
      await issuePendingRefunds(database.handle.db, refusing, clock.now(), {
        warn: () => {},
        error: (fields) => errors.push(fields),
      });
      clock.advance(2 * HOUR);
    }
    expect(await row(refundId)).toMatchObject({
      status: 'failed',
      attempts: MAX_REFUND_ATTEMPTS,
      lastError: 'Your card issuer declined the refund.',
    });
    expect(errors).toEqual([expect.objectContaining({ refundId })]);
  });
});
