import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, auditEvents } from '@app/db';
import {
  CHAUFFEUR_BUSY_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  listBookableDays,
  type SlotDay,
} from '@app/shared';
import {
  appointmentRow,
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { chauffeursOnOverlappingRides, overlappingLiveStretches } from '../../test/car-time.ts';
import { databaseKinds } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import {
  makeSessions,
  ownerSession,
  postAs,
  serverEnv,
  withCsrf,
  type Customer,
} from '../../test/load.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { RIDE_MOVED_MEANWHILE_MESSAGE } from '../appointments/move-ride.ts';

const ROUNDS = 8;
const REASON = 'Your driver is needed elsewhere; this is the nearest time we can do.';

/**
 * The owner's changes against the database's guarantees, each side on its own server process
 * over one PostgreSQL (as two instances behind a load balancer): a move and a customer's booking
 * of the same time, two owners moving one ride, and two owners giving one chauffeur two rides at
 * once. PGlite runs one transaction at a time.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'an owner’s move racing across two instances, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    let teslaS: string;
    let suburban: string;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'move-race-'));
    let days: SlotDay[];

    beforeAll(async () => {
      database = await openPostgresDatabase();
      teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
      suburban = await serviceIdByName(database.handle.db, 'Chevrolet Suburban');
      const env = serverEnv(tmp, {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        RATE_LIMIT_LOGIN_PER_IP: '100000/1m',
      });
      servers.push(await startServerProcess(env), await startServerProcess(env));
      // Real time: the servers read the real clock. A day of its own for each round.
      days = listBookableDays(new Date()).slice(3, 3 + 3 * ROUNDS);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    const url = (i: number) => (servers[i % 2] as ServerProcess).baseUrl;

    const owner = (baseUrl: string) => ownerSession(database.handle.db, baseUrl);
    /** A paid ride of the Tesla Model S (or `car`) at 9:00 AM on `day`. */
    const paidRide = async (day: SlotDay, car = teslaS) =>
      insertAppointment(database.handle.db, {
        userId: await insertUser(database.handle.db, 'Rita Rider'),
        serviceId: car,
        slotDate: day.key,
        slotTime: '9:00 AM',
        status: 'paid',
      });
    const move = (i: number, as: Customer, id: string, day: SlotDay, slotTime: string) =>
      postAs(url(i), as, `/api/admin/rides/${id}/move`, {
        reason: REASON,
        from: { serviceId: teslaS, slotDate: day.key, slotTime: '9:00 AM' },
        slotDate: day.key,
        slotTime,
      });

    it(`a move and a customer's booking of the same time, ${ROUNDS} rounds: one wins each`, async () => {
      const db = database.handle.db;
      const [one, two] = [await owner(url(0)), await owner(url(1))];
      const riders = await withCsrf(url(1), await makeSessions(db, ROUNDS, 'move-race'));
      const winners: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[round] as SlotDay;
        const id = await paidRide(day);
        // The owner on one instance, the customer on the other; sides swap every round.
        const mover = round % 2 === 0 ? one : two;
        const [moved, booked] = await Promise.all([
          move(round, mover, id, day, '3:00 PM'),
          postAs(
            url(round + 1),
            riders[round] as Customer,
            '/api/user/book-appointment',
            bookingRequest(teslaS, { slotDate: day.key, slotTime: '3:00 PM' }),
          ),
        ]);
        expect([moved.status, booked.status].sort(), JSON.stringify([moved, booked])).toEqual([
          200, 409,
        ]);
        if (booked.status === 409) expect(booked.message).toBe(SLOT_TAKEN_MESSAGE);
        winners.push(moved.status === 200 ? 'move' : 'booking');
        const live = await db
          .select({ id: appointments.id, slotTime: appointments.slotTime })
          .from(appointments)
          .where(
            and(
              eq(appointments.slotDate, day.key),
              inArray(appointments.status, ['paid', 'pending_payment']),
            ),
          );
        // The moved ride stayed at 9:00 AM if the booking won; the car is one ride's at 3:00 PM.
        expect(live.filter((ride) => ride.slotTime === '3:00 PM')).toHaveLength(1);
        expect((await appointmentRow(db, id)).slotTime).toBe(
          moved.status === 200 ? '3:00 PM' : '9:00 AM',
        );
      }
      expect(await overlappingLiveStretches(db)).toEqual([]);
      console.info(`move against booking, winners by round: ${winners.join(' ')}`);
    }, 120_000);

    it(`two owners on two instances moving one ride, ${ROUNDS} rounds: one move stands, audited once`, async () => {
      const db = database.handle.db;
      const [one, two] = [await owner(url(0)), await owner(url(1))];
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[ROUNDS + round] as SlotDay;
        const id = await paidRide(day);
        const [first, second] = await Promise.all([
          move(0, one, id, day, '11:00 AM'),
          move(1, two, id, day, '4:00 PM'),
        ]);
        expect([first.status, second.status].sort()).toEqual([200, 409]);
        const loser = first.status === 200 ? second : first;
        expect(loser.message).toBe(RIDE_MOVED_MEANWHILE_MESSAGE);
        expect((await appointmentRow(db, id)).slotTime).toBe(
          first.status === 200 ? '11:00 AM' : '4:00 PM',
        );
        const moves = await db
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.appointmentId, id),
              eq(auditEvents.action, 'appointment.rescheduled'),
            ),
          );
        expect(moves).toHaveLength(1);
      }
      expect(await overlappingLiveStretches(db)).toEqual([]);
    }, 120_000);

    it(`two owners on two instances giving one chauffeur two rides at once, ${ROUNDS} rounds: one stands`, async () => {
      const db = database.handle.db;
      const [one, two] = [await owner(url(0)), await owner(url(1))];
      const chauffeur = await insertUser(db, 'Dana Driver', 'chauffeur');
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[2 * ROUNDS + round] as SlotDay;
        // Two cars at the same time: the cars are free, the one chauffeur is not.
        const [tesla, suv] = [await paidRide(day), await paidRide(day, suburban)];
        const [first, second] = await Promise.all([
          postAs(url(0), one, `/api/admin/rides/${tesla}/chauffeur`, { chauffeurId: chauffeur }),
          postAs(url(1), two, `/api/admin/rides/${suv}/chauffeur`, { chauffeurId: chauffeur }),
        ]);
        expect([first.status, second.status].sort(), JSON.stringify([first, second])).toEqual([
          200, 409,
        ]);
        expect((first.status === 409 ? first : second).message).toBe(CHAUFFEUR_BUSY_MESSAGE);
        const driven = await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.chauffeurId, chauffeur), eq(appointments.slotDate, day.key)));
        expect(driven.map((ride) => ride.id)).toEqual([first.status === 200 ? tesla : suv]);
      }
      expect(await chauffeursOnOverlappingRides(db)).toEqual([]);
    }, 120_000);
  },
);
