import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, auditEvents, billCharges, bills, refunds, type Database } from '@app/db';
import {
  bookingReference,
  NumbersResponseSchema,
  PAYMENTS_EXPORT_SPAN_MESSAGE,
  RIDE_DATE_MESSAGE,
  RIDE_DATE_ORDER_MESSAGE,
  type AppointmentStatus,
  type BillChargeStatus,
  type RefundReason,
  type RefundStatus,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';

// Sunday 22 November 2026, 10:07 AM in New York: the week is Monday 16 to Sunday 22.
const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('the owner’s numbers on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let teslaS: string;
  let camry: string;
  /** The rides the export names: id by what they are. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    camry = await serviceIdByName(db, 'Toyota Camry');
    const rider = await insertUser(db, 'Nina Numbers');
    const ride = async (
      serviceId: string,
      slotDate: string,
      slotTime: string,
      status: AppointmentStatus,
      paidAt: string | null,
      amountCents = 5000,
    ) => {
      const id = await insertAppointment(db, {
        userId: rider,
        serviceId,
        slotDate,
        slotTime,
        status,
      });
      await db
        .update(appointments)
        .set({ paidAt: paidAt ? new Date(paidAt) : null, amountCents })
        .where(eq(appointments.id, id));
      return id;
    };
    await ride(teslaS, '22_11_2026', '11:30 PM', 'completed', null);
    await ride(camry, '18_11_2026', '9:00 AM', 'no_show', null);
    await ride(camry, '18_11_2026', '9:30 AM', 'paid', null);
    await ride(teslaS, '15_11_2026', '11:30 PM', 'paid', '2026-11-10T12:00:00Z', 3000);
    ids.first = await ride(teslaS, '16_11_2026', '12:00 AM', 'paid', '2026-11-16T12:00:00Z');
    const cancelled = await ride(
      teslaS,
      '19_11_2026',
      '9:00 AM',
      'cancelled',
      '2026-11-17T12:00:00Z',
    );
    await ride(teslaS, '20_11_2026', '9:00 AM', 'pending_payment', null);
    await ride(teslaS, '30_11_2026', '11:30 PM', 'paid', '2026-10-30T12:00:00Z');
    await ride(teslaS, '1_12_2026', '12:00 AM', 'paid', null);
    await ride(teslaS, '31_10_2026', '11:30 PM', 'paid', null);
    ids.cancelled = cancelled;
    const refund = async (
      at: string,
      status: RefundStatus,
      amountCents: number,
      reason: RefundReason = 'cancelled_by_owner',
      appointmentId = cancelled,
    ) =>
      db.insert(refunds).values({
        id: randomUUID(),
        appointmentId,
        checkoutSessionId: `cs_${randomUUID()}`,
        paymentIntentId: `pi_refunded_${at.slice(5, 10)}`,
        providerRefundId: status === 'succeeded' ? `re_${at.slice(5, 10)}` : null,
        amountCents,
        reason,
        status,
        idempotencyKey: randomUUID(),
        nextAttemptAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    await refund('2026-11-17T15:00:00Z', 'succeeded', 5000);
    await refund('2026-11-18T15:00:00Z', 'failed', 5000);
    await refund('2026-11-05T15:00:00Z', 'pending', 2000);

    // A payment that came after its hold ended, for a ride of October: in, and given back.
    ids.late = await ride(camry, '20_10_2026', '9:00 AM', 'expired', null);
    await refund('2026-11-19T15:00:00Z', 'pending', 4000, 'late_payment', ids.late);
    // A round trip in December paid this week: one payment for two legs.
    ids.out = await ride(teslaS, '5_12_2026', '9:00 AM', 'paid', '2026-11-20T17:30:00Z', 2500);
    ids.back = await ride(teslaS, '6_12_2026', '9:00 AM', 'paid', '2026-11-20T17:30:00Z', 2500);
    await db
      .update(appointments)
      .set({ paymentIntentId: 'pi_round_trip' })
      .where(inArray(appointments.id, [ids.out, ids.back]));
    // Bills of October's rides, paid this week, this month, or not at all.
    const bill = async (
      slotTime: string,
      paidAt: string | null,
      charge: { status: BillChargeStatus; amountCents: number; tipCents: number },
    ) => {
      const id = await ride(camry, '21_10_2026', slotTime, 'completed', '2026-10-15T12:00:00Z');
      const drafted = new Date('2026-10-21T20:00:00Z');
      await db.insert(bills).values({
        appointmentId: id,
        status: paidAt ? 'paid' : 'payment_due',
        lines: [],
        totalCents: charge.amountCents - charge.tipCents + 5000,
        depositCents: 5000,
        tipCents: charge.tipCents,
        tipChoice: 'other',
        draftedAt: drafted,
        sentAt: drafted,
        paidAt: paidAt ? new Date(paidAt) : null,
        updatedAt: drafted,
      });
      await db.insert(billCharges).values({
        id: randomUUID(),
        appointmentId: id,
        ...charge,
        idempotencyKey: randomUUID(),
        paymentIntentId: `pi_bill_${charge.amountCents}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        nextAttemptAt: drafted,
        createdAt: drafted,
        updatedAt: drafted,
      });
      return id;
    };
    ids.charged = await bill('9:00 AM', '2026-11-18T16:00:00Z', {
      status: 'succeeded',
      amountCents: 12000,
      tipCents: 2000,
    });
    ids.linked = await bill('1:00 PM', '2026-11-03T16:00:00Z', {
      status: 'paid_by_link',
      amountCents: 5000,
      tipCents: 0,
    });
    await bill('5:00 PM', null, { status: 'declined', amountCents: 7000, tipCents: 1000 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('keeps the numbers from visitors (401) and customers (403)', async () => {
    expectFailure(await new Browser(app).get('/api/admin/numbers'), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/admin/numbers'), 403, OWNER_ONLY_MESSAGE);
  });

  it('counts this New York week’s and month’s rides, deposits, refunds, busiest cars and hours', async () => {
    const response = await owner.get('/api/admin/numbers');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { week, month } = NumbersResponseSchema.parse(response.json());

    expect(week).toMatchObject({
      title: 'This week',
      label: 'November 16 – 22, 2026',
      from: '2026-11-16T05:00:00.000Z',
      until: '2026-11-23T05:00:00.000Z',
      rides: 4,
      // 100 paid, 40 paid late and given back, 50 for a round trip's two legs.
      depositsCents: 19000,
      // The card charged 120 after the ride: 100 of balance, 20 of tip.
      balancesCents: 10000,
      tipsCents: 2000,
      bills: 1,
      refundsCents: 9000,
      refunds: 2,
      netCents: 19000 + 12000 - 9000,
    });
    expect(week.busiestCars).toEqual([
      { serviceId: teslaS, name: 'Tesla Model S', rides: 2 },
      { serviceId: camry, name: 'Toyota Camry', rides: 2 },
    ]);
    expect(week.busiestHours[0]).toEqual({ hour: 9, label: '9 AM', rides: 2 });
    expect(
      week.busiestHours
        .slice(1)
        .map((h) => h.label)
        .sort(),
    ).toEqual(['11 PM', '12 AM']);
    expect(week.days.map((d) => [d.label, d.rides])).toEqual([
      ['Mon 16', 1],
      ['Tue 17', 0],
      ['Wed 18', 2],
      ['Thu 19', 0],
      ['Fri 20', 0],
      ['Sat 21', 0],
      ['Sun 22', 1],
    ]);

    expect(month).toMatchObject({
      title: 'This month',
      label: 'November 2026',
      from: '2026-11-01T04:00:00.000Z',
      until: '2026-12-01T05:00:00.000Z',
      rides: 6,
      depositsCents: 22000,
      // And 50 through a payment link (the bill still due is not counted).
      balancesCents: 15000,
      tipsCents: 2000,
      bills: 2,
      refundsCents: 11000,
      refunds: 3,
      netCents: 22000 + 17000 - 11000,
    });
    expect(month.busiestCars).toEqual([
      { serviceId: teslaS, name: 'Tesla Model S', rides: 4 },
      { serviceId: camry, name: 'Toyota Camry', rides: 2 },
    ]);
    expect(month.busiestHours[0]).toEqual({ hour: 23, label: '11 PM', rides: 3 });
    expect(month.busiestHours[1]).toEqual({ hour: 9, label: '9 AM', rides: 2 });
    expect(month.days).toHaveLength(30);
    expect(month.days[0]).toEqual({ date: '2026-11-01', label: 'Sun 1', rides: 0 });
    expect(month.days.reduce((n, d) => n + d.rides, 0)).toBe(6);
  });

  it('exports the week’s payments and refunds for the accountant, audited', async () => {
    const response = await owner.get(
      '/api/admin/numbers/payments.csv?from=2026-11-16&to=2026-11-22',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments-2026-11-16-to-2026-11-22.csv"',
    );
    expect(response.body.endsWith('\r\n')).toBe(true);
    const rows = response.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    const ref = (name: string) => bookingReference(ids[name] as string);
    // prettier-ignore
    expect(rows).toEqual([
      ['Date (New York)', 'Time (New York)', 'Type', 'Booking reference', 'Customer', 'Car', 'Ride date (New York)', 'In (USD)', 'Out (USD)', 'Of which tip (USD)', 'Paid by', 'Card', 'Status', 'Note', 'Provider payment', 'Provider refund'],
      ['2026-11-16', '07:00', 'Deposit', ref('first'), 'Nina Numbers', 'Tesla Model S', '2026-11-16', '50.00', '', '', 'Card at booking', '', 'Paid', '', '', ''],
      ['2026-11-17', '07:00', 'Deposit', ref('cancelled'), 'Nina Numbers', 'Tesla Model S', '2026-11-19', '50.00', '', '', 'Card at booking', '', 'Paid', '', '', ''],
      ['2026-11-17', '10:00', 'Refund', ref('cancelled'), 'Nina Numbers', 'Tesla Model S', '2026-11-19', '', '50.00', '', '', '', 'Refunded', 'Cancelled by the owner', 'pi_refunded_11-17', 're_11-17'],
      ['2026-11-18', '11:00', 'Balance', ref('charged'), 'Nina Numbers', 'Toyota Camry', '2026-10-21', '120.00', '', '20.00', 'Saved card', 'visa 4242', 'Paid', '', 'pi_bill_12000', ''],
      ['2026-11-19', '10:00', 'Deposit', ref('late'), 'Nina Numbers', 'Toyota Camry', '2026-10-20', '40.00', '', '', 'Card at booking', '', 'Paid', 'Given back: paid after the hold ended', 'pi_refunded_11-19', ''],
      ['2026-11-19', '10:00', 'Refund', ref('late'), 'Nina Numbers', 'Toyota Camry', '2026-10-20', '', '40.00', '', '', '', 'Pending', 'Paid after the hold ended', 'pi_refunded_11-19', ''],
      ['2026-11-20', '12:30', 'Deposit', `${ref('out')} + ${ref('back')}`, 'Nina Numbers', 'Tesla Model S', '2026-12-05', '50.00', '', '', 'Card at booking', '', 'Paid', '', 'pi_round_trip', ''],
    ]);

    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payments.exported'));
    expect(audit?.after).toEqual({ from: '2026-11-16', to: '2026-11-22', rows: 7 });
    expect(audit?.actorUserId).toBeTruthy();
  });

  it('names the payment link that paid a bill, and one day’s export holds only that day', async () => {
    const response = await owner.get(
      '/api/admin/numbers/payments.csv?from=2026-11-03&to=2026-11-03',
    );
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `"2026-11-03","11:00","Balance","${bookingReference(ids.linked as string)}","Nina Numbers","Toyota Camry","2026-10-21","50.00","","","Payment link","","Paid","","pi_bill_5000",""`,
    );
  });

  it('refuses bad days with the form’s words, and keeps the export from customers', async () => {
    for (const [query, message] of [
      ['', RIDE_DATE_MESSAGE],
      ['?from=2026-11-01', RIDE_DATE_MESSAGE],
      ['?from=2026-11-31&to=2026-12-01', RIDE_DATE_MESSAGE],
      ['?from=2026-11-20&to=2026-11-19', RIDE_DATE_ORDER_MESSAGE],
      ['?from=2025-11-19&to=2026-11-20', PAYMENTS_EXPORT_SPAN_MESSAGE],
    ] as const)
      expectFailure(await owner.get(`/api/admin/numbers/payments.csv${query}`), 400, message);
    // A year of 366 days (2028 is a leap year) is allowed.
    const leap = await owner.get('/api/admin/numbers/payments.csv?from=2028-01-01&to=2028-12-31');
    expect(leap.statusCode, leap.body).toBe(200);

    const path = '/api/admin/numbers/payments.csv?from=2026-11-01&to=2026-11-30';
    expectFailure(await new Browser(app).get(path), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer, userId } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get(path), 403, OWNER_ONLY_MESSAGE);
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payments.exported'), eq(auditEvents.actorUserId, userId)));
    expect(audited).toEqual([]);
  });

  it('answers zeros for a quiet period', async () => {
    const later = new Date('2027-03-10T15:00:00Z');
    const quiet = await buildApp({ config: testConfig(), db: database.handle, now: () => later });
    try {
      const { browser } = await signedInOwner(quiet, db, later);
      const response = await browser.get('/api/admin/numbers');
      expect(response.statusCode, response.body).toBe(200);
      const { week, month } = NumbersResponseSchema.parse(response.json());
      for (const period of [week, month]) {
        expect(period).toMatchObject({
          rides: 0,
          depositsCents: 0,
          balancesCents: 0,
          tipsCents: 0,
          bills: 0,
          refundsCents: 0,
          refunds: 0,
          netCents: 0,
        });
        expect(period.busiestCars).toEqual([]);
        expect(period.busiestHours).toEqual([]);
      }
      // The week of 14 March 2027, when the clocks spring forward, is still 7 days.
      expect(week.label).toBe('March 8 – 14, 2027');
      expect(week.days).toHaveLength(7);
    } finally {
      await quiet.close();
    }
  });
});
