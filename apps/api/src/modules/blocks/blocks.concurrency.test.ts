import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { appointments, blocks } from '@app/db';
import { listBookableDays, SLOT_TAKEN_MESSAGE, wallClockAt } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  bookingRequest,
  openPostgresDatabase,
  serviceIdByName,
  signedInBrowser,
  type PostgresTestDatabase,
} from '../../test/booking.ts';
import type { Browser } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { SLOT_BLOCKED_MESSAGE } from '../appointments/book-appointment.ts';

const ROUNDS = 25;
const config = testConfig({
  holds: { ...testConfig().holds, perAccount: 1_000, perAddress: 1_000_000 },
});

/** A New York date and time as the block form sends them. */
function wall(instant: Date): { date: string; time: string } {
  const w = wallClockAt(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${w.year}-${two(w.month)}-${two(w.day)}`,
    time: `${two(w.hour)}:${two(w.minute)}`,
  };
}

/** PGlite runs one transaction at a time and cannot show a race: PostgreSQL only. */
describe.skipIf(!(await databaseKinds()).includes('postgres'))(
  'a block and a booking of the same slot at once, on PostgreSQL',
  () => {
    let database: PostgresTestDatabase;
    let app: FastifyInstance;
    let owner: Browser;
    let customer: Browser;
    let teslaS: string;

    beforeAll(async () => {
      database = await openPostgresDatabase();
      app = await buildApp({ config, db: database.handle });
      const db = database.handle.db;
      ({ browser: owner } = await signedInOwner(app, db, new Date()));
      ({ browser: customer } = await signedInBrowser(app, db, new Date()));
      teslaS = await serviceIdByName(db, 'Tesla Model S');
      // Fetch both CSRF tokens before the races, so each round is two requests and no more.
      await Promise.all([owner.csrfToken(), customer.csrfToken()]);
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    it('lets exactly one of them win, round after round', async () => {
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
        const [blocked, booked] = await Promise.all([
          owner.post('/api/admin/blocks', {
            serviceId: teslaS,
            startDate: from.date,
            startTime: from.time,
            endDate: to.date,
            endTime: to.time,
            note: `race ${iso}`,
          }),
          customer.post(
            '/api/user/book-appointment',
            bookingRequest(teslaS, { slotDate: day.key, slotTime: slot.label }),
          ),
        ]);
        const blockWon = blocked.statusCode === 200;
        const bookingWon = booked.statusCode === 200;
        expect(blockWon !== bookingWon, `${blocked.body} / ${booked.body}`).toBe(true);
        if (blockWon) {
          expect(booked.statusCode).toBe(409);
          expect([SLOT_BLOCKED_MESSAGE, SLOT_TAKEN_MESSAGE]).toContain(booked.json().message);
          outcomes.blockWon++;
        } else {
          expect(blocked.statusCode, blocked.body).toBe(409);
          expect(blocked.json().message).toMatch(/^This block covers a ride awaiting payment on /);
          outcomes.bookingWon++;
        }
      }
      expect(outcomes.blockWon + outcomes.bookingWon).toBe(ROUNDS);

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
