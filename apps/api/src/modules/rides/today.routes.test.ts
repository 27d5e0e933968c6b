import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, auditEvents, outboxMessages, type Database } from '@app/db';
import {
  bookingReference,
  type AppointmentStatus,
  RIDE_DATE_MESSAGE,
  RideListResponseSchema,
  TodayResponseSchema,
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
const MINUTE = 60_000;

describe.each(await databaseKinds())(
  'the console’s Today and the search of every day on %s',
  (kind) => {
    let database: TestDatabase;
    let db: Database;
    let app: FastifyInstance;
    let owner: Browser;
    let car: string;
    let otherCar: string;
    const ride: Record<string, string> = {};

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      db = database.handle.db;
      app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
      car = await serviceIdByName(db, 'Toyota Camry');
      otherCar = await serviceIdByName(db, 'Tesla Model S');
      ({ browser: owner } = await signedInOwner(app, db, NOW));
      const userId = await insertUser(db, 'Dana Daytrip');
      const lastMonthUser = await insertUser(db, 'Lorna Lastmonth');
      const at = (
        name: string,
        slotDate: string,
        slotTime: string,
        status: AppointmentStatus,
        extra: { serviceId?: string; holdExpiresAt?: Date; userId?: string } = {},
      ) =>
        insertAppointment(db, {
          userId,
          serviceId: car,
          slotDate,
          slotTime,
          status,
          ...extra,
        }).then((id) => {
          ride[name] = id;
        });
      // Today, out of order on purpose: 8 AM (its time passed, not marked), 2 PM a hold lapsing
      // in half an hour, 4 PM cancelled, 6 PM an expired hold (never a ride).
      await at('afternoonHold', '22_11_2026', '2:00 PM', 'pending_payment', {
        serviceId: otherCar,
        holdExpiresAt: new Date(NOW.getTime() + 30 * MINUTE),
      });
      await at('morning', '22_11_2026', '8:00 AM', 'paid');
      await at('cancelled', '22_11_2026', '4:00 PM', 'cancelled');
      await at('expired', '22_11_2026', '6:00 PM', 'expired');
      // Other days: a hold tomorrow lapsing in two hours, a paid ride two days ago (unmarked), one
      // ten days ago (past the window), and one last month, found by its reference.
      await at('tomorrowHold', '23_11_2026', '9:00 AM', 'pending_payment', {
        holdExpiresAt: new Date(NOW.getTime() + 120 * MINUTE),
      });
      await at('twoDaysAgo', '20_11_2026', '9:00 AM', 'paid');
      await at('tenDaysAgo', '12_11_2026', '9:00 AM', 'paid');
      await at('lastMonth', '20_10_2026', '11:30 AM', 'completed', {
        userId: lastMonthUser,
      });
      // One email that failed for good, one still pending.
      const row = {
        channel: 'email' as const,
        audience: 'customer' as const,
        template: 'paid' as const,
        recipient: 'someone@example.com',
        nextAttemptAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      };
      await db.insert(outboxMessages).values([
        { ...row, status: 'failed', attempts: 8, lastError: 'smtp 550' },
        { ...row, status: 'pending' },
      ]);
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    it('answers only owners: a visitor 401, a customer 403', async () => {
      const visitor = new Browser(app);
      const { browser: customer } = await signedInBrowser(app, db, NOW);
      expectFailure(await visitor.get('/api/admin/today'), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await customer.get('/api/admin/today'), 403, OWNER_ONLY_MESSAGE);
      const { browser: unverified } = await signedInOwner(app, db, NOW, { mfa: false });
      const refused = await unverified.get('/api/admin/today');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'mfa_required' });
    });

    it('gives the owner today’s rides by pickup time and what needs them now', async () => {
      const response = await owner.get('/api/admin/today');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = TodayResponseSchema.parse(response.json());
      expect(body.date).toBe('2026-11-22');
      expect(body.rides.map((r) => r.id)).toEqual([
        ride.morning,
        ride.afternoonHold,
        ride.cancelled,
      ]);
      expect(body.rides[0]).toMatchObject({
        slotTime: '8:00 AM',
        carName: 'Toyota Camry',
        customerName: 'Dana Daytrip',
        pickupAddress: '1 Main Street, Norfolk, MA',
        status: 'paid',
      });
      // The 2 PM hold lapses within the hour (tomorrow's in two hours does not count yet); one
      // email failed; this morning's and two days ago's paid rides are unmarked (ten days ago is
      // past the week, and last month's is completed).
      expect(body).toMatchObject({ holdsLapsing: 1, failedMessages: 1, unmarkedRides: 2 });
    });

    it('shows another day when asked, and refuses a bad day with 400', async () => {
      const tomorrow = TodayResponseSchema.parse(
        (await owner.get('/api/admin/today?date=2026-11-23')).json(),
      );
      expect(tomorrow.date).toBe('2026-11-23');
      expect(tomorrow.rides.map((r) => r.id)).toEqual([ride.tomorrowHold]);
      expect(tomorrow.holdsLapsing).toBe(1);
      for (const date of ['23-11-2026', '2026-02-30', 'today'])
        expectFailure(await owner.get(`/api/admin/today?date=${date}`), 400, RIDE_DATE_MESSAGE);
    });

    it('finds a ride of last month by its reference or its customer, on every day', async () => {
      const list = async (query: string) => {
        const response = await owner.get(`/api/admin/rides${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return RideListResponseSchema.parse(response.json()).rides.map((r) => r.id);
      };
      const reference = bookingReference(ride.lastMonth as string);
      expect(await list(`?q=${reference}`)).toEqual([ride.lastMonth]);
      expect(await list(`?q=${reference.toLowerCase()}`)).toEqual([ride.lastMonth]);
      expect(await list('?q=lastmonth')).toEqual([ride.lastMonth]);
      // A search by name finds every day's, by pickup time, the past first.
      expect(await list('?q=daytrip')).toEqual([
        ride.tenDaysAgo,
        ride.twoDaysAgo,
        ride.morning,
        ride.afternoonHold,
        ride.cancelled,
        ride.tomorrowHold,
      ]);
      // Days given still bound it; without a search the board starts today.
      expect(await list(`?q=${reference}&from=2026-11-01`)).toEqual([]);
      expect(await list('')).not.toContain(ride.lastMonth);
      expect(await list('')).not.toContain(ride.twoDaysAgo);

      // The export follows the same rule, and its audit event names no first day.
      const csv = await owner.get(`/api/admin/rides/export.csv?q=${reference}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.body).toContain('Lorna Lastmonth');
      const [event] = await db
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'rides.exported'));
      expect(event?.after).toEqual({ search: reference, rows: 1 });
    });

    it('names the rides nobody drives until tomorrow ends, and chauffeurs late to set off', async () => {
      const userId = await insertUser(db, 'Nell Nightowl');
      const dana = await insertUser(db, 'Dana Driver', 'chauffeur');
      const eli = await insertUser(db, 'Eli Wheeler', 'chauffeur');
      const paid = async (
        slotDate: string,
        slotTime: string,
        chauffeurId: string | null,
        tripStatus: 'on_my_way' | null = null,
      ) => {
        const id = await insertAppointment(db, {
          userId,
          serviceId: car,
          slotDate,
          slotTime,
          status: 'paid',
        });
        await db
          .update(appointments)
          .set({ chauffeurId, tripStatus })
          .where(eq(appointments.id, id));
        return id;
      };
      // 10:07 AM now; chauffeurs are late 30 minutes before pickup (CHAUFFEUR_LATE_MINUTES).
      const late = await paid('22_11_2026', '10:30 AM', dana);
      await paid('22_11_2026', '11:00 AM', eli); // not yet due to set off
      await paid('22_11_2026', '10:00 AM', eli, 'on_my_way'); // set off
      await paid('22_11_2026', '9:00 AM', dana); // over: for the unmarked count, not this
      const tomorrow = await paid('23_11_2026', '3:00 PM', null);
      await paid('24_11_2026', '3:00 PM', null); // after tomorrow
      const response = await owner.get('/api/admin/today');
      const body = TodayResponseSchema.parse(response.json());
      expect(body.lateChauffeurs).toEqual([
        {
          id: late,
          slotDate: '22_11_2026',
          slotTime: '10:30 AM',
          carName: 'Toyota Camry',
          chauffeurName: 'Dana Driver',
        },
      ]);
      // This morning's 8 AM ride is past, the held ones are not paid.
      expect(body.unassignedRides).toEqual([
        {
          id: tomorrow,
          slotDate: '23_11_2026',
          slotTime: '3:00 PM',
          carName: 'Toyota Camry',
          chauffeurName: null,
        },
      ]);
    });
  },
);
