import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, blocks } from '@app/db';
import { listBookableDays, SLOT_TAKEN_MESSAGE, wallClockAt } from '@app/shared';
import {
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import { databaseKinds } from '../../test/databases.ts';
import {
  makeSessions,
  ownerSession,
  postAs,
  serverEnv,
  withCsrf,
  type Customer,
} from '../../test/load.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { SLOT_BLOCKED_MESSAGE } from '../appointments/book-appointment.ts';

const ROUNDS = 25;

/** A New York date and time as the block form sends them. */
function wall(instant: Date): { date: string; time: string } {
  const w = wallClockAt(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${w.year}-${two(w.month)}-${two(w.day)}`,
    time: `${two(w.hour)}:${two(w.minute)}`,
  };
}

/**
 * The owner on one instance, the customer on another, over one PostgreSQL (PGlite runs one
 * transaction at a time and cannot show a race).
 */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a block and a booking of the same slot at once, across two instances on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    const servers: ServerProcess[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'block-race-'));
    let owner: Customer;
    let customer: Customer;
    let teslaS: string;

    beforeAll(async () => {
      database = await openPostgresDatabase();
      const db = database.handle.db;
      const env = serverEnv(tmp, {
        DATABASE_URL: database.url,
        SEED_DEMO: 'false',
        HOLDS_PER_ACCOUNT: '1000',
      });
      servers.push(await startServerProcess(env), await startServerProcess(env));
      const [one, two] = servers as [ServerProcess, ServerProcess];
      // Sessions and CSRF tokens before the races, so each round is two requests and no more.
      owner = await ownerSession(db, one.baseUrl);
      [customer] = (await withCsrf(two.baseUrl, await makeSessions(db, 1, 'block-racer'))) as [
        Customer,
      ];
      teslaS = await serviceIdByName(db, 'Tesla Model S');
    }, 120_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await database?.drop();
      rmSync(tmp, { recursive: true, force: true });
    });

    it('lets exactly one of them win, round after round', { timeout: 120_000 }, async () => {
      // Real time: the booking rules read the real clock. Slots from the day after tomorrow.
      const slots = listBookableDays(new Date())
        .slice(2, 5)
        .flatMap((day) => day.slots.map((s) => ({ day, slot: s })))
        // Two hours apart: a ride (an hour) and the car's turnaround (half an hour) of one round
        // never reach the next round's.
        .filter((_, i) => i % 4 === 0)
        .slice(0, ROUNDS);
      const outcomes = { blockWon: 0, bookingWon: 0 };
      for (const [round, { day, slot }] of slots.entries()) {
        const iso = slot.startsAt.toISOString();
        // The block covers the ride's first half hour, or (every other round) only the car's
        // turnaround after it: the booking's whole stretch is what it races for.
        const offset = round % 2 === 0 ? 0 : 60 * 60_000;
        const start = new Date(slot.startsAt.getTime() + offset);
        const end = new Date(start.getTime() + 30 * 60_000);
        const [from, to] = [wall(start), wall(end)];
        const [one, two] = servers as [ServerProcess, ServerProcess];
        const [blocked, booked] = await Promise.all([
          postAs(one.baseUrl, owner, '/api/admin/blocks', {
            serviceId: teslaS,
            startDate: from.date,
            startTime: from.time,
            endDate: to.date,
            endTime: to.time,
            note: `race ${iso}`,
          }),
          postAs(
            two.baseUrl,
            customer,
            '/api/user/book-appointment',
            bookingRequest(teslaS, { slotDate: day.key, slotTime: slot.label }),
          ),
        ]);
        const blockWon = blocked.status === 200;
        const bookingWon = booked.status === 200;
        expect(blockWon !== bookingWon, JSON.stringify([blocked, booked])).toBe(true);
        if (blockWon) {
          expect(booked.status).toBe(409);
          expect([SLOT_BLOCKED_MESSAGE, SLOT_TAKEN_MESSAGE]).toContain(booked.message);
          outcomes.blockWon++;
        } else {
          expect(blocked.status, JSON.stringify(blocked)).toBe(409);
          expect(blocked.message).toMatch(/^This block covers a ride awaiting payment on /);
          // The refusal names the ride it met: the booking that won this round.
          expect(blocked.rideId).toBe(booked.appointmentId);
          outcomes.bookingWon++;
        }
      }
      expect(outcomes.blockWon + outcomes.bookingWon).toBe(ROUNDS);
      console.info(`block against booking: ${JSON.stringify(outcomes)}`);

      // What the database holds agrees: no live ride of the car under any of its blocks.
      const db = database.handle.db;
      const made = await db.select().from(blocks).where(eq(blocks.serviceId, teslaS));
      expect(made).toHaveLength(outcomes.blockWon);
      const live = await db
        .select({ slotStart: appointments.slotStart, occupiedUntil: appointments.occupiedUntil })
        .from(appointments)
        .where(
          and(
            eq(appointments.serviceId, teslaS),
            inArray(appointments.status, ['pending_payment', 'paid']),
          ),
        );
      expect(live).toHaveLength(outcomes.bookingWon);
      for (const ride of live) {
        expect(made.some((b) => b.startsAt < ride.occupiedUntil && ride.slotStart < b.endsAt)).toBe(
          false,
        );
      }
    });
  },
);
