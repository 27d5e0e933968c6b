import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, services } from '@app/db';
import { SLOT_TAKEN_MESSAGE, listBookableDays, type SlotDay } from '@app/shared';
import {
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { overlappingLiveStretches } from '../../test/car-time.ts';
import { databaseKinds } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { makeSessions, postAs, serverEnv, withCsrf, type Customer } from '../../test/load.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { carReach } from './reach.ts';
import { DEFAULT_TRAVEL_SETTINGS } from '../../travel/drive-speed.ts';
import { offlineDrive } from './reach-drive.ts';

const ROUNDS = 8;
const NORFOLK = '1 Main Street, Norfolk, MA';
const HARTFORD = 'Hartford, CT';

/**
 * Two rides squeezed between the same neighbours from two server processes over one PostgreSQL
 * (two instances behind a load balancer). Each alone is reachable; both are not: the first ends
 * in Hartford at 6:00 PM, two hours from the second's pickup in Norfolk at 7:00 PM, though their
 * stretches do not overlap. The car's lock in book_hold lets exactly one win. PGlite runs one
 * transaction at a time and cannot show a race.
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'rides squeezed between the same neighbours across two instances, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    let teslaS: string;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'reach-race-'));
    let days: SlotDay[];

    beforeAll(async () => {
      database = await openPostgresDatabase();
      teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
      const env = serverEnv(tmp, {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
      });
      servers.push(await startServerProcess(env), await startServerProcess(env));
      // Real time: the servers read the real clock. A day of its own for each round.
      days = listBookableDays(new Date()).slice(3, 3 + ROUNDS);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    it(`lets one of two rides the car cannot both reach win, ${ROUNDS} rounds`, async () => {
      const db = database.handle.db;
      const [one, two] = servers.map((server) => server.baseUrl) as [string, string];
      const early = await withCsrf(one, await makeSessions(db, ROUNDS, 'reach-early'));
      const late = await withCsrf(two, await makeSessions(db, ROUNDS, 'reach-late'));
      const charter = (day: SlotDay, slotTime: string, dropoffAddress: string) =>
        bookingRequest(teslaS, {
          slotDate: day.key,
          slotTime,
          selectedServiceType: 'Hourly Chauffeur',
          lengthMinutes: 60,
          pickupAddress: NORFOLK,
          dropoffAddress,
        });
      for (let round = 0; round < ROUNDS; round++) {
        const day = days[round] as SlotDay;
        // The neighbours: paid rides in Norfolk at 2:00 and 10:00 PM.
        for (const slotTime of ['2:00 PM', '10:00 PM']) {
          await insertAppointment(db, {
            userId: await insertUser(db, 'Nell Neighbour'),
            serviceId: teslaS,
            slotDate: day.key,
            slotTime,
            status: 'paid',
            lengthMinutes: 60,
            turnaroundMinutes: 30,
            pickupAddress: NORFOLK,
            dropoffAddress: NORFOLK,
          });
        }
        const answers = await Promise.all([
          postAs(
            one,
            early[round] as Customer,
            '/api/user/book-appointment',
            charter(day, '5:00 PM', HARTFORD),
          ),
          postAs(
            two,
            late[round] as Customer,
            '/api/user/book-appointment',
            charter(day, '7:00 PM', NORFOLK),
          ),
        ]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses, `round ${round}: ${JSON.stringify(answers)}`).toEqual([200, 409]);
        const loser = answers.find((answer) => answer.status === 409);
        expect(loser?.message).toBe(SLOT_TAKEN_MESSAGE);
      }

      // The database agrees: no overlap, and every live booking is reachable from its
      // neighbours by the same rule.
      expect(await overlappingLiveStretches(db)).toEqual([]);
      const live = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.serviceId, teslaS),
            inArray(appointments.status, ['pending_payment', 'paid']),
          ),
        );
      expect(live).toHaveLength(ROUNDS * 3);
      const [car] = await db
        .select({ address: services.address })
        .from(services)
        .where(eq(services.id, teslaS));
      const stays = live.map((row) => ({
        id: row.id,
        start: row.slotStart,
        end: row.endsAt,
        pickup: row.pickupAddress,
        dropoff: row.dropoffAddress,
      }));
      const drive = await offlineDrive(DEFAULT_TRAVEL_SETTINGS);
      for (const stay of stays) {
        const others = stays.filter((other) => other !== stay);
        const reach = carReach(
          { base: car?.address ?? '', stays: others },
          drive,
          new Date(),
        )(stay);
        expect(reach.reachable, `${stay.start.toISOString()}`).toBe(true);
      }
    }, 120_000);
  },
);
