import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { appointments, billCharges, bills, refunds, services, users } from '@app/db';
import { createStripeProvider } from '../modules/payments/stripe-provider.ts';
import { openPostgresDatabase, type PostgresTestDatabase } from '../test/booking.ts';
import { databaseKinds } from '../test/databases.ts';
import { insertAppointment, insertUser } from '../test/fixtures.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startStripeStandIn, type StripeStandIn } from '../test/stripe-stand-in.ts';

/** Polls until `check` holds or the deadline passes (no fixed sleep: it stops as soon as it can). */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const BALANCE = 7_450;
const DEPOSIT = 5_000;

/**
 * Money under SIGKILL (ADR 012, ADR 024): a server killed while Stripe carries out a ride's
 * balance charge, and one killed while Stripe carries out a refund. Stripe (the stand-in) did
 * the work, the dead server never heard; the next server retries with the same idempotency key,
 * so the stand-in's records show each charged or refunded exactly once.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a balance charge and a refund under SIGKILL, on PostgreSQL against the Stripe stand-in',
  { timeout: 180_000 },
  () => {
    let database: PostgresTestDatabase;
    let stripe: StripeStandIn;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await openPostgresDatabase();
      stripe = await startStripeStandIn();
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await stripe?.close();
      await database?.drop();
    });

    const env = () => ({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: `http://${stripe.host}:${stripe.port}`,
    });

    /** A completed ride whose deposit Stripe took with the card kept, as its checkout would. */
    async function paidRide(slotDate: string) {
      const db = database.handle.db;
      const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
        { id: string },
      ];
      const userId = await insertUser(db, 'Ann Rider');
      const [user] = (await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))) as [{ email: string }];
      const id = await insertAppointment(db, {
        userId,
        serviceId: car.id,
        slotDate,
        slotTime: '9:30 AM',
        status: 'completed',
      });
      const provider = createStripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_x',
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
      });
      const customer = await provider.createCustomer({
        email: user.email,
        name: 'Ann Rider',
        userId,
        idempotencyKey: `customer-${userId}`,
      });
      const checkout = await provider.createCheckout({
        appointmentId: id,
        amountCents: DEPOSIT,
        productName: 'Booking deposit',
        customerEmail: user.email,
        metadata: {},
        successUrl: 'http://localhost/success',
        cancelUrl: 'http://localhost/cancel',
        expiresAt: new Date(Date.now() + 30 * 60_000),
        idempotencyKey: `checkout-${id}`,
        customerId: customer.id,
        saveCard: true,
        purpose: 'deposit',
      });
      const session = stripe.complete(checkout.id, { name: 'Ann Rider', email: user.email });
      const paymentIntentId = String(session.payment_intent);
      await db
        .update(appointments)
        .set({ paymentIntentId, checkoutSessionId: checkout.id, amountCents: DEPOSIT })
        .where(eq(appointments.id, id));
      return { id, paymentIntentId, checkoutSessionId: checkout.id };
    }

    /** The stand-in's off-session charges and refunds of a payment: Stripe's own records. */
    const chargesOf = (appointmentId: string) =>
      [...stripe.paymentIntents.values()].filter(
        (intent) => intent.off_session && intent.metadata.appointmentId === appointmentId,
      );
    const refundsOf = (paymentIntentId: string) =>
      [...stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);

    /** Kills a fresh server once Stripe has carried out the held request it sent. */
    async function killDuring(path: string) {
      const arrived = stripe.holdNextAnswer(path);
      // Its jobs run at start, before it listens: it is killed before it is ever ready.
      const server = await startServerProcess(env(), { ready: false });
      servers.push(server);
      await arrived;
      server.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
    }

    /** A bill sent and its balance's charge recorded with its key, as the tip's transaction does. */
    async function recordCharge(appointmentId: string): Promise<string> {
      const db = database.handle.db;
      const now = new Date();
      const lines = [{ kind: 'ride' as const, label: 'Ride', amountCents: DEPOSIT + BALANCE }];
      const chargeId = randomUUID();
      await db.insert(bills).values({
        appointmentId,
        status: 'charging',
        lines,
        totalCents: DEPOSIT + BALANCE,
        depositCents: DEPOSIT,
        tipCents: 0,
        tipChoice: 'none',
        draftedAt: now,
        sentAt: now,
        updatedAt: now,
      });
      // Before Stripe is asked.
      await db.insert(billCharges).values({
        id: chargeId,
        appointmentId,
        amountCents: BALANCE,
        tipCents: 0,
        idempotencyKey: `bill-charge-${chargeId}`,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      });
      return chargeId;
    }

    /** A new server takes the charge up once it is due, and records what Stripe made. */
    async function chargedOnceAfterRestart(appointmentId: string, chargeId: string) {
      const db = database.handle.db;
      servers.push(await startServerProcess(env()));
      await until(async () => {
        const [charge] = await db.select().from(billCharges).where(eq(billCharges.id, chargeId));
        return charge?.status === 'succeeded';
      }, 'the charge to be recorded');
      const charged = chargesOf(appointmentId);
      expect(charged).toHaveLength(1);
      const [charge] = await db.select().from(billCharges).where(eq(billCharges.id, chargeId));
      expect(charge).toMatchObject({ paymentIntentId: charged[0]?.id, cardLast4: '4242' });
      const [bill] = await db.select().from(bills).where(eq(bills.appointmentId, appointmentId));
      expect(bill?.status).toBe('paid');
    }

    it('charges a bill once when the server dies while Stripe charges it', async () => {
      const db = database.handle.db;
      const ride = await paidRide('2_3_2027');
      const chargeId = await recordCharge(ride.id);

      await killDuring('/v1/payment_intents');
      // Stripe charged the card; the dead server never recorded it.
      expect(chargesOf(ride.id).map((intent) => intent.status)).toEqual(['succeeded']);
      const [pending] = await db.select().from(billCharges).where(eq(billCharges.id, chargeId));
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

      // Its claim runs out (an hour at most; here at once), and the next server takes it up.
      await db
        .update(billCharges)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(billCharges.id, chargeId));
      await chargedOnceAfterRestart(ride.id, chargeId);
    });

    it('charges a bill once when its server stays dead longer than Stripe keeps the key', async () => {
      // A server left by the test before would take this charge up: only this test's run.
      await Promise.all(servers.splice(0).map((server) => server.stop()));
      const db = database.handle.db;
      const ride = await paidRide('4_3_2027');
      const chargeId = await recordCharge(ride.id);
      await killDuring('/v1/payment_intents');
      expect(chargesOf(ride.id).map((intent) => intent.status)).toEqual(['succeeded']);

      // More than a day later: Stripe has forgotten the key, so the key alone would charge again.
      stripe.forgetIdempotencyKeys();
      await db
        .update(billCharges)
        .set({ createdAt: sql`now() - interval '25 hours'`, nextAttemptAt: sql`now()` })
        .where(eq(billCharges.id, chargeId));
      await chargedOnceAfterRestart(ride.id, chargeId);
    });

    it('refunds once when the server dies while Stripe refunds', async () => {
      const db = database.handle.db;
      const ride = await paidRide('3_3_2027');
      const now = new Date();
      const refundId = randomUUID();
      await db.insert(refunds).values({
        id: refundId,
        appointmentId: ride.id,
        checkoutSessionId: ride.checkoutSessionId,
        paymentIntentId: ride.paymentIntentId,
        amountCents: DEPOSIT,
        reason: 'cancelled_by_owner',
        idempotencyKey: `refund-${refundId}`,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      });

      await killDuring('/v1/refunds');
      expect(refundsOf(ride.paymentIntentId)).toHaveLength(1);
      const [pending] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      expect(pending?.status).toBe('pending');

      await db
        .update(refunds)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(refunds.id, refundId));
      servers.push(await startServerProcess(env()));
      await until(async () => {
        const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
        return refund?.status === 'succeeded';
      }, 'the refund to be recorded');
      const given = refundsOf(ride.paymentIntentId);
      expect(given).toHaveLength(1);
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      expect(refund?.providerRefundId).toBe(given[0]?.id);
    });
  },
);
