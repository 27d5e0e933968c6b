import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { appointments, auditEvents, blocks, outboxMessages, type Database } from '@app/db';
import {
  DEFAULT_BUSINESS,
  RideChangeResponseSchema,
  CustomerRideResponseSchema,
  SLOT_TAKEN_MESSAGE,
  ServiceListResponseSchema,
  slotStartsAt,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { bookingRequest, bookOk, serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { SLOT_BLOCKED_MESSAGE, SLOT_NOT_BOOKABLE_MESSAGE } from './book-appointment.ts';
import {
  RIDE_CHANGED_ELSEWHERE_MESSAGE,
  RIDE_NOT_CHANGEABLE_MESSAGE,
  RIDE_NOT_FOUND_MESSAGE,
  tooLateToChangeMessage,
} from './own-ride.ts';
import { SAME_SLOT_MESSAGE } from './reschedule-appointment.ts';
import { changeStatus } from './status.ts';

// 10:07 AM in New York, Sunday 22 November 2026.
const NOW = new Date('2026-11-22T15:07:00Z');
const TOO_LATE = tooLateToChangeMessage(24, DEFAULT_BUSINESS.phone);

describe.each(await databaseKinds())('a customer changing plans on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let tesla: string;
  let camry: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    tesla = await serviceIdByName(db, 'Tesla Model S');
    camry = await serviceIdByName(db, 'Toyota Camry');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A new customer with a paid ride on a slot. */
  async function paidRide(serviceId: string, slotDate: string, slotTime: string) {
    const customer = await signedInBrowser(app, db, NOW);
    const rideId = await insertAppointment(db, {
      userId: customer.userId,
      serviceId,
      slotDate,
      slotTime,
      status: 'paid',
    });
    return { ...customer, rideId };
  }

  const rowOf = async (id: string) => {
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    if (!row) throw new Error(`no appointment ${id}`);
    return row;
  };
  const messagesOf = (id: string) =>
    db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, id));
  const auditOf = (id: string) =>
    db.select().from(auditEvents).where(eq(auditEvents.appointmentId, id));
  const reschedule = (browser: Browser, id: string, slotDate: string, slotTime: string) =>
    browser.post(`/api/appointments/${id}/reschedule`, { slotDate, slotTime });
  const cancel = (browser: Browser, id: string) =>
    browser.post(`/api/appointments/${id}/cancel`, {});

  async function expectUnchanged(id: string, slotDate: string, slotTime: string) {
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'paid', slotDate, slotTime, calendarSequence: 0 });
    expect(await messagesOf(id)).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
  }

  describe('the ride page', () => {
    it('answers the customer their own ride, with the slots they may not move it to', async () => {
      const { browser, rideId } = await paidRide(tesla, '2_12_2026', '9:00 AM');
      await insertAppointment(db, {
        userId: (await signedInBrowser(app, db, NOW)).userId,
        serviceId: tesla,
        slotDate: '2_12_2026',
        slotTime: '11:00 AM',
        status: 'paid',
      });
      // An owner's block from 2:00 PM to 3:00 PM covers the 2:00 and 2:30 PM slots.
      await db.insert(blocks).values({
        serviceId: tesla,
        startsAt: slotStartsAt('2_12_2026', '2:00 PM') as Date,
        endsAt: slotStartsAt('2_12_2026', '3:00 PM') as Date,
      });
      // Another car's block is not this car's business.
      await db.insert(blocks).values({
        serviceId: camry,
        startsAt: slotStartsAt('2_12_2026', '4:00 PM') as Date,
        endsAt: slotStartsAt('2_12_2026', '5:00 PM') as Date,
      });
      const before = await rowOf(rideId);

      const response = await browser.get(`/api/appointments/${rideId}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { ride } = CustomerRideResponseSchema.parse(response.json());
      expect(ride).toMatchObject({
        id: rideId,
        status: 'paid',
        service: { id: tesla, name: 'Tesla Model S' },
        slotDate: '2_12_2026',
        slotTime: '9:00 AM',
        amountCents: 5000,
        changeable: true,
        changeCutoffHours: 24,
      });
      // Its own stretch is left out: the ride may move within it, where it fits (ADR 018).
      expect([...(ride.slotsTaken['2_12_2026'] ?? [])].sort()).toEqual(
        ['11:00 AM', '2:00 PM', '2:30 PM'].sort(),
      );
      // Reading changes nothing (a mail scanner following the link included).
      expect(await rowOf(rideId)).toEqual(before);
    });

    it("answers someone else's ride, and a ride that does not exist, as not found", async () => {
      const { rideId } = await paidRide(tesla, '2_12_2026', '9:30 AM');
      const { browser: other } = await signedInBrowser(app, db, NOW);
      expectFailure(await other.get(`/api/appointments/${rideId}`), 404, RIDE_NOT_FOUND_MESSAGE);
      expectFailure(
        await other.get('/api/appointments/00000000-0000-4000-8000-000000000000'),
        404,
        RIDE_NOT_FOUND_MESSAGE,
      );
      expectFailure(await reschedule(other, rideId, '3_12_2026', '9:00 AM'), 404);
      expectFailure(await cancel(other, rideId), 404, RIDE_NOT_FOUND_MESSAGE);
      await expectUnchanged(rideId, '2_12_2026', '9:30 AM');
    });

    it('gives the ride to a calendar: its .ics (a cancellation once cancelled) and a Google link', async () => {
      const { browser, rideId } = await paidRide(tesla, '3_12_2026', '8:30 AM');
      const { ride } = CustomerRideResponseSchema.parse(
        (await browser.get(`/api/appointments/${rideId}`)).json(),
      );
      const google = new URL(ride.googleCalendarUrl ?? '');
      expect(google.origin).toBe('https://calendar.google.com');
      expect(google.searchParams.get('dates')).toBe('20261203T133000Z/20261203T140000Z');

      const calendarOf = async () => {
        const response = await browser.get(`/api/appointments/${rideId}/calendar.ics`);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(response.headers['content-disposition']).toBe('attachment; filename="ride.ics"');
        const parsed = ical.sync.parseICS(response.body);
        const [event] = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
        const { method } = parsed.vcalendar as unknown as { method?: string };
        return { event, method };
      };
      const invite = await calendarOf();
      expect(invite.method).toBe('REQUEST');
      expect(invite.event?.start.toISOString()).toBe('2026-12-03T13:30:00.000Z');
      expect(await messagesOf(rideId)).toEqual([]);

      expect((await cancel(browser, rideId)).statusCode).toBe(200);
      const cancelled = await calendarOf();
      expect(cancelled.method).toBe('CANCEL');
      expect(cancelled.event?.uid).toBe(invite.event?.uid);
      const after = CustomerRideResponseSchema.parse(
        (await browser.get(`/api/appointments/${rideId}`)).json(),
      );
      expect(after.ride.googleCalendarUrl).toBeNull();

      // Someone else's ride, a visitor and a booking never paid: nothing to download.
      const { browser: other, userId } = await signedInBrowser(app, db, NOW);
      expectFailure(await other.get(`/api/appointments/${rideId}/calendar.ics`), 404);
      expectFailure(await new Browser(app).get(`/api/appointments/${rideId}/calendar.ics`), 401);
      const hold = await insertAppointment(db, {
        userId,
        serviceId: tesla,
        slotDate: '3_12_2026',
        slotTime: '9:30 AM',
        status: 'pending_payment',
      });
      expectFailure(await other.get(`/api/appointments/${hold}/calendar.ics`), 404);
    });

    it('asks a visitor to sign in, and refuses an id that is not one', async () => {
      const { browser, rideId } = await paidRide(tesla, '2_12_2026', '10:00 AM');
      const visitor = new Browser(app);
      expectFailure(await visitor.get(`/api/appointments/${rideId}`), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await reschedule(visitor, rideId, '3_12_2026', '9:00 AM'), 401);
      expectFailure(await cancel(visitor, rideId), 401);
      expectFailure(await browser.get('/api/appointments/not-a-ride'), 400, RIDE_NOT_FOUND_MESSAGE);
      expectFailure(await cancel(browser, 'not-a-ride'), 400, RIDE_NOT_FOUND_MESSAGE);
      await expectUnchanged(rideId, '2_12_2026', '10:00 AM');
    });

    it('says after the limit that the ride can no longer be changed online', async () => {
      // 9:30 AM tomorrow: 23 hours 23 minutes ahead.
      const { browser, rideId } = await paidRide(tesla, '23_11_2026', '9:30 AM');
      const response = await browser.get(`/api/appointments/${rideId}`);
      const { ride } = CustomerRideResponseSchema.parse(response.json());
      expect(ride).toMatchObject({ changeable: false, slotsTaken: {} });
      expectFailure(await reschedule(browser, rideId, '4_12_2026', '9:00 AM'), 422, TOO_LATE);
      expectFailure(await cancel(browser, rideId), 422, TOO_LATE);
      await expectUnchanged(rideId, '23_11_2026', '9:30 AM');
    });
  });

  describe('rescheduling', () => {
    it('moves the ride, frees the old slot and writes its messages and audit event', async () => {
      const { browser, rideId, userId, email } = await paidRide(tesla, '5_12_2026', '9:00 AM');
      const listed = async () => {
        const list = ServiceListResponseSchema.parse(
          (await browser.get('/api/service/list')).json(),
        );
        return list.services.find((s) => s._id === tesla)?.slots_booked['5_12_2026'] ?? [];
      };
      expect(await listed()).toContain('9:00 AM');
      await db
        .update(appointments)
        .set({ reminded24hAt: NOW, reminded2hAt: NOW })
        .where(eq(appointments.id, rideId));

      const response = await reschedule(browser, rideId, '5_12_2026', '4:30 PM');
      expect(response.statusCode, response.body).toBe(200);
      const answer = RideChangeResponseSchema.parse(response.json());
      expect(answer.message).toBe('Your ride is now on December 5, 2026 at 4:30 PM.');
      expect(answer.ride).toMatchObject({ slotDate: '5_12_2026', slotTime: '4:30 PM' });

      const row = await rowOf(rideId);
      expect(row).toMatchObject({
        status: 'paid',
        slotDate: '5_12_2026',
        slotTime: '4:30 PM',
        slotStart: slotStartsAt('5_12_2026', '4:30 PM'),
        amountCents: 5000,
        calendarSequence: 1,
        reminded24hAt: null,
        reminded2hAt: null,
      });
      const messages = await messagesOf(rideId);
      expect(messages.map((m) => [m.template, m.audience]).sort()).toEqual([
        ['rescheduled', 'customer'],
        ['rescheduled', 'owner'],
      ]);
      expect(messages[0]?.payload).toEqual({
        previousSlotStart: (slotStartsAt('5_12_2026', '9:00 AM') as Date).toISOString(),
      });
      const audit = await auditOf(rideId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'appointment.rescheduled',
        actorUserId: userId,
        actorLabel: email,
        serviceId: tesla,
        before: { slotDate: '5_12_2026', slotTime: '9:00 AM' },
        after: { slotDate: '5_12_2026', slotTime: '4:30 PM' },
      });
      // The service list hears of it at once, and the old slot can be booked again.
      expect(await listed()).toEqual(['4:30 PM']);
      const { browser: next } = await signedInBrowser(app, db, NOW);
      await bookOk(next, bookingRequest(tesla, { slotDate: '5_12_2026', slotTime: '9:00 AM' }));
    });

    it('refuses a slot that is taken, with nothing written', async () => {
      const { browser, rideId } = await paidRide(camry, '6_12_2026', '9:00 AM');
      await paidRide(camry, '6_12_2026', '10:00 AM');
      expectFailure(
        await reschedule(browser, rideId, '6_12_2026', '10:00 AM'),
        409,
        SLOT_TAKEN_MESSAGE,
      );
      await expectUnchanged(rideId, '6_12_2026', '9:00 AM');
    });

    it('takes the slot of a hold past its time, as booking does', async () => {
      const { browser, rideId } = await paidRide(camry, '6_12_2026', '1:00 PM');
      const { userId } = await signedInBrowser(app, db, NOW);
      const stale = await insertAppointment(db, {
        userId,
        serviceId: camry,
        slotDate: '6_12_2026',
        slotTime: '2:00 PM',
        status: 'pending_payment',
        holdExpiresAt: new Date(NOW.getTime() - 60_000),
      });
      const response = await reschedule(browser, rideId, '6_12_2026', '2:00 PM');
      expect(response.statusCode, response.body).toBe(200);
      expect((await rowOf(stale)).status).toBe('expired');
    });

    it("refuses a slot the owner blocked, from the block's start up to its end", async () => {
      const { browser, rideId } = await paidRide(camry, '7_12_2026', '9:00 AM');
      await db.insert(blocks).values({
        serviceId: camry,
        startsAt: slotStartsAt('7_12_2026', '1:00 PM') as Date,
        endsAt: slotStartsAt('7_12_2026', '2:00 PM') as Date,
      });
      for (const time of ['1:00 PM', '1:30 PM']) {
        expectFailure(
          await reschedule(browser, rideId, '7_12_2026', time),
          409,
          SLOT_BLOCKED_MESSAGE,
        );
      }
      await expectUnchanged(rideId, '7_12_2026', '9:00 AM');
      const after = await reschedule(browser, rideId, '7_12_2026', '2:00 PM');
      expect(after.statusCode, after.body).toBe(200);
    });

    it('refuses bad input with its message, and a change without the CSRF token', async () => {
      const { browser, rideId } = await paidRide(camry, '8_12_2026', '9:00 AM');
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'Please select a date and time'],
        [{ slotDate: '8_12_2026' }, 'Please select a date and time'],
        [{ slotDate: '31_2_2026', slotTime: '9:00 AM' }, 'Please select a date and time'],
        [{ slotDate: '8_12_2026', slotTime: '9:15 AM' }, 'Please select a date and time'],
        [{ slotDate: '21_11_2026', slotTime: '9:00 AM' }, SLOT_NOT_BOOKABLE_MESSAGE],
        [{ slotDate: '8_12_2027', slotTime: '9:00 AM' }, SLOT_NOT_BOOKABLE_MESSAGE],
        [{ slotDate: '8_12_2026', slotTime: '9:00 AM' }, SAME_SLOT_MESSAGE],
      ];
      for (const [body, message] of cases) {
        expectFailure(
          await browser.post(`/api/appointments/${rideId}/reschedule`, body),
          400,
          message,
        );
      }
      const noToken = await browser.post(
        `/api/appointments/${rideId}/reschedule`,
        { slotDate: '9_12_2026', slotTime: '9:00 AM' },
        { csrf: false },
      );
      expect(noToken.statusCode).toBe(403);
      await expectUnchanged(rideId, '8_12_2026', '9:00 AM');
    });

    it('lets one of two rides racing to the same slot have it', async () => {
      const first = await paidRide(tesla, '10_12_2026', '9:00 AM');
      const second = await paidRide(tesla, '10_12_2026', '9:30 AM');
      const answers = await Promise.all([
        reschedule(first.browser, first.rideId, '10_12_2026', '3:00 PM'),
        reschedule(second.browser, second.rideId, '10_12_2026', '3:00 PM'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409);
      expectFailure(loser as NonNullable<typeof loser>, 409, SLOT_TAKEN_MESSAGE);
      const atSlot = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.serviceId, tesla),
            eq(appointments.slotStart, slotStartsAt('10_12_2026', '3:00 PM') as Date),
          ),
        );
      expect(atSlot).toHaveLength(1);
      const winner = atSlot[0]?.id as string;
      const lost = winner === first.rideId ? second : first;
      expect(await messagesOf(winner)).toHaveLength(2);
      expect(await auditOf(winner)).toHaveLength(1);
      await expectUnchanged(lost.rideId, '10_12_2026', lost === first ? '9:00 AM' : '9:30 AM');
    });
  });

  describe('cancelling', () => {
    it('frees the slot, keeps the fee, and writes its messages and audit event', async () => {
      const { browser, rideId, userId, email } = await paidRide(camry, '11_12_2026', '9:00 AM');
      const response = await cancel(browser, rideId);
      expect(response.statusCode, response.body).toBe(200);
      const answer = RideChangeResponseSchema.parse(response.json());
      expect(answer).toMatchObject({
        message: 'Your ride is cancelled.',
        ride: { status: 'cancelled', changeable: false },
      });
      expect(await rowOf(rideId)).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'customer',
        cancelledAt: NOW,
        cancelReason: '',
      });
      const messages = await messagesOf(rideId);
      expect(messages.map((m) => [m.template, m.audience]).sort()).toEqual([
        ['cancelled', 'customer'],
        ['cancelled', 'owner'],
      ]);
      expect(messages[0]?.payload).toEqual({ by: 'customer', refundCents: 0 });
      expect(await auditOf(rideId)).toMatchObject([
        {
          action: 'appointment.cancelled',
          actorUserId: userId,
          actorLabel: email,
          after: { status: 'cancelled', cancelledBy: 'customer' },
        },
      ]);

      // Once only; and a cancelled ride is not moved.
      expectFailure(await cancel(browser, rideId), 409, RIDE_NOT_CHANGEABLE_MESSAGE);
      expectFailure(
        await reschedule(browser, rideId, '12_12_2026', '9:00 AM'),
        409,
        RIDE_NOT_CHANGEABLE_MESSAGE,
      );
      expect(await messagesOf(rideId)).toHaveLength(2);
      const { browser: next } = await signedInBrowser(app, db, NOW);
      await bookOk(next, bookingRequest(camry, { slotDate: '11_12_2026', slotTime: '9:00 AM' }));
    });

    it('leaves one consistent outcome when a cancel races a reschedule', async () => {
      // Four hours apart: a ride moved by an earlier round (its cancel refused) stays on the
      // 14th, and the car must still reach the next round's pickup from its drop-off.
      for (const time of ['9:00 AM', '1:00 PM', '5:00 PM']) {
        const { browser, rideId } = await paidRide(tesla, '13_12_2026', time);
        const [moved, cancelled] = await Promise.all([
          reschedule(browser, rideId, '14_12_2026', time),
          cancel(browser, rideId),
        ]);
        const wins = [moved, cancelled].filter((a) => a.statusCode === 200).length;
        expect(wins).toBeGreaterThanOrEqual(1);
        for (const answer of [moved, cancelled]) {
          if (answer.statusCode !== 200) {
            expectFailure(
              answer,
              409,
              new RegExp(`${RIDE_CHANGED_ELSEWHERE_MESSAGE}|${RIDE_NOT_CHANGEABLE_MESSAGE}`),
            );
          }
        }
        const row = await rowOf(rideId);
        expect(row.status).toBe(cancelled.statusCode === 200 ? 'cancelled' : 'paid');
        expect(row.slotDate).toBe(moved.statusCode === 200 ? '14_12_2026' : '13_12_2026');
        // Each change that happened wrote its messages and its event; the refused one, none.
        expect(await messagesOf(rideId)).toHaveLength(2 * wins);
        expect(await auditOf(rideId)).toHaveLength(wins);
      }
    });

    it("leaves one consistent outcome when the owner cancels during the customer's reschedule", async () => {
      const { browser, rideId } = await paidRide(camry, '15_12_2026', '9:00 AM');
      const [moved, owner] = await Promise.all([
        reschedule(browser, rideId, '15_12_2026', '11:00 AM'),
        // What the owner's cancel does: one conditional update from paid.
        changeStatus(db, eq(appointments.id, rideId), 'paid', 'cancelled', NOW, {
          cancelledBy: 'owner',
        }),
      ]);
      // The owner's cancel always lands (before the move, or on the moved ride after it).
      expect(owner).toHaveLength(1);
      const row = await rowOf(rideId);
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'owner' });
      if (moved.statusCode === 200) {
        expect(row.slotTime).toBe('11:00 AM');
        expect(await messagesOf(rideId)).toHaveLength(2);
      } else {
        expectFailure(
          moved,
          409,
          new RegExp(`${RIDE_CHANGED_ELSEWHERE_MESSAGE}|${RIDE_NOT_CHANGEABLE_MESSAGE}`),
        );
        expect(row.slotTime).toBe('9:00 AM');
        expect(await messagesOf(rideId)).toEqual([]);
      }
    });
  });
});
