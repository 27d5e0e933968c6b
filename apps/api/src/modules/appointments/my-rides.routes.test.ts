import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, refunds, type Database } from '@app/db';
import { CustomerRideResponseSchema, MyRidesResponseSchema, bookingReference } from '@app/shared';
import { buildApp } from '../../app.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';

/** My rides (docs/product.md): every ride of the customer, upcoming soonest first, then the past. */
describe.each(await databaseKinds())('GET /api/user/rides on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let clock: TestClock;
  let tesla: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    clock = createClock(new Date('2026-12-01T15:00:00Z'));
    app = await buildApp({ config: testConfig(), db: database.handle, now: clock.now });
    tesla = await serviceIdByName(db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('lists upcoming rides soonest first, then past ones, each in its state', async () => {
    const { browser, userId } = await signedInBrowser(app, db, clock.now());
    const ride = (
      slotDate: string,
      slotTime: string,
      status: Parameters<typeof insertAppointment>[1]['status'],
    ) => insertAppointment(db, { userId, serviceId: tesla, slotDate, slotTime, status });
    // Booked in this order, so the list's order is the rides' time, not the booking's.
    const december8 = await ride('8_12_2026', '9:00 AM', 'paid');
    const december5 = await ride('5_12_2026', '10:30 PM', 'paid');
    const hold = await ride('3_12_2026', '5:30 AM', 'pending_payment');
    const moved = await ride('10_12_2026', '9:00 AM', 'paid');
    await db.update(appointments).set({ calendarSequence: 1 }).where(eq(appointments.id, moved));
    const mine = await ride('11_12_2026', '9:00 AM', 'cancelled');
    await db.update(appointments).set({ cancelledBy: 'customer' }).where(eq(appointments.id, mine));
    const ours = await ride('12_12_2026', '9:00 AM', 'cancelled');
    await db
      .update(appointments)
      .set({ cancelledBy: 'owner', cancelReason: 'The car is in for repairs.' })
      .where(eq(appointments.id, ours));
    await db.insert(refunds).values({
      id: crypto.randomUUID(),
      appointmentId: ours,
      checkoutSessionId: 'cs_test_ours',
      paymentIntentId: 'pi_test_ours',
      amountCents: 5000,
      reason: 'cancelled_by_owner',
      status: 'succeeded',
      idempotencyKey: `refund-${ours}`,
      nextAttemptAt: clock.now(),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    // The customer's own cancel gave back half by the owner's tiers, still on its way.
    await db.insert(refunds).values({
      id: crypto.randomUUID(),
      appointmentId: mine,
      checkoutSessionId: 'cs_test_mine',
      paymentIntentId: 'pi_test_mine',
      amountCents: 3300,
      reason: 'cancelled_by_customer',
      status: 'pending',
      idempotencyKey: `refund-${mine}`,
      nextAttemptAt: clock.now(),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const completed = await ride('20_11_2026', '9:00 AM', 'completed');
    const noShow = await ride('25_11_2026', '9:00 AM', 'no_show');
    await ride('4_12_2026', '9:00 AM', 'expired');
    // A hold whose time ran out before the sweeper released it was never a ride either.
    const lapsed = await ride('6_12_2026', '9:00 AM', 'pending_payment');
    await db
      .update(appointments)
      .set({ holdExpiresAt: new Date(clock.millis() - 60_000) })
      .where(eq(appointments.id, lapsed));

    const response = await browser.get('/api/user/rides');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { upcoming, past } = MyRidesResponseSchema.parse(response.json());
    expect(upcoming.map((r) => [r.id, r.state])).toEqual([
      [hold, 'awaiting_payment'],
      [december5, 'paid'],
      [december8, 'paid'],
      [moved, 'moved'],
    ]);
    expect(past.map((r) => [r.id, r.state])).toEqual([
      [ours, 'cancelled_by_us'],
      [mine, 'cancelled_by_you'],
      [noShow, 'no_show'],
      [completed, 'completed'],
    ]);
    const [first] = upcoming;
    expect(first?.reference).toBe(bookingReference(hold));
    expect(first?.service.name).toBe('Tesla Model S');
    expect(first?.trip.pickupAddress).toBe('1 Main Street, Norfolk, MA');
    expect(new Date(first?.endsAt ?? 0).getTime() - new Date(first?.slotStart ?? 0).getTime()).toBe(
      30 * 60_000,
    );
    const cancelledByUs = past[0];
    expect(cancelledByUs?.ownerCancellation).toMatchObject({
      reason: 'The car is in for repairs.',
      refund: { amountCents: 5000, status: 'succeeded' },
    });
    expect(past[1]).toMatchObject({ ownerCancellation: null });
    // Each cancel shows its own refund: the owner's is not the customer's, nor the other way.
    expect(cancelledByUs?.customerCancellation).toBeNull();
    const cancelledByYou = past[1];
    expect(cancelledByYou?.customerCancellation).toEqual({
      refund: { amountCents: 3300, status: 'pending', createdAt: clock.now().toISOString() },
    });
    for (const other of [...upcoming, ...past.slice(2)]) {
      expect(other.customerCancellation).toBeNull();
    }

    // The ride's own page tells the same story.
    for (const [id, byUs, byYou] of [
      [ours, cancelledByUs?.ownerCancellation, null],
      [mine, null, cancelledByYou?.customerCancellation],
      [completed, null, null],
    ] as const) {
      const page = await browser.get(`/api/appointments/${id}`);
      expect(page.statusCode, page.body).toBe(200);
      const { ride: view } = CustomerRideResponseSchema.parse(page.json());
      expect(view.ownerCancellation).toEqual(byUs);
      expect(view.customerCancellation).toEqual(byYou);
    }
  });

  it("shows a round trip's legs as two rides, the first naming its return", async () => {
    const { browser, userId } = await signedInBrowser(app, db, clock.now());
    const leg = (slotDate: string, addresses?: { pickupAddress: string; dropoffAddress: string }) =>
      insertAppointment(db, {
        userId,
        serviceId: tesla,
        slotDate,
        slotTime: '9:00 AM',
        status: 'paid',
        ...addresses,
      });
    const first = await leg('16_12_2026');
    // The return's drop-off left blank when booked: its leg was booked to the first's pickup.
    const back = await leg('18_12_2026', {
      pickupAddress: 'Logan Airport, Boston, MA',
      dropoffAddress: '1 Main Street, Norfolk, MA',
    });
    await db
      .update(appointments)
      .set({ needsReturnRide: true, returnPickupAddress: 'Logan Airport, Boston, MA' })
      .where(eq(appointments.id, first));
    await db.update(appointments).set({ returnOf: first }).where(eq(appointments.id, back));

    const response = await browser.get('/api/user/rides');
    expect(response.statusCode, response.body).toBe(200);
    const { upcoming } = MyRidesResponseSchema.parse(response.json());
    expect(upcoming.map((r) => [r.id, r.trip.isReturnLeg])).toEqual([
      [first, false],
      [back, true],
    ]);
    expect(upcoming[0]?.trip.returnRide).toEqual({
      pickupAddress: 'Logan Airport, Boston, MA',
      // The leg's own, not the blank asked for (which would read "drop-off to be agreed").
      dropoffAddress: '1 Main Street, Norfolk, MA',
      leg: { id: back, slotDate: '18_12_2026', slotTime: '9:00 AM', cancelled: false },
    });
  });

  it("never shows another customer's rides", async () => {
    const owner = await signedInBrowser(app, db, clock.now());
    await insertAppointment(db, {
      userId: owner.userId,
      serviceId: tesla,
      slotDate: '15_12_2026',
      slotTime: '9:00 AM',
      status: 'paid',
    });
    const other = await signedInBrowser(app, db, clock.now());
    const response = await other.browser.get('/api/user/rides');
    expect(response.statusCode, response.body).toBe(200);
    expect(MyRidesResponseSchema.parse(response.json())).toEqual({
      success: true,
      upcoming: [],
      past: [],
    });
  });

  it('refuses a visitor who is not signed in', async () => {
    expectFailure(await new Browser(app).get('/api/user/rides'), 401);
  });
});
