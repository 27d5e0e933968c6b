import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, refunds, type Database } from '@app/db';
import { NumbersResponseSchema, type AppointmentStatus, type RefundStatus } from '@app/shared';
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
    await ride(teslaS, '16_11_2026', '12:00 AM', 'paid', '2026-11-16T12:00:00Z');
    await ride(teslaS, '22_11_2026', '11:30 PM', 'completed', null);
    await ride(camry, '18_11_2026', '9:00 AM', 'no_show', null);
    await ride(camry, '18_11_2026', '9:30 AM', 'paid', null);
    await ride(teslaS, '15_11_2026', '11:30 PM', 'paid', '2026-11-10T12:00:00Z', 3000);
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
    const refund = async (at: string, status: RefundStatus, amountCents: number) =>
      db.insert(refunds).values({
        id: randomUUID(),
        appointmentId: cancelled,
        checkoutSessionId: `cs_${randomUUID()}`,
        paymentIntentId: `pi_${randomUUID()}`,
        amountCents,
        reason: 'cancelled_by_owner',
        status,
        idempotencyKey: randomUUID(),
        nextAttemptAt: new Date(at),
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    await refund('2026-11-17T15:00:00Z', 'succeeded', 5000);
    await refund('2026-11-18T15:00:00Z', 'failed', 5000);
    await refund('2026-11-05T15:00:00Z', 'pending', 2000);
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
      depositsCents: 10000,
      refundsCents: 5000,
      refunds: 1,
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
      depositsCents: 13000,
      refundsCents: 7000,
      refunds: 2,
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

  it('answers zeros for a quiet period', async () => {
    const later = new Date('2027-03-10T15:00:00Z');
    const quiet = await buildApp({ config: testConfig(), db: database.handle, now: () => later });
    try {
      const { browser } = await signedInOwner(quiet, db, later);
      const response = await browser.get('/api/admin/numbers');
      expect(response.statusCode, response.body).toBe(200);
      const { week, month } = NumbersResponseSchema.parse(response.json());
      for (const period of [week, month]) {
        expect(period).toMatchObject({ rides: 0, depositsCents: 0, refundsCents: 0, refunds: 0 });
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
