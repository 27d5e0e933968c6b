import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import {
  appointments,
  auditEvents,
  outboxMessages,
  refundTiers,
  refunds,
  sandboxCheckouts,
  sandboxRefunds,
  type Database,
} from '@app/db';
import {
  BookingResponseSchema,
  CustomerRideResponseSchema,
  MyRidesResponseSchema,
  PaymentDetailsResponseSchema,
  REFUND_POLICY_SAVED_MESSAGE,
  REFUND_POLICY_UNKNOWN_MESSAGE,
  REFUND_TIERS_OVERLAP_MESSAGE,
  REFUND_TIERS_TOO_MANY_MESSAGE,
  REFUND_TIERS_UNSORTED_MESSAGE,
  REFUND_TIER_HOURS_MESSAGE,
  REFUND_TIER_PERCENT_MESSAGE,
  RefundPolicyResponseSchema,
  RefundPolicySavedResponseSchema,
  RideChangeResponseSchema,
  slotStartsAt,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { MFA_REQUIRED_MESSAGE, OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { createSession } from '../auth/sessions.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { issuePendingRefunds } from '../payments/refunds.ts';
import {
  bookingRequest,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { HOUR, createClock, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';
const URL = '/api/admin/refund-policy';
const DEPOSIT = 6600; // the Tesla Model S's deposit
/** Full deposit back from 48 hours before pickup, half from 24, nothing after. */
const TIERS = [
  { hoursBefore: 48, percent: 100 },
  { hoursBefore: 24, percent: 50 },
];
const silentLog = { warn: () => {}, error: () => {} };

/*
 * Issue 31, part 5: the owner's refund tiers for a customer's cancel. The ride's page shows what
 * comes back, computed by the server; the cancel refunds what the tiers give at its commit,
 * writing the refund in its own transaction, and the provider gets it by itself.
 */
describe.each(await databaseKinds())('refund tiers on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let clock: TestClock;
  let owner: Browser;
  let ownerId: string;
  let teslaS: string;
  /** The sandbox, refusing refunds while `providerDown` (an outage the job rides out). */
  let providerDown = false;
  let provider: PaymentProvider;
  const config = testConfig({ publicBaseUrl: BASE, changeCutoffHours: 12 });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    clock = createClock(NOW);
    const sandbox = createSandboxProvider({ db, publicBaseUrl: BASE, now: clock.now });
    provider = {
      ...sandbox,
      refund: async (request) => {
        if (providerDown) throw new Error('provider unreachable');
        return sandbox.refund(request);
      },
    };
    app = await buildApp({
      config,
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 0,
      payments: provider,
    });
    ({ browser: owner, userId: ownerId } = await signedInOwner(app, db, NOW));
    teslaS = await serviceIdByName(db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Moves the clock to `msBefore` the pickup of `slotDate` at `slotTime` (New York). */
  const setClockBefore = (slotDate: string, slotTime: string, msBefore: number) => {
    const pickup = (slotStartsAt(slotDate, slotTime) as Date).getTime();
    clock.advance(pickup - msBefore - clock.millis());
  };
  /** A paid ride booked and paid at the clock's time, and its customer. */
  const paidRide = async (slotDate: string, extra: Record<string, unknown> = {}) => {
    const { browser, userId } = await signedInBrowser(app, db, clock.now());
    const response = await browser.post(
      '/api/user/book-appointment',
      bookingRequest(teslaS, { slotDate, slotTime: '9:00 AM', ...extra }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const booked = BookingResponseSchema.parse(response.json());
    const sessionId = await payThroughSandbox(app, browser, booked.appointmentId);
    return { ...booked, userId, sessionId };
  };
  /** The customer signed in afresh at the clock's time (days may have passed). */
  const customerNow = async (userId: string) => {
    const browser = new Browser(app);
    browser.setSid(await createSession(db, userId, clock.now(), config.session));
    return browser;
  };
  const viewOf = async (browser: Browser, id: string) => {
    const response = await browser.get(`/api/appointments/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return CustomerRideResponseSchema.parse(response.json()).ride;
  };
  /** The ride as My rides lists it. */
  const myRideOf = async (browser: Browser, id: string) => {
    const response = await browser.get('/api/user/rides');
    expect(response.statusCode, response.body).toBe(200);
    const { upcoming, past } = MyRidesResponseSchema.parse(response.json());
    return [...upcoming, ...past].find((ride) => ride.id === id);
  };
  /** The confirmation page's answer (`/success`), opened again for the ride's checkout. */
  const paymentPageOf = async (browser: Browser, sessionId: string) => {
    const response = await browser.get(
      `/api/user/stripe-payment-details?session_id=${encodeURIComponent(sessionId)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return PaymentDetailsResponseSchema.parse(response.json());
  };
  const refundsOf = (id: string) => db.select().from(refunds).where(eq(refunds.appointmentId, id));
  const sandboxRefundsOf = async (id: string) => {
    const [paid] = await db
      .select({ pi: appointments.paymentIntentId })
      .from(appointments)
      .where(eq(appointments.id, id));
    return db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, paid?.pi as string));
  };
  const auditOf = (id: string) =>
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.appointmentId, id))
      .orderBy(asc(auditEvents.action));
  const policyAudit = () =>
    db.select().from(auditEvents).where(eq(auditEvents.action, 'refund_policy.updated'));
  const cancel = (browser: Browser, id: string, body: Record<string, unknown> = {}) =>
    browser.post(`/api/appointments/${id}/cancel`, body);

  it('is the owner’s only: a visitor 401, a customer or chauffeur 403, no MFA 403', async () => {
    const body = { tiers: TIERS };
    expectFailure(await new Browser(app).post(URL, body), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await new Browser(app).get(URL), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.post(URL, body), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await customer.get(URL), 403, OWNER_ONLY_MESSAGE);
    const { browser: chauffeur } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    expectFailure(await chauffeur.post(URL, body), 403, OWNER_ONLY_MESSAGE);
    const { browser: unverified } = await signedInOwner(app, db, NOW, { mfa: false });
    const refused = await unverified.post(URL, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: MFA_REQUIRED_MESSAGE, code: 'mfa_required' });
    expectFailure(await owner.post(URL, body, { csrf: false }), 403, CSRF_FAILED_MESSAGE);
    expect(await policyAudit()).toEqual([]);
    expect(RefundPolicyResponseSchema.parse((await owner.get(URL)).json()).policy).toEqual({
      tiers: [],
      ownerSet: false,
    });
  });

  it('refuses unsorted, overlapping or out-of-range tiers, each in words', async () => {
    const tier = (hoursBefore: unknown, percent: unknown) => ({ hoursBefore, percent });
    const refusals: [unknown, string][] = [
      [[tier(24, 50), tier(48, 100)], REFUND_TIERS_UNSORTED_MESSAGE],
      [[tier(48, 100), tier(48, 50)], REFUND_TIERS_OVERLAP_MESSAGE],
      [[tier(48, 101)], REFUND_TIER_PERCENT_MESSAGE],
      [[tier(48, -1)], REFUND_TIER_PERCENT_MESSAGE],
      [[tier(48, 50.5)], REFUND_TIER_PERCENT_MESSAGE],
      [[tier(48, '100')], REFUND_TIER_PERCENT_MESSAGE],
      [[tier(-1, 50)], REFUND_TIER_HOURS_MESSAGE],
      [[tier(2161, 50)], REFUND_TIER_HOURS_MESSAGE],
      [[tier(1.5, 50)], REFUND_TIER_HOURS_MESSAGE],
      [[72, 48, 36, 24, 12, 6].map((hours) => tier(hours, 10)), REFUND_TIERS_TOO_MANY_MESSAGE],
      [[{ ...tier(48, 100), fee: 1 }], REFUND_POLICY_UNKNOWN_MESSAGE],
    ];
    for (const [tiers, message] of refusals) {
      expectFailure(await owner.post(URL, { tiers }), 400, message);
    }
    expectFailure(
      await owner.post(URL, { tiers: TIERS, cap: 1 }),
      400,
      REFUND_POLICY_UNKNOWN_MESSAGE,
    );
    expect(await policyAudit()).toEqual([]);
    // The table keeps the same bounds, whatever writes to it.
    await expect(
      db.insert(refundTiers).values({ hoursBefore: 10, percent: 101 }),
    ).rejects.toThrow();
    await expect(
      db.insert(refundTiers).values({ hoursBefore: 2161, percent: 1 }),
    ).rejects.toThrow();
  });

  it('by default (no tiers) refunds nothing: the booking fee is non-refundable', async () => {
    const ride = await paidRide('1_12_2026');
    setClockBefore('1_12_2026', '9:00 AM', 200 * HOUR);
    const browser = await customerNow(ride.userId);
    const view = await viewOf(browser, ride.appointmentId);
    expect(view.cancelRefund).toEqual({
      depositCents: DEPOSIT,
      refundCents: 0,
      words: 'Your deposit is not refundable.',
    });
    const response = await cancel(browser, ride.appointmentId, { seenRefundCents: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = RideChangeResponseSchema.parse(response.json());
    expect(answer.message).toBe('Your ride is cancelled.');
    expect(answer.refund).toMatchObject({ refundCents: 0, changed: false });
    expect(await refundsOf(ride.appointmentId)).toEqual([]);
    // The ride's page says nothing was given back.
    expect(answer.ride.customerCancellation).toEqual({ refund: null });
    expect(await sandboxRefundsOf(ride.appointmentId)).toEqual([]);
    // So does the confirmation page opened again: cancelled by the customer, nothing back.
    const page = await paymentPageOf(browser, ride.sessionId);
    expect(page.customerCancellation).toEqual({ refund: null });
    expect(page).not.toHaveProperty('cancellation');
    expect(page).not.toHaveProperty('refund');
  });

  it('saves the owner’s tiers, audited with the tiers they replace', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const response = await owner.post(URL, { tiers: TIERS });
    expect(response.statusCode, response.body).toBe(200);
    expect(RefundPolicySavedResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: REFUND_POLICY_SAVED_MESSAGE,
      policy: { tiers: TIERS, ownerSet: true },
    });
    expect(await policyAudit()).toEqual([
      expect.objectContaining({
        actorUserId: ownerId,
        before: { tiers: [], source: 'defaults' },
        after: { tiers: TIERS, source: 'owner' },
      }),
    ]);
  });

  it.each([
    ['exactly 48 hours', 48 * HOUR, 6600, '2_12_2026'],
    ['1 ms more than 48 hours', 48 * HOUR + 1, 6600, '3_12_2026'],
    ['1 ms less than 48 hours', 48 * HOUR - 1, 3300, '4_12_2026'],
    ['exactly 24 hours', 24 * HOUR, 3300, '5_12_2026'],
    ['1 ms less than 24 hours', 24 * HOUR - 1, 0, '6_12_2026'],
  ])(
    'a cancel %s before pickup gives back what the page said',
    async (_, before, expected, day) => {
      clock.advance(NOW.getTime() - clock.millis());
      const ride = await paidRide(day);
      setClockBefore(day, '9:00 AM', before);
      const browser = await customerNow(ride.userId);
      const view = await viewOf(browser, ride.appointmentId);
      expect(view.cancelRefund?.refundCents).toBe(expected);
      const response = await cancel(browser, ride.appointmentId, {
        seenRefundCents: view.cancelRefund?.refundCents,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = RideChangeResponseSchema.parse(response.json());
      expect(answer.refund).toMatchObject({ refundCents: expected, changed: false });
      const given = await refundsOf(ride.appointmentId);
      if (expected === 0) {
        expect(given).toEqual([]);
        expect(answer.message).toBe('Your ride is cancelled.');
        expect(answer.ride.customerCancellation).toEqual({ refund: null });
        return;
      }
      expect(answer.message).toBe(
        `Your ride is cancelled. $${(expected / 100).toFixed(2)} of your deposit is refunded to your card.`,
      );
      // Written with the cancel, at its instant, and issued through the provider at once.
      const [cancelled] = await db
        .select()
        .from(appointments)
        .where(eq(appointments.id, ride.appointmentId));
      expect(given).toEqual([
        expect.objectContaining({
          amountCents: expected,
          reason: 'cancelled_by_customer',
          status: 'succeeded',
          createdAt: cancelled?.cancelledAt,
        }),
      ]);
      expect((await sandboxRefundsOf(ride.appointmentId)).map((r) => r.amountCents)).toEqual([
        expected,
      ]);
      // The ride's page and My rides keep saying what came back, after the toast has gone.
      const told = {
        refund: {
          amountCents: expected,
          status: 'succeeded',
          createdAt: cancelled?.cancelledAt?.toISOString(),
        },
      };
      expect(answer.ride.customerCancellation).toEqual(told);
      expect((await viewOf(browser, ride.appointmentId)).customerCancellation).toEqual(told);
      expect((await myRideOf(browser, ride.appointmentId))?.customerCancellation).toEqual(told);
      // The confirmation page opened again says it too: the refund is the cancel's, not a payment
      // given back for coming late or twice (which would say the ride stays booked).
      const page = await paymentPageOf(browser, ride.sessionId);
      expect(page.customerCancellation).toEqual(told);
      expect(page).not.toHaveProperty('refund');
      expect(page).not.toHaveProperty('cancellation');
    },
  );

  it('refunds what the tier gives at the commit, and says so when it changed since the page', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const ride = await paidRide('10_12_2026');
    setClockBefore('10_12_2026', '9:00 AM', 48 * HOUR);
    const browser = await customerNow(ride.userId);
    const view = await viewOf(browser, ride.appointmentId);
    expect(view.cancelRefund).toEqual({
      depositCents: DEPOSIT,
      refundCents: DEPOSIT,
      words: 'You will get your whole $66.00 deposit back.',
    });
    clock.advance(1); // the customer read the dialog past the 48-hour limit
    const response = await cancel(browser, ride.appointmentId, {
      seenRefundCents: view.cancelRefund?.refundCents,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = RideChangeResponseSchema.parse(response.json());
    expect(answer.refund).toEqual({
      depositCents: DEPOSIT,
      refundCents: 3300,
      words: 'You will get $33.00 of your $66.00 deposit back.',
      changed: true,
    });
    expect(answer.message).toContain('not the one shown before');
    expect(answer.message).toContain('$33.00 of your deposit is refunded');
    expect((await refundsOf(ride.appointmentId)).map((r) => r.amountCents)).toEqual([3300]);

    // Audited: the cancel with its refund, and the refund asked of the provider, by the customer.
    const audit = await auditOf(ride.appointmentId);
    expect(audit.map((event) => [event.action, event.actorUserId])).toEqual([
      ['appointment.cancelled', ride.userId],
      ['refund.requested', ride.userId],
    ]);
    expect(audit[0]?.after).toMatchObject({ cancelledBy: 'customer', refundCents: 3300 });
    expect(audit[1]?.after).toMatchObject({
      amountCents: 3300,
      reason: 'cancelled_by_customer',
      percent: 50,
    });
    // The customer's email says what comes back.
    const [email] = await db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.appointmentId, ride.appointmentId),
          eq(outboxMessages.template, 'cancelled'),
        ),
      );
    expect(email?.payload).toMatchObject({ refundCents: 3300 });

    // A second cancel changes nothing and gives nothing more back.
    const again = await cancel(browser, ride.appointmentId, { seenRefundCents: 3300 });
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(ride.appointmentId)).toHaveLength(1);
    expect(await sandboxRefundsOf(ride.appointmentId)).toHaveLength(1);
  });

  it('a round trip cancelled together refunds each leg by its own pickup, from one payment', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const trip = await paidRide('12_12_2026', {
      lengthMinutes: 60,
      needsReturnRide: true,
      returnPickupAddress: 'Logan Airport, Boston, MA',
      returnDropoffAddress: '1 Main Street, Norfolk, MA',
      // The return two days later: still beyond 48 hours when the first is within them.
      returnSlotDate: '14_12_2026',
      returnSlotTime: '4:00 PM',
      returnLengthMinutes: 75,
    });
    const returnId = trip.returnAppointmentId as string;
    setClockBefore('12_12_2026', '9:00 AM', 30 * HOUR);
    const browser = await customerNow(trip.userId);
    const view = await viewOf(browser, trip.appointmentId);
    expect(view.cancelRefund?.refundCents).toBe(3300);
    expect(view.cancelRefundWithReturn).toEqual({
      depositCents: 2 * DEPOSIT,
      refundCents: 3300 + DEPOSIT,
      words: 'You will get $99.00 of your $132.00 deposit back.',
    });
    const response = await cancel(browser, trip.appointmentId, {
      withReturn: true,
      seenRefundCents: 9900,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(RideChangeResponseSchema.parse(response.json()).refund).toMatchObject({
      refundCents: 9900,
      changed: false,
    });
    const [first] = await refundsOf(trip.appointmentId);
    const [back] = await refundsOf(returnId);
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.appointmentId, trip.appointmentId));
    expect(first).toMatchObject({ amountCents: 3300, checkoutSessionId: checkout?.id });
    expect(back).toMatchObject({ amountCents: DEPOSIT, checkoutSessionId: checkout?.id });
    expect(back?.paymentIntentId).toBe(first?.paymentIntentId);
    expect((await sandboxRefundsOf(trip.appointmentId)).map((r) => r.amountCents).sort()).toEqual([
      3300,
      DEPOSIT,
    ]);
  });

  it('a round trip’s return leg cancelled alone is refunded from the first leg’s checkout', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const trip = await paidRide('18_12_2026', {
      lengthMinutes: 60,
      needsReturnRide: true,
      returnPickupAddress: 'Logan Airport, Boston, MA',
      returnDropoffAddress: '1 Main Street, Norfolk, MA',
      returnSlotDate: '18_12_2026',
      returnSlotTime: '4:00 PM',
      returnLengthMinutes: 75,
    });
    const returnId = trip.returnAppointmentId as string;
    setClockBefore('18_12_2026', '4:00 PM', 30 * HOUR);
    const browser = await customerNow(trip.userId);
    const view = await viewOf(browser, returnId);
    expect(view.cancelRefund?.refundCents).toBe(3300);
    expect(view.cancelRefundWithReturn).toBeNull();
    const response = await cancel(browser, returnId, { seenRefundCents: 3300 });
    expect(response.statusCode, response.body).toBe(200);
    const [checkout] = await db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.appointmentId, trip.appointmentId));
    expect(await refundsOf(returnId)).toEqual([
      expect.objectContaining({ amountCents: 3300, checkoutSessionId: checkout?.id }),
    ]);
    // The first leg stays paid, its deposit kept.
    expect(await refundsOf(trip.appointmentId)).toEqual([]);
    expect((await viewOf(browser, trip.appointmentId)).status).toBe('paid');
    // The confirmation stays the first leg's: the return leg's refund, of the same checkout, is
    // no payment given back (that would say "already paid").
    const page = await paymentPageOf(browser, trip.sessionId);
    expect(page).not.toHaveProperty('refund');
    expect(page).not.toHaveProperty('customerCancellation');
  });

  it('two cancels at once: one wins, one refund', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const ride = await paidRide('20_12_2026');
    setClockBefore('20_12_2026', '9:00 AM', 72 * HOUR);
    const browser = await customerNow(ride.userId);
    const answers = await Promise.all([
      cancel(browser, ride.appointmentId, { seenRefundCents: DEPOSIT }),
      cancel(browser, ride.appointmentId, { seenRefundCents: DEPOSIT }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await refundsOf(ride.appointmentId)).toHaveLength(1);
    expect((await sandboxRefundsOf(ride.appointmentId)).map((r) => r.amountCents)).toEqual([
      DEPOSIT,
    ]);
  });

  it('keeps the refund when the provider is down, and the job issues it once', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const ride = await paidRide('16_12_2026');
    setClockBefore('16_12_2026', '9:00 AM', 72 * HOUR);
    const browser = await customerNow(ride.userId);
    providerDown = true;
    try {
      const response = await cancel(browser, ride.appointmentId, { seenRefundCents: DEPOSIT });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      providerDown = false;
    }
    expect(await refundsOf(ride.appointmentId)).toEqual([
      expect.objectContaining({ amountCents: DEPOSIT, status: 'pending', attempts: 1 }),
    ]);
    expect(await sandboxRefundsOf(ride.appointmentId)).toEqual([]);
    // Shown as on its way until the provider takes it.
    const pending = (await myRideOf(browser, ride.appointmentId))?.customerCancellation;
    expect(pending?.refund).toMatchObject({ amountCents: DEPOSIT, status: 'pending' });
    clock.advance(HOUR);
    await issuePendingRefunds(db, provider, clock.now(), silentLog);
    await issuePendingRefunds(db, provider, clock.now(), silentLog);
    expect(await refundsOf(ride.appointmentId)).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 2 }),
    ]);
    expect((await viewOf(browser, ride.appointmentId)).customerCancellation?.refund).toMatchObject({
      amountCents: DEPOSIT,
      status: 'succeeded',
    });
    expect((await sandboxRefundsOf(ride.appointmentId)).map((r) => r.amountCents)).toEqual([
      DEPOSIT,
    ]);
  });

  it('an empty list of tiers restores the booking policy, audited', async () => {
    clock.advance(NOW.getTime() - clock.millis());
    const response = await owner.post(URL, { tiers: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(RefundPolicySavedResponseSchema.parse(response.json()).policy).toEqual({
      tiers: [],
      ownerSet: true,
    });
    // Both at the test's one instant: the second is the one that replaced the owner's tiers.
    const events = await policyAudit();
    expect(events).toHaveLength(2);
    expect(events.find((event) => event.before?.source === 'owner')).toMatchObject({
      before: { tiers: TIERS, source: 'owner' },
      after: { tiers: [], source: 'owner' },
    });
  });
});
