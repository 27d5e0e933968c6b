import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, users } from '@app/db';
import {
  RETURN_TAKEN_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  listBookableDays,
  occupiedUntil,
  type SlotDay,
} from '@app/shared';
import {
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { overlappingLiveStretches } from '../../test/car-time.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds } from '../../test/databases.ts';
import { makeSessions, postAs, withCsrf, type Customer } from '../../test/load.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createSession } from '../auth/sessions.ts';

const CUSTOMERS = 200;
const config = testConfig();
/** The car's default turnaround after a ride or an hourly charter (the demo cars keep it). */
const TURNAROUND = 30;

/** A small seeded generator: the same race every run, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** PGlite runs one transaction at a time and cannot show a race: PostgreSQL only. */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'overlapping stretches of one car booked at once across two instances, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    let teslaS: string;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'car-time-race-'));

    beforeAll(async () => {
      database = await openPostgresDatabase();
      teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: config.sessionSecret,
        WEB_DIST_DIR: join(tmp, 'no-web'),
        MAIL_DIR: join(tmp, 'mail'),
        DATA_DIR: join(tmp, 'data'),
        RATE_LIMIT_PAYMENT_PER_IP: '100000/1m',
        RATE_LIMIT_LOGIN_PER_IP: '100000/1m',
        RATE_LIMIT_SIGNUP_PER_IP: '100000/1m',
        HOLDS_PER_ADDRESS: '1000000',
      };
      servers.push(await startServerProcess(env), await startServerProcess(env));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    it(`lets no two of ${CUSTOMERS} overlapping bookings both win, and refuses only overlaps`, async () => {
      const [one, two] = servers.map((server) => server.baseUrl) as [string, string];
      const db = database.handle.db;
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: CUSTOMERS }, (_, i) => ({
            name: `Racer ${i}`,
            email: `stretch-racer-${i}-${Math.random().toString(36).slice(2)}@example.com`,
          })),
        )
        .returning({ id: users.id });
      const customers = await Promise.all(
        rows.map(async ({ id }, i) => {
          const token = await createSession(db, id, new Date(), config.session);
          const cookie = `sid=${token}`;
          const baseUrl = i % 2 === 0 ? one : two;
          const response = await fetch(`${baseUrl}/api/csrf-token`, { headers: { cookie } });
          const { csrfToken } = (await response.json()) as { csrfToken: string };
          return { cookie, csrf: csrfToken, baseUrl };
        }),
      );

      // Real time: the servers read the real clock. Starts within three hours of 9:00 AM, the
      // day after tomorrow; rides of 1, 1¼ or 2 hours and charters of 1 to 4 hours.
      const day = listBookableDays(new Date())[2];
      if (!day) throw new Error('no day to book');
      const from = day.slots.findIndex((slot) => slot.label === '9:00 AM');
      const random = seeded(20_261_128);
      const pick = <T>(choices: readonly T[]): T =>
        choices[Math.floor(random() * choices.length)] as T;
      const asks = customers.map(() => {
        const slot = day.slots[from + Math.floor(random() * 7)];
        if (!slot) throw new Error('no slot');
        const hourly = random() < 0.5;
        const lengthMinutes = hourly ? pick([60, 120, 180, 240]) : pick([60, 75, 120]);
        return {
          slot,
          lengthMinutes,
          body: bookingRequest(teslaS, {
            slotDate: day.key,
            slotTime: slot.label,
            selectedServiceType: hourly ? 'Hourly Chauffeur' : 'Airport Transfer',
            lengthMinutes,
            // Ending where they start: only the overlap refuses (the drive is reach's test).
            dropoffAddress: '1 Main Street, Norfolk, MA',
          }),
        };
      });

      const answers = await Promise.all(
        customers.map(async (customer, i) => {
          const response = await fetch(`${customer.baseUrl}/api/user/book-appointment`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: customer.cookie,
              'x-csrf-token': customer.csrf,
            },
            body: JSON.stringify(asks[i]?.body),
          });
          const answer = (await response.json()) as { message?: string; appointmentId?: string };
          return { status: response.status, ...answer };
        }),
      );

      const winners = answers.filter((a) => a.status === 200);
      const losers = answers.flatMap((a, i) => (a.status === 200 ? [] : [{ ...a, i }]));
      expect(winners.length).toBeGreaterThan(0);
      for (const loser of losers) {
        expect({ status: loser.status, message: loser.message }).toEqual({
          status: 409,
          message: SLOT_TAKEN_MESSAGE,
        });
      }

      // The database agrees: the winners are the car's live bookings, and no two overlap.
      const live = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.serviceId, teslaS),
            inArray(appointments.status, ['pending_payment', 'paid']),
          ),
        );
      expect(live.map((row) => row.id).sort()).toEqual(
        winners.map((w) => w.appointmentId as string).sort(),
      );
      expect(await overlappingLiveStretches(db)).toEqual([]);
      // And every loser asked for time a winner holds: nobody was refused a free stretch.
      for (const loser of losers) {
        const ask = asks[loser.i];
        if (!ask) throw new Error('no ask');
        const start = ask.slot.startsAt;
        const until = occupiedUntil(start, ask.lengthMinutes, TURNAROUND);
        expect(
          live.some((row) => row.slotStart < until && start < row.occupiedUntil),
          `${ask.slot.label} for ${ask.lengthMinutes} min`,
        ).toBe(true);
      }
    }, 120_000);

    it('a round trip racing a one-way booking of its return time: both legs or neither', async () => {
      const db = database.handle.db;
      const [one, two] = servers.map((server) => server.baseUrl) as [string, string];
      const ROUNDS = 8;
      const travellers = await withCsrf(one, await makeSessions(db, ROUNDS, 'round-racer'));
      const rivals = await withCsrf(two, await makeSessions(db, ROUNDS, 'return-racer'));
      const post = (baseUrl: string, as: Customer, body: unknown) =>
        postAs(baseUrl, as, '/api/user/book-appointment', body);
      // Days of their own, after the first test's day.
      const days = listBookableDays(new Date()).slice(10, 10 + ROUNDS);
      const winners: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[round] as SlotDay;
        const [trip, oneWay] = await Promise.all([
          post(
            one,
            travellers[round] as Customer,
            bookingRequest(teslaS, {
              slotDate: day.key,
              slotTime: '9:00 AM',
              needsReturnRide: true,
              returnPickupAddress: 'Logan Airport, Boston, MA',
              returnDropoffAddress: '1 Main Street, Norfolk, MA',
              returnSlotDate: day.key,
              returnSlotTime: '4:00 PM',
            }),
          ),
          post(
            two,
            rivals[round] as Customer,
            bookingRequest(teslaS, { slotDate: day.key, slotTime: '4:00 PM' }),
          ),
        ]);
        expect([trip.status, oneWay.status].sort(), JSON.stringify([trip, oneWay])).toEqual([
          200, 409,
        ]);
        if (trip.status === 409) expect(trip.message).toBe(RETURN_TAKEN_MESSAGE);
        else expect(oneWay.message).toBe(SLOT_TAKEN_MESSAGE);
        winners.push(trip.status === 200 ? 'round trip' : 'one-way');
        // Both legs or neither: the live rides of the day are the winner's alone.
        const live = await db
          .select({ slotTime: appointments.slotTime })
          .from(appointments)
          .where(
            and(
              eq(appointments.slotDate, day.key),
              inArray(appointments.status, ['pending_payment', 'paid']),
            ),
          );
        expect(live.map((ride) => ride.slotTime).sort()).toEqual(
          trip.status === 200 ? ['4:00 PM', '9:00 AM'] : ['4:00 PM'],
        );
      }
      expect(await overlappingLiveStretches(db)).toEqual([]);
      console.info(`round trip against one-way, winners by round: ${winners.join(', ')}`);
    }, 120_000);
  },
);
