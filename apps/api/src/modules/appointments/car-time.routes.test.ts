import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, blocks, refunds, type Database } from '@app/db';
import {
  CustomerRideResponseSchema,
  LENGTH_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  ServiceListResponseSchema,
  estimateRide,
  rateDayOf,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { expectFailure, type Browser } from '../../test/browser.ts';
import {
  appointmentRow,
  bookingRequest,
  UNPLACED_ADDRESS,
  bookOk,
  openSandboxCheckout,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { liveStretchesOverBlocks, overlappingLiveStretches } from '../../test/car-time.ts';
import { MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { blockOverRideMessage } from '../blocks/create-block.ts';
import { SLOT_BLOCKED_MESSAGE } from './book-appointment.ts';

/*
 * A booking takes its car for the ride's whole time (ADR 018): its length, then the car's
 * turnaround (ride 30, hourly 30, rental 60 minutes by default), and no other booking, block or
 * move may reach into that stretch. Each car below is used on its own dates, so the tests stand
 * alone.
 */

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';
const BOOK = '/api/user/book-appointment';

describe.each(await databaseKinds())('a car’s time on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let teslaS: string; // Airport Transfer, Hourly Chauffeur, Point-to-Point Ride
  let camry: string; // rides only
  let odyssey: string; // Car Rental only
  let owner: Browser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: () => NOW,
    });
    [teslaS, camry, odyssey] = await Promise.all([
      serviceIdByName(db, 'Tesla Model S'),
      serviceIdByName(db, 'Toyota Camry'),
      serviceIdByName(db, 'Honda Odyssey'),
    ]);
    ({ browser: owner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    // Whatever each test did, the rule held.
    if (db) {
      expect(await overlappingLiveStretches(db)).toEqual([]);
      expect(await liveStretchesOverBlocks(db)).toEqual([]);
    }
    await app?.close();
    await database?.drop();
  });

  const customer = async () => (await signedInBrowser(app, db, NOW)).browser;
  const book = async (body: Record<string, unknown>) => (await customer()).post(BOOK, body);
  // Rides that end where they start: the car needs no drive between them, so only the turnaround
  // keeps them apart (the drive is reach.routes.test.ts's business).
  const stayingPut = { dropoffAddress: '1 Main Street, Norfolk, MA' };
  const hourly = (slotDate: string, slotTime: string, lengthMinutes?: number) =>
    bookingRequest(teslaS, {
      slotDate,
      slotTime,
      selectedServiceType: 'Hourly Chauffeur',
      ...stayingPut,
      ...(lengthMinutes === undefined ? {} : { lengthMinutes }),
    });
  /**
   * A ride from a place the drive estimate cannot find, so it keeps the length chosen (an hour
   * when none is): the car's time here, not the route (quotes.routes.test.ts has that).
   */
  const ride = (serviceId: string, slotDate: string, slotTime: string) =>
    bookingRequest(serviceId, {
      slotDate,
      slotTime,
      selectedServiceType: 'Airport Transfer',
      pickupAddress: UNPLACED_ADDRESS,
      ...stayingPut,
    });
  const rental = (slotDate: string, slotTime: string, lengthMinutes?: number) =>
    bookingRequest(odyssey, {
      slotDate,
      slotTime,
      selectedServiceType: 'Car Rental',
      ...(lengthMinutes === undefined ? {} : { lengthMinutes }),
    });
  /** A block from the owner's console, New York wall-clock dates and times. */
  const blockOf = (serviceId: string, date: string, start: string, end: string) =>
    owner.post('/api/admin/blocks', {
      serviceId,
      startDate: date,
      startTime: start,
      endDate: date,
      endTime: end,
      note: 'Detailing',
    });

  describe('the length of a booking', () => {
    it('books the kind’s shortest without a length: an unrouted ride and an hourly an hour, a rental a day', async () => {
      const cases = [
        { body: ride(camry, '7_12_2026', '9:00 AM'), length: 60, turnaround: 30 },
        { body: hourly('7_12_2026', '9:00 AM'), length: 60, turnaround: 30 },
        { body: rental('7_12_2026', '9:00 AM'), length: 1440, turnaround: 60 },
      ];
      for (const { body, length, turnaround } of cases) {
        const row = await appointmentRow(db, await bookOk(await customer(), body));
        expect(row).toMatchObject({ lengthMinutes: length, turnaroundMinutes: turnaround });
        expect(row.endsAt.getTime() - row.slotStart.getTime()).toBe(length * MINUTE);
        expect(row.occupiedUntil.getTime() - row.endsAt.getTime()).toBe(turnaround * MINUTE);
      }
    });

    it('refuses a length that is not one of the kind’s with 400 and the length message', async () => {
      const refusals = [
        hourly('8_12_2026', '9:00 AM', 90), // not a choice of hourly
        hourly('8_12_2026', '9:00 AM', 75), // a ride's 1 h 15 min, not an hourly's
        { ...ride(camry, '8_12_2026', '9:00 AM'), lengthMinutes: 1440 },
        rental('8_12_2026', '9:00 AM', 60), // an hour of a rental
        hourly('8_12_2026', '9:00 AM', 0),
        hourly('8_12_2026', '9:00 AM', -60),
        hourly('8_12_2026', '9:00 AM', 60.5),
        { ...hourly('8_12_2026', '9:00 AM'), lengthMinutes: '180' },
        { ...hourly('8_12_2026', '9:00 AM'), lengthMinutes: null },
        hourly('8_12_2026', '9:00 AM', 8 * 1440),
      ];
      for (const body of refusals) {
        expectFailure(await book(body), 400, LENGTH_MESSAGE);
      }
      const [taken] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.slotDate, '8_12_2026'));
      expect(taken).toBeUndefined();
      // A ride of 1 h 15 min is one of a ride's (chosen when its route cannot be found).
      const row = await appointmentRow(
        db,
        await bookOk(await customer(), {
          ...ride(camry, '8_12_2026', '9:00 AM'),
          lengthMinutes: 75,
        }),
      );
      expect(row.lengthMinutes).toBe(75);
    });

    it('keeps the price of the length booked: a 3-hour hourly charter at the car’s rates', async () => {
      const { services } = ServiceListResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/service/list' })).json(),
      );
      const car = services.find((service) => service._id === teslaS);
      if (!car) throw new Error('no Tesla Model S');
      const day = rateDayOf('9_12_2026', '9:00 AM');
      const threeHours = estimateRide(car, 'hourly', 3, day);
      const oneHour = estimateRide(car, 'hourly', 1, day);
      expect(threeHours.price).not.toBe(oneHour.price);

      const row = await appointmentRow(
        db,
        await bookOk(await customer(), hourly('9_12_2026', '9:00 AM', 180)),
      );
      expect(row).toMatchObject({
        lengthMinutes: 180,
        priceCents: Math.round(threeHours.price * 100),
        // The deposit is the deposit, whatever the length.
        amountCents: (car.fees + 1) * 100,
      });
    });
  });

  describe('the stretch a booking takes', () => {
    it('keeps a 3-hour charter at 7:00 PM the car’s until 10:30 PM, and lists 7:00 to 10:00 PM', async () => {
      await bookOk(await customer(), hourly('10_12_2026', '7:00 PM', 180));
      expect(await slotsBookedOf(app, teslaS, '10_12_2026')).toEqual([
        '7:00 PM',
        '7:30 PM',
        '8:00 PM',
        '8:30 PM',
        '9:00 PM',
        '9:30 PM',
        '10:00 PM',
      ]);
      // Inside the ride, inside the turnaround: taken.
      for (const slotTime of ['7:00 PM', '8:30 PM', '9:30 PM', '10:00 PM']) {
        expectFailure(await book(ride(teslaS, '10_12_2026', slotTime)), 409, SLOT_TAKEN_MESSAGE);
      }
      // An earlier start whose ride and turnaround reach 7:00 PM: taken too.
      expectFailure(await book(ride(teslaS, '10_12_2026', '6:00 PM')), 409, SLOT_TAKEN_MESSAGE);
      expectFailure(
        await book(hourly('10_12_2026', '4:00 PM', 180)), // until 7:00 PM, turnaround until 7:30
        409,
        SLOT_TAKEN_MESSAGE,
      );
      // Ending (turnaround included) as the charter starts, or starting as its turnaround ends.
      await bookOk(await customer(), ride(teslaS, '10_12_2026', '5:30 PM'));
      await bookOk(await customer(), ride(teslaS, '10_12_2026', '10:30 PM'));
    });

    it('marks the next day’s labels for a ride over midnight', async () => {
      await bookOk(await customer(), ride(camry, '11_12_2026', '11:30 PM'));
      expect(await slotsBookedOf(app, camry, '11_12_2026')).toEqual(['11:30 PM']);
      // 11:30 PM to 12:30 AM, then the turnaround until 1:00 AM.
      expect(await slotsBookedOf(app, camry, '12_12_2026')).toEqual(['12:00 AM', '12:30 AM']);
      expectFailure(await book(ride(camry, '12_12_2026', '12:30 AM')), 409, SLOT_TAKEN_MESSAGE);
      await bookOk(await customer(), ride(camry, '12_12_2026', '1:00 AM'));
    });

    it('marks every label of a 2-day rental and its turnaround, over three dates', async () => {
      await bookOk(await customer(), rental('14_12_2026', '10:00 AM', 2 * 1440));
      const first = await slotsBookedOf(app, odyssey, '14_12_2026');
      expect(first).toHaveLength(28); // 10:00 AM to 11:30 PM
      expect([first[0], first.at(-1)]).toEqual(['10:00 AM', '11:30 PM']);
      expect(await slotsBookedOf(app, odyssey, '15_12_2026')).toHaveLength(48);
      // Two days to 10:00 AM, then an hour's turnaround: labels up to 10:30 AM.
      const last = await slotsBookedOf(app, odyssey, '16_12_2026');
      expect(last).toHaveLength(22);
      expect([last[0], last.at(-1)]).toEqual(['12:00 AM', '10:30 AM']);
      expectFailure(await book(rental('16_12_2026', '10:30 AM')), 409, SLOT_TAKEN_MESSAGE);
      expectFailure(await book(rental('13_12_2026', '11:00 AM')), 409, SLOT_TAKEN_MESSAGE);
      await bookOk(await customer(), rental('16_12_2026', '11:00 AM'));
      await bookOk(await customer(), rental('13_12_2026', '9:00 AM')); // until 10:00 AM next day
    });
  });

  describe('blocks and stretches', () => {
    it('refuses a block over part of a booking’s turnaround, naming the ride', async () => {
      const { browser } = await signedInBrowser(app, db, NOW, 'Tara Turnaround');
      const booked = await bookOk(browser, ride(camry, '17_12_2026', '9:00 AM')); // until 10:30 AM
      expectFailure(
        await blockOf(camry, '2026-12-17', '10:00', '10:30'),
        409,
        blockOverRideMessage({
          status: 'pending_payment',
          slotDate: '17_12_2026',
          slotTime: '9:00 AM',
          customerName: 'Tara Turnaround',
        }),
        { rideId: booked },
      );
      // From the turnaround's end it is the owner's.
      const made = await blockOf(camry, '2026-12-17', '10:30', '11:00');
      expect(made.statusCode, made.body).toBe(200);
    });

    it('refuses a booking whose ride or turnaround reaches a block', async () => {
      const made = await blockOf(camry, '2026-12-18', '12:00', '13:00');
      expect(made.statusCode, made.body).toBe(200);
      // 11:00 AM: the ride ends at noon, its turnaround does not.
      for (const slotTime of ['11:00 AM', '11:30 AM', '12:30 PM']) {
        expectFailure(await book(ride(camry, '18_12_2026', slotTime)), 409, SLOT_BLOCKED_MESSAGE);
      }
      await bookOk(await customer(), ride(camry, '18_12_2026', '10:30 AM'));
      await bookOk(await customer(), ride(camry, '18_12_2026', '1:00 PM'));
    });
  });

  describe('moving a paid ride', () => {
    const reschedule = (browser: Browser, id: string, slotDate: string, slotTime: string) =>
      browser.post(`/api/appointments/${id}/reschedule`, { slotDate, slotTime });
    const paidRide = async (slotDate: string, slotTime: string) => {
      const { browser, userId } = await signedInBrowser(app, db, NOW);
      const id = await insertAppointment(db, {
        userId,
        serviceId: teslaS,
        slotDate,
        slotTime,
        status: 'paid',
        lengthMinutes: 60,
        turnaroundMinutes: 30,
        ...stayingPut,
      });
      return { browser, id };
    };

    it('moves its whole stretch: within its own by half an hour, never onto another’s', async () => {
      const mine = await paidRide('21_12_2026', '9:00 AM');
      await paidRide('21_12_2026', '11:30 AM'); // someone's, kept until 1:00 PM
      await db.insert(blocks).values({
        serviceId: teslaS,
        startsAt: new Date('2026-12-21T20:00:00Z'), // 3:00 PM in New York
        endsAt: new Date('2026-12-21T21:00:00Z'),
      });

      const view = CustomerRideResponseSchema.parse(
        (await mine.browser.get(`/api/appointments/${mine.id}`)).json(),
      ).ride;
      expect(view).toMatchObject({
        lengthMinutes: 60,
        turnaroundMinutes: 30,
        endsAt: '2026-12-21T15:00:00.000Z', // 10:00 AM in New York
      });
      // Its own stretch is not in the way; the other ride's and the block are.
      expect(view.slotsTaken['21_12_2026']).toEqual(
        expect.arrayContaining(['11:30 AM', '12:00 PM', '12:30 PM', '3:00 PM', '3:30 PM']),
      );
      expect(view.slotsTaken['21_12_2026']).not.toContain('9:00 AM');

      // Half an hour later, within its own stretch: accepted, the whole stretch moves.
      const moved = await reschedule(mine.browser, mine.id, '21_12_2026', '9:30 AM');
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await appointmentRow(db, mine.id)).toMatchObject({
        slotTime: '9:30 AM',
        lengthMinutes: 60,
        turnaroundMinutes: 30,
        endsAt: new Date('2026-12-21T15:30:00Z'),
        occupiedUntil: new Date('2026-12-21T16:00:00Z'),
      });
      // Its turnaround would reach the other ride; a start inside the other's stretch too.
      for (const slotTime of ['10:30 AM', '12:30 PM']) {
        expectFailure(
          await reschedule(mine.browser, mine.id, '21_12_2026', slotTime),
          409,
          SLOT_TAKEN_MESSAGE,
        );
      }
      // Its turnaround would reach the block.
      expectFailure(
        await reschedule(mine.browser, mine.id, '21_12_2026', '2:00 PM'),
        409,
        SLOT_BLOCKED_MESSAGE,
      );
      expect((await appointmentRow(db, mine.id)).slotTime).toBe('9:30 AM');
      // Right after the other's turnaround: free.
      const free = await reschedule(mine.browser, mine.id, '21_12_2026', '1:00 PM');
      expect(free.statusCode, free.body).toBe(200);
      expect((await appointmentRow(db, mine.id)).occupiedUntil).toEqual(
        new Date('2026-12-21T19:30:00Z'),
      );
    });
  });

  describe('holds past their time', () => {
    it('give way to a move and to a block over any of their stretch', async () => {
      const { browser, userId } = await signedInBrowser(app, db, NOW);
      const stretch = { serviceId: camry, slotDate: '28_12_2026', lengthMinutes: 60 };
      const mine = await insertAppointment(db, {
        ...stretch,
        userId,
        slotTime: '9:00 AM',
        status: 'paid',
        turnaroundMinutes: 30,
      });
      const lapsed = (slotTime: string) =>
        insertAppointment(db, {
          ...stretch,
          userId,
          slotTime,
          status: 'pending_payment',
          turnaroundMinutes: 30,
          holdExpiresAt: new Date(NOW.getTime() - MINUTE),
        });
      // A move whose turnaround reaches a lapsed hold's ride: the hold is released.
      const first = await lapsed('11:30 AM');
      const moved = await browser.post(`/api/appointments/${mine}/reschedule`, {
        slotDate: '28_12_2026',
        slotTime: '10:30 AM',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await appointmentRow(db, first)).status).toBe('expired');
      // A block over a lapsed hold's turnaround only: the hold is released.
      const second = await lapsed('2:00 PM');
      const made = await blockOf(camry, '2026-12-28', '15:00', '15:30');
      expect(made.statusCode, made.body).toBe(200);
      expect((await appointmentRow(db, second)).status).toBe('expired');
      // And a booking reaching a lapsed hold, which book_hold releases too.
      const third = await lapsed('6:00 PM');
      await bookOk(await customer(), ride(camry, '28_12_2026', '5:00 PM'));
      expect((await appointmentRow(db, third)).status).toBe('expired');
    });
  });

  describe('a late payment', () => {
    it('refunds a payment whose stretch another booking took after its hold ran out', async () => {
      const { browser } = await signedInBrowser(app, db, NOW, 'Late Larry');
      const late = await bookOk(browser, ride(camry, '22_12_2026', '9:00 AM'));
      const path = await openSandboxCheckout(browser, late);
      // The hold runs out; someone books a start inside its stretch (not the same start).
      await db
        .update(appointments)
        .set({ holdExpiresAt: new Date(NOW.getTime() - MINUTE) })
        .where(eq(appointments.id, late));
      const taker = await bookOk(await customer(), ride(camry, '22_12_2026', '10:00 AM'));
      expect((await appointmentRow(db, late)).status).toBe('expired');

      const paid = await paySandboxCheckout(app, path, 'Late Larry');
      expect(paid.statusCode).toBe(303);
      expect((await appointmentRow(db, late)).status).toBe('expired');
      expect((await appointmentRow(db, taker)).status).toBe('pending_payment');
      const given = await db.select().from(refunds).where(eq(refunds.appointmentId, late));
      expect(given.map((r) => r.reason)).toEqual(['late_payment']);
    });

    it('keeps a late payment whose stretch is still free', async () => {
      const { browser } = await signedInBrowser(app, db, NOW, 'Lucky Lou');
      const late = await bookOk(browser, ride(camry, '23_12_2026', '9:00 AM'));
      const path = await openSandboxCheckout(browser, late);
      await db
        .update(appointments)
        .set({ holdExpiresAt: new Date(NOW.getTime() - MINUTE) })
        .where(eq(appointments.id, late));
      // Booked right after its turnaround: no overlap.
      await bookOk(await customer(), ride(camry, '23_12_2026', '10:30 AM'));
      const paid = await paySandboxCheckout(app, path, 'Lucky Lou');
      expect(paid.statusCode).toBe(303);
      expect((await appointmentRow(db, late)).status).toBe('paid');
    });
  });
});
