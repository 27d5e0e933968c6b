import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bills, type Database } from '@app/db';
import {
  RideListResponseSchema,
  RideResponseSchema,
  TodayResponseSchema,
  type AppointmentStatus,
  type BillStatus,
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

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 22 November, 10:07 AM in New York
/** Every fixture ride's deposit (`insertAppointment`), and what each bill here comes to. */
const DEPOSIT = 5000;
const TOTAL = 9000;
const TIP = 800;

describe.each(await databaseKinds())('the bill on the owner’s board and Today on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;
  const ride: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    const car = await serviceIdByName(db, 'Toyota Camry');
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    const userId = await insertUser(db, 'Bea Billing');
    const at = async (
      name: string,
      slotDate: string,
      slotTime: string,
      status: AppointmentStatus,
      bill?: BillStatus,
    ) => {
      const id = await insertAppointment(db, {
        userId,
        serviceId: car,
        slotDate,
        slotTime,
        status,
      });
      ride[name] = id;
      if (!bill) return;
      const tipped = bill === 'payment_due' || bill === 'paid' || bill === 'charging';
      await db.insert(bills).values({
        appointmentId: id,
        status: bill,
        lines: [{ kind: 'ride', label: 'Ride, 30 min as booked', amountCents: TOTAL }],
        totalCents: TOTAL,
        depositCents: DEPOSIT,
        tipCents: tipped ? TIP : null,
        tipChoice: tipped ? 'other' : null,
        draftedAt: NOW,
        sentAt: bill === 'draft' ? null : NOW,
        paidAt: bill === 'paid' ? NOW : null,
        updatedAt: NOW,
      });
    };
    // Today: a bill in each state the console names, one ride done without a bill yet, and one
    // reopened after its completion (its draft kept for when it is completed again).
    await at('draft', '22_11_2026', '6:00 AM', 'completed', 'draft');
    await at('sent', '22_11_2026', '6:30 AM', 'completed', 'sent');
    await at('due', '22_11_2026', '7:00 AM', 'completed', 'payment_due');
    await at('paid', '22_11_2026', '7:30 AM', 'completed', 'paid');
    await at('settled', '22_11_2026', '8:00 AM', 'completed', 'settled');
    await at('reopened', '22_11_2026', '8:30 AM', 'paid', 'draft');
    await at('noBill', '22_11_2026', '9:00 AM', 'completed');
    await at('upcoming', '22_11_2026', '3:00 PM', 'paid');
    // Days ago: a balance still due and a draft still unsent: Today names them whatever the day.
    await at('oldDue', '18_11_2026', '9:00 AM', 'completed', 'payment_due');
    await at('oldDraft', '19_11_2026', '9:00 AM', 'completed', 'draft');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers only owners: a visitor 401, a customer 403', async () => {
    const visitor = new Browser(app);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    for (const path of ['/api/admin/rides?from=2026-11-22', '/api/admin/today']) {
      expectFailure(await visitor.get(path), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await customer.get(path), 403, OWNER_ONLY_MESSAGE);
    }
  });

  it('gives each ride on the board its bill, in one page (no bill: null)', async () => {
    const response = await owner.get('/api/admin/rides?from=2026-11-22&to=2026-11-22');
    expect(response.statusCode, response.body).toBe(200);
    const body = RideListResponseSchema.parse(response.json());
    const billOf = Object.fromEntries(body.rides.map((r) => [r.id, r.bill]));
    const balance = TOTAL - DEPOSIT;
    expect(billOf[ride.draft as string]).toEqual({
      status: 'draft',
      balanceCents: balance,
      dueCents: null,
    });
    expect(billOf[ride.sent as string]).toEqual({
      status: 'sent',
      balanceCents: balance,
      dueCents: null,
    });
    // The link asks for the balance and the tip fixed with it.
    expect(billOf[ride.due as string]).toEqual({
      status: 'payment_due',
      balanceCents: balance,
      dueCents: balance + TIP,
    });
    expect(billOf[ride.paid as string]).toMatchObject({ status: 'paid', dueCents: null });
    expect(billOf[ride.settled as string]).toMatchObject({ status: 'settled' });
    // A reopened ride's draft is no bill to send; a ride without one, or still to come, has none.
    expect(billOf[ride.reopened as string]).toBeNull();
    expect(billOf[ride.noBill as string]).toBeNull();
    expect(billOf[ride.upcoming as string]).toBeNull();
    // One row per ride: the bill's join adds none.
    expect(body.rides).toHaveLength(8);

    const one = RideResponseSchema.parse((await owner.get(`/api/admin/rides/${ride.due}`)).json());
    expect(one.ride.bill).toMatchObject({ status: 'payment_due', dueCents: balance + TIP });
  });

  it('names on Today the drafts to send and the balances due, any day, oldest first', async () => {
    const response = await owner.get('/api/admin/today');
    expect(response.statusCode, response.body).toBe(200);
    const body = TodayResponseSchema.parse(response.json());
    expect(body.billsToSend.map((r) => r.id)).toEqual([ride.oldDraft, ride.draft]);
    expect(body.balancesDue.map((r) => r.id)).toEqual([ride.oldDue, ride.due]);
    expect(body.balancesDue[1]).toEqual({
      id: ride.due,
      slotDate: '22_11_2026',
      slotTime: '7:00 AM',
      carName: 'Toyota Camry',
      chauffeurName: null,
      customerName: 'Bea Billing',
      bill: {
        status: 'payment_due',
        balanceCents: TOTAL - DEPOSIT,
        dueCents: TOTAL - DEPOSIT + TIP,
      },
    });
    // Today's rides carry their bills too.
    expect(body.rides.find((r) => r.id === ride.draft)?.bill?.status).toBe('draft');

    // Another day asked still names them: they need the owner now, whatever the day shown.
    const tomorrow = TodayResponseSchema.parse(
      (await owner.get('/api/admin/today?date=2026-11-23')).json(),
    );
    expect(tomorrow.billsToSend).toHaveLength(2);
    expect(tomorrow.balancesDue).toHaveLength(2);

    // Once paid through the link, the balance is no longer named.
    await db
      .update(bills)
      .set({ status: 'paid', paidAt: NOW })
      .where(eq(bills.appointmentId, ride.oldDue as string));
    const after = TodayResponseSchema.parse((await owner.get('/api/admin/today')).json());
    expect(after.balancesDue.map((r) => r.id)).toEqual([ride.due]);
  });
});
