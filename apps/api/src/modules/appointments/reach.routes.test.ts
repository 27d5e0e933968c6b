import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, services, type Database } from '@app/db';
import { SLOT_TAKEN_MESSAGE, type RideView } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { expectFailure, type Browser } from '../../test/browser.ts';
import { createClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';

/*
 * The car must be able to get there (docs/product.md, The booking; ADR 020): a booking, a
 * customer's reschedule and an owner's move are refused when the car cannot drive from its
 * previous drop-off (or its base) to the pickup, or from the drop-off to its next pickup. By the
 * offline estimate: Providence to Norfolk is 34 minutes at 7:00 PM on a weekday, 51 in the
 * evening rush.
 */

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const NORFOLK = '1 Main Street, Norfolk, MA';
const PROVIDENCE = '100 Westminster St, Providence, RI';
const BOOK = '/api/user/book-appointment';

describe.each(await databaseKinds())('the car must be able to get there, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;
  let teslaS: string;
  let suburban: string;
  const clock = createClock(NOW);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 3_600_000,
    });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    suburban = await serviceIdByName(db, 'Chevrolet Suburban');
    ({ browser: owner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** An hour's charter from `pickup` to `dropoff`: the customer chooses its length. */
  const charter = (
    slotDate: string,
    slotTime: string,
    pickup: string,
    dropoff: string,
    serviceId = teslaS,
  ) =>
    bookingRequest(serviceId, {
      slotDate,
      slotTime,
      selectedServiceType: 'Hourly Chauffeur',
      lengthMinutes: 60,
      pickupAddress: pickup,
      dropoffAddress: dropoff,
    });
  const customer = async () => (await signedInBrowser(app, db, NOW)).browser;
  /** A paid hour of the Tesla (turnaround 30 minutes), inserted as the database keeps it. */
  const paid = async (slotDate: string, slotTime: string, pickup: string, dropoff: string) => {
    const { browser, userId } = await signedInBrowser(app, db, NOW);
    const id = await insertAppointment(db, {
      userId,
      serviceId: teslaS,
      slotDate,
      slotTime,
      status: 'paid',
      lengthMinutes: 60,
      turnaroundMinutes: 30,
      pickupAddress: pickup,
      dropoffAddress: dropoff,
    });
    return { id, browser };
  };

  it('refuses a pickup the car cannot reach from its drop-off, as taken, and takes one it can', async () => {
    // Tuesday 8 December: 6:00 to 7:00 PM from Norfolk to Providence.
    await bookOk(await customer(), charter('8_12_2026', '6:00 PM', NORFOLK, PROVIDENCE));
    // 7:30 PM is past the turnaround, but Providence to Norfolk is 34 minutes: never told why.
    expectFailure(
      await (await customer()).post(BOOK, charter('8_12_2026', '7:30 PM', NORFOLK, NORFOLK)),
      409,
      SLOT_TAKEN_MESSAGE,
    );
    // A pickup in Providence needs no drive at all.
    await bookOk(await customer(), charter('8_12_2026', '7:30 PM', PROVIDENCE, PROVIDENCE));
  });

  it('refuses a ride whose drop-off cannot reach the next pickup', async () => {
    // Wednesday 9 December: 6:00 PM from Norfolk.
    await bookOk(await customer(), charter('9_12_2026', '6:00 PM', NORFOLK, NORFOLK));
    // Ending in Providence at 5:30 PM, 51 minutes away in the rush: refused.
    expectFailure(
      await (await customer()).post(BOOK, charter('9_12_2026', '4:30 PM', NORFOLK, PROVIDENCE)),
      409,
      SLOT_TAKEN_MESSAGE,
    );
    // Ending there at 5:00 PM: in Norfolk by 5:51.
    await bookOk(await customer(), charter('9_12_2026', '4:00 PM', NORFOLK, PROVIDENCE));
  });

  it('starts a car with nothing booked before from its base, not earlier than now', async () => {
    // The Suburban kept in Hartford, about two hours from Norfolk.
    await db.update(services).set({ address: 'Hartford, CT' }).where(eq(services.id, suburban));
    try {
      // Today (Sunday 22 November, 10:07 AM): 11:00 AM is too soon, 1:00 PM in time.
      expectFailure(
        await (
          await customer()
        ).post(BOOK, charter('22_11_2026', '11:00 AM', NORFOLK, NORFOLK, suburban)),
        409,
        SLOT_TAKEN_MESSAGE,
      );
      await bookOk(await customer(), charter('22_11_2026', '1:00 PM', NORFOLK, NORFOLK, suburban));
      // From then on the car is at that drop-off, not its base.
      await bookOk(await customer(), charter('22_11_2026', '2:30 PM', NORFOLK, NORFOLK, suburban));
    } finally {
      await db
        .update(services)
        .set({ address: '940 Providence Highway, Walpole, MA 02081' })
        .where(eq(services.id, suburban));
    }
  });

  it('refuses the customer’s reschedule to a time the car cannot reach, as taken', async () => {
    // Thursday 10 December: someone's ride ends in Providence at 7:00 PM.
    await paid('10_12_2026', '6:00 PM', NORFOLK, PROVIDENCE);
    const mine = await paid('10_12_2026', '2:00 PM', NORFOLK, NORFOLK);
    // The ride's page does not offer it: free by the car's time, but out of its reach.
    const page = await mine.browser.get(`/api/appointments/${mine.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const { ride } = page.json<{ ride: RideView }>();
    expect(ride.slotsTaken['10_12_2026']).not.toContain('7:30 PM');
    expect(ride.startsOutOfReach['10_12_2026']).toEqual(['7:30 PM']);
    const reschedule = (slotTime: string) =>
      mine.browser.post(`/api/appointments/${mine.id}/reschedule`, {
        slotDate: '10_12_2026',
        slotTime,
      });
    expectFailure(await reschedule('7:30 PM'), 409, SLOT_TAKEN_MESSAGE);
    expect((await appointmentRow(db, mine.id)).slotTime).toBe('2:00 PM');
    const moved = await reschedule('8:00 PM');
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db, mine.id)).slotTime).toBe('8:00 PM');
  });

  it('tells the owner why a move cannot be driven, and moves it anyway when told, audited', async () => {
    // Friday 11 December: a ride ends in Providence at 7:00 PM.
    await paid('11_12_2026', '6:00 PM', NORFOLK, PROVIDENCE);
    const { id } = await paid('11_12_2026', '2:00 PM', NORFOLK, NORFOLK);
    const body = {
      from: { serviceId: teslaS, slotDate: '11_12_2026', slotTime: '2:00 PM' },
      slotDate: '11_12_2026',
      slotTime: '7:30 PM',
      reason: 'The customer asked for the evening.',
    };
    const refused = await owner.post(`/api/admin/rides/${id}/move`, body);
    expect(refused.statusCode).toBe(409);
    const why =
      'The car drops off in 100 Westminster St, Providence, RI at 7:00 PM and needs about 34 min to reach this pickup.';
    expect(refused.json()).toMatchObject({ success: false, code: 'unreachable', message: why });
    expect((await appointmentRow(db, id)).slotTime).toBe('2:00 PM');

    const moved = await owner.post(`/api/admin/rides/${id}/move`, {
      ...body,
      overrideReach: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentRow(db, id)).slotTime).toBe('7:30 PM');
    const events = await db.select().from(auditEvents).where(eq(auditEvents.appointmentId, id));
    expect(events.find((event) => event.action === 'appointment.rescheduled')).toMatchObject({
      before: { slotTime: '2:00 PM' },
      after: { slotTime: '7:30 PM', reachOverridden: true, reachReason: why },
    });
  });

  it('lets the owner move a ride where no drive can be estimated, and says so', async () => {
    // Saturday 12 December: a ride ends somewhere the estimator cannot place at 7:00 PM.
    await paid('12_12_2026', '6:00 PM', NORFOLK, 'The old mill');
    const { id } = await paid('12_12_2026', '2:00 PM', NORFOLK, NORFOLK);
    const moved = await owner.post(`/api/admin/rides/${id}/move`, {
      from: { serviceId: teslaS, slotDate: '12_12_2026', slotTime: '2:00 PM' },
      slotDate: '12_12_2026',
      slotTime: '7:30 PM',
      reason: 'The customer asked for the evening.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: string }>().message).toBe(
      `Ride moved. The customer is told. The drive from “The old mill” to “${NORFOLK}” could not be estimated: only the turnaround was checked.`,
    );
  });
});
