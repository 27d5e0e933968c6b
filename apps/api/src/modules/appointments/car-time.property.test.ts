import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import { listBookableDays, wallClockAt } from '@app/shared';
import { buildApp } from '../../app.ts';
import type { Browser } from '../../test/browser.ts';
import {
  bookingRequest,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { liveStretchesOverBlocks, overlappingLiveStretches } from '../../test/car-time.ts';
import { createClock, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from './holds.ts';

/*
 * Whatever customers and the owner do to one car, in any order (book any length, pay, cancel,
 * move, block, let holds run out), no two live stretches of the car overlap and none covers a
 * block: checked in SQL at the end of each sequence. Every answer is a decision, never a 500.
 */

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const RUNS = 20;
// Limits out of the way: the property is about the car's time, not about holds per customer.
const config = testConfig({
  publicBaseUrl: 'http://localhost:3000',
  holds: {
    perAccount: 1_000,
    perAddress: 1_000_000,
    lapsesPerAccount: { max: 1_000, windowMs: 24 * 3_600_000 },
  },
});

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: unknown): T[] => {
  const r = result as Rows<T>;
  return Array.isArray(r) ? r : r.rows;
};

type Op =
  | { op: 'book'; who: number; at: number; hourly: boolean; length: number }
  | { op: 'pay'; which: number }
  | { op: 'cancel'; which: number }
  | { op: 'move'; which: number; at: number }
  | { op: 'block'; at: number; halfHours: number }
  | { op: 'expire' };

/** Starts within six hours, on the half hour. */
const at = fc.integer({ min: 0, max: 11 });
const which = fc.nat({ max: 20 });
const ops: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('book' as const),
      who: fc.integer({ min: 0, max: 2 }),
      at,
      hourly: fc.boolean(),
      length: fc.integer({ min: 0, max: 2 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pay' as const), which }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), which }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), which, at }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('block' as const),
      at,
      halfHours: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'expire' as const }) },
);

describe.each(await databaseKinds())('a car’s time under any sequence on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let teslaS: string;
  let owner: Browser;
  const clock = createClock(NOW);
  // One bookable day a run, a week on, so no run sees another's bookings.
  const days = listBookableDays(NOW).slice(14);
  let run = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config, db: database.handle, now: clock.now });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    ({ browser: owner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Runs one sequence on its own day; answers the statuses seen. */
  async function play(sequence: Op[]): Promise<[Op['op'], number][]> {
    const day = days[run++];
    if (!day) throw new Error('out of days');
    const slot = (i: number) => day.slots[18 + i]; // from 9:00 AM
    const customers = await Promise.all(
      [0, 1, 2].map(async () => (await signedInBrowser(app, db, NOW)).browser),
    );
    const booked: { id: string; browser: Browser }[] = [];
    const statuses: [Op['op'], number][] = [];
    let advanced = 0;
    try {
      for (const step of sequence) {
        const pick = (n: number) => booked[n % Math.max(1, booked.length)];
        switch (step.op) {
          case 'book': {
            const browser = customers[step.who] as Browser;
            const start = slot(step.at);
            const lengthMinutes = (step.hourly ? [60, 120, 180] : [60, 75, 120])[step.length];
            const response = await browser.post(
              '/api/user/book-appointment',
              bookingRequest(teslaS, {
                slotDate: day.key,
                slotTime: start?.label,
                selectedServiceType: step.hourly ? 'Hourly Chauffeur' : 'Airport Transfer',
                lengthMinutes,
              }),
            );
            statuses.push([step.op, response.statusCode]);
            if (response.statusCode === 200) {
              booked.push({
                id: response.json<{ appointmentId: string }>().appointmentId,
                browser,
              });
            }
            break;
          }
          case 'pay': {
            const ride = pick(step.which);
            if (!ride) break;
            const opened = await ride.browser.post('/api/user/create-checkout-session', {
              appointmentId: ride.id,
            });
            statuses.push([step.op, opened.statusCode]);
            if (opened.statusCode !== 200) break;
            const paid = await paySandboxCheckout(
              app,
              new URL(opened.json<{ url: string }>().url).pathname,
            );
            statuses.push([step.op, paid.statusCode]);
            break;
          }
          case 'cancel': {
            const ride = pick(step.which);
            if (!ride) break;
            statuses.push([
              step.op,
              (await ride.browser.post(`/api/appointments/${ride.id}/cancel`, {})).statusCode,
            ]);
            break;
          }
          case 'move': {
            const ride = pick(step.which);
            if (!ride) break;
            const response = await ride.browser.post(`/api/appointments/${ride.id}/reschedule`, {
              slotDate: day.key,
              slotTime: slot(step.at)?.label,
            });
            statuses.push([step.op, response.statusCode]);
            break;
          }
          case 'block': {
            const start = slot(step.at)?.startsAt as Date;
            const end = new Date(start.getTime() + step.halfHours * 30 * MINUTE);
            const wall = (d: Date) => {
              const w = wallClockAt(d);
              const two = (n: number) => String(n).padStart(2, '0');
              return {
                date: `${w.year}-${two(w.month)}-${two(w.day)}`,
                time: `${two(w.hour)}:${two(w.minute)}`,
              };
            };
            const [from, to] = [wall(start), wall(end)];
            const response = await owner.post('/api/admin/blocks', {
              serviceId: teslaS,
              startDate: from.date,
              startTime: from.time,
              endDate: to.date,
              endTime: to.time,
              note: 'Property',
            });
            statuses.push([step.op, response.statusCode]);
            break;
          }
          case 'expire': {
            // Every hold open now runs out, checkout and grace.
            const ms = CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS + MINUTE;
            clock.advance(ms);
            advanced += ms;
            break;
          }
        }
      }
    } finally {
      clock.advance(-advanced);
    }
    return statuses;
  }

  it('never leaves two live stretches overlapping, nor one over a block', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 4, maxLength: 16 }), async (sequence) => {
        const statuses = await play(sequence);
        for (const [op, status] of statuses) {
          seen.set(`${op} ${status}`, (seen.get(`${op} ${status}`) ?? 0) + 1);
        }
        expect(statuses.filter(([, status]) => status >= 500)).toEqual([]);
        expect(await overlappingLiveStretches(db)).toEqual([]);
        expect(await liveStretchesOverBlocks(db)).toEqual([]);
      }),
      { numRuns: RUNS, seed: 26 },
    );
    // The sequences did book, pay, move and refuse: the property was not vacuous.
    const [paid] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from appointments where status = 'paid'`),
    );
    expect(paid?.n).toBeGreaterThan(0);
    expect(seen.get('book 200')).toBeGreaterThan(0);
    expect(seen.get('book 409')).toBeGreaterThan(0);
    expect(seen.get('move 200')).toBeGreaterThan(0);
    expect(seen.get('block 200')).toBeGreaterThan(0);
  }, 60_000);
});
