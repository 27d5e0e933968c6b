import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  carReach,
  neighboursOf,
  reachOfLegs,
  shortfallInWords,
  unlocatedInWords,
  type CarNeighbourhood,
  type Drive,
  type Stay,
  type Stretch,
} from './reach.ts';
import { DEFAULT_TRAVEL_SETTINGS } from '../../travel/drive-speed.ts';
import { offlineDrive } from './reach-drive.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PROVIDENCE = '100 Westminster St, Providence, RI';
const NORFOLK = '1 Main Street, Norfolk, MA';
const BASE = '12 Rockwood Road, Norfolk, MA 02056';
const at = (iso: string) => new Date(iso);
const stay = (id: string, start: string, end: string, pickup: string, dropoff: string): Stay => ({
  id,
  start: at(start),
  end: at(end),
  pickup,
  dropoff,
});
const stretch = (start: string, end: string, pickup: string, dropoff: string): Stretch => ({
  start: at(start),
  end: at(end),
  pickup,
  dropoff,
});

describe('the car must be able to get there, by the offline estimate', () => {
  let drive: Drive;
  beforeAll(async () => {
    drive = await offlineDrive(DEFAULT_TRAVEL_SETTINGS);
  });
  // Tuesday 8 December 2026, New York: EST, UTC-5. Booked a week ahead.
  const NOW = at('2026-12-01T15:00:00Z');
  const fromProvidence: CarNeighbourhood = {
    base: BASE,
    // A ride ending in Providence at 7:00 PM.
    stays: [stay('p', '2026-12-08T23:00:00Z', '2026-12-09T00:00:00Z', NORFOLK, PROVIDENCE)],
  };

  it('drives Providence to Norfolk in 34 min at 7:00 PM on a weekday', () => {
    expect(drive(PROVIDENCE, NORFOLK, at('2026-12-09T00:00:00Z'))).toBe(34);
  });

  it('refuses a Norfolk pickup at 7:15 and 7:30 PM after a 7:00 PM drop-off in Providence, takes 8:00 PM', () => {
    const reach = carReach(fromProvidence, drive, NOW);
    const pickupAt = (start: string) =>
      reach(stretch(start, new Date(at(start).getTime() + HOUR).toISOString(), NORFOLK, NORFOLK));
    for (const start of ['2026-12-09T00:15:00Z', '2026-12-09T00:30:00Z']) {
      const verdict = pickupAt(start);
      expect(verdict.reachable).toBe(false);
      if (verdict.reachable) return;
      expect(shortfallInWords(verdict.shortfall)).toBe(
        'The car drops off in 100 Westminster St, Providence, RI at 7:00 PM and needs about 34 min to reach this pickup.',
      );
    }
    expect(pickupAt('2026-12-09T01:00:00Z')).toEqual({ reachable: true, unlocated: [] });
  });

  it('refuses a ride whose drop-off cannot reach the next pickup, and says so', () => {
    // The next ride picks up in Norfolk at 8:00 PM; this one ends in Providence at 7:30 PM.
    const next: CarNeighbourhood = {
      base: BASE,
      stays: [stay('n', '2026-12-09T01:00:00Z', '2026-12-09T02:00:00Z', NORFOLK, NORFOLK)],
    };
    const verdict = carReach(
      next,
      drive,
      NOW,
    )(stretch('2026-12-08T23:30:00Z', '2026-12-09T00:30:00Z', NORFOLK, PROVIDENCE));
    expect(verdict.reachable).toBe(false);
    if (verdict.reachable) return;
    expect(shortfallInWords(verdict.shortfall)).toBe(
      'After this ride the car needs about 34 min to reach its next pickup in 1 Main Street, Norfolk, MA at 8:00 PM.',
    );
    // Ending at 7:00 PM, it gets there by 7:34.
    expect(
      carReach(
        next,
        drive,
        NOW,
      )(stretch('2026-12-08T23:00:00Z', '2026-12-09T00:00:00Z', NORFOLK, PROVIDENCE)).reachable,
    ).toBe(true);
  });

  it('counts elapsed time over the fall-back night, not the clock', () => {
    // Sunday 1 November 2026: a drop-off in Providence at 1:30 AM EDT (05:30Z); at 2:00 AM EDT
    // the clock goes back to 1:00 AM EST.
    const night: CarNeighbourhood = {
      base: BASE,
      stays: [stay('d', '2026-11-01T04:30:00Z', '2026-11-01T05:30:00Z', NORFOLK, PROVIDENCE)],
    };
    const minutes = drive(PROVIDENCE, NORFOLK, at('2026-11-01T05:30:00Z')) ?? 0;
    expect(minutes).toBeGreaterThan(20);
    expect(minutes).toBeLessThanOrEqual(45);
    const reach = carReach(night, drive, at('2026-10-20T12:00:00Z'));
    // 1:50 AM EDT: later on the clock, 20 minutes on: too soon.
    expect(
      reach(stretch('2026-11-01T05:50:00Z', '2026-11-01T06:50:00Z', NORFOLK, NORFOLK)),
    ).toMatchObject({ reachable: false });
    // 1:15 AM EST: earlier on the clock, 45 minutes on: in time.
    expect(
      reach(stretch('2026-11-01T06:15:00Z', '2026-11-01T07:15:00Z', NORFOLK, NORFOLK)),
    ).toMatchObject({ reachable: true });
  });

  it('carries a drop-off over midnight to the next day’s pickup', () => {
    // 11:45 PM in Providence (04:45Z the next day, UTC).
    const late: CarNeighbourhood = {
      base: BASE,
      stays: [stay('m', '2026-12-09T03:45:00Z', '2026-12-09T04:45:00Z', NORFOLK, PROVIDENCE)],
    };
    const reach = carReach(late, drive, NOW);
    expect(
      reach(stretch('2026-12-09T05:00:00Z', '2026-12-09T06:00:00Z', NORFOLK, NORFOLK)),
    ).toMatchObject({ reachable: false }); // 12:00 AM
    expect(
      reach(stretch('2026-12-09T05:30:00Z', '2026-12-09T06:30:00Z', NORFOLK, NORFOLK)),
    ).toMatchObject({ reachable: true }); // 12:30 AM
  });

  it('imposes no drive from a place it cannot locate, and says which', () => {
    const nowhere: CarNeighbourhood = {
      base: BASE,
      stays: [
        stay(
          'u',
          '2026-12-08T23:00:00Z',
          '2026-12-09T00:00:00Z',
          NORFOLK,
          'The big oak by the pond',
        ),
      ],
    };
    const verdict = carReach(
      nowhere,
      drive,
      NOW,
    )(stretch('2026-12-09T00:00:00Z', '2026-12-09T01:00:00Z', PROVIDENCE, PROVIDENCE));
    expect(verdict).toEqual({
      reachable: true,
      unlocated: [`from “The big oak by the pond” to “${PROVIDENCE}”`],
    });
    expect(unlocatedInWords(verdict.unlocated)).toBe(
      `The drive from “The big oak by the pond” to “${PROVIDENCE}” could not be estimated: only the turnaround was checked.`,
    );
  });

  it('needs no drive between the same place however it is spelt', () => {
    const verdict = carReach(
      fromProvidence,
      drive,
      NOW,
    )(
      stretch(
        '2026-12-09T00:00:00Z',
        '2026-12-09T01:00:00Z',
        '  100 westminster ST,  Providence, ri',
        NORFOLK,
      ),
    );
    expect(verdict).toEqual({ reachable: true, unlocated: [] });
  });

  it('starts a car with nothing before from its base, no earlier than now', () => {
    const empty: CarNeighbourhood = { base: BASE, stays: [] };
    // Providence is about 35 min from the base: a pickup there in 30 minutes cannot be made.
    const now = at('2026-12-08T15:00:00Z');
    const reach = carReach(empty, drive, now);
    const soon = reach(
      stretch('2026-12-08T15:30:00Z', '2026-12-08T16:30:00Z', PROVIDENCE, NORFOLK),
    );
    expect(soon.reachable).toBe(false);
    if (!soon.reachable) {
      expect(shortfallInWords(soon.shortfall)).toMatch(
        /^The car is at its base, 12 Rockwood Road, Norfolk, MA 02056, and needs about \d+ min to reach this pickup\.$/,
      );
    }
    expect(
      reach(stretch('2026-12-08T16:00:00Z', '2026-12-08T17:00:00Z', PROVIDENCE, NORFOLK)),
    ).toMatchObject({ reachable: true });
    // A drop-off more than 12 hours before does not hold the car: it is back at its base.
    const old: CarNeighbourhood = {
      base: BASE,
      stays: [stay('o', '2026-12-07T20:00:00Z', '2026-12-08T02:00:00Z', NORFOLK, 'Chicago, IL')],
    };
    expect(
      carReach(
        old,
        drive,
        now,
      )(stretch('2026-12-08T16:00:00Z', '2026-12-08T17:00:00Z', PROVIDENCE, NORFOLK)),
    ).toMatchObject({ reachable: true });
  });

  it('checks a round trip’s legs against each other', () => {
    const empty: CarNeighbourhood = { base: BASE, stays: [] };
    const out = stretch('2026-12-08T23:00:00Z', '2026-12-09T00:00:00Z', NORFOLK, PROVIDENCE);
    const tooSoon = stretch('2026-12-09T00:15:00Z', '2026-12-09T01:15:00Z', NORFOLK, NORFOLK);
    const later = stretch('2026-12-09T01:00:00Z', '2026-12-09T02:00:00Z', NORFOLK, NORFOLK);
    expect(reachOfLegs(empty, [out, tooSoon], drive, NOW).reachable).toBe(false);
    expect(reachOfLegs(empty, [out, later], drive, NOW).reachable).toBe(true);
  });
});

describe('neighboursOf', () => {
  it('takes the latest end within 12 hours before and the earliest start within 12 hours after', () => {
    const stays = [
      stay('a', '2026-12-08T10:00:00Z', '2026-12-08T11:00:00Z', 'x', 'x'),
      stay('b', '2026-12-08T12:00:00Z', '2026-12-08T13:00:00Z', 'x', 'x'),
      stay('c', '2026-12-08T18:00:00Z', '2026-12-08T19:00:00Z', 'x', 'x'),
      stay('d', '2026-12-09T08:00:00Z', '2026-12-09T09:00:00Z', 'x', 'x'),
    ];
    const { previous, next } = neighboursOf(stays, {
      start: at('2026-12-08T14:00:00Z'),
      end: at('2026-12-08T15:00:00Z'),
    });
    expect([previous?.id, next?.id]).toEqual(['b', 'c']);
    const far = neighboursOf(stays, {
      start: at('2026-12-09T02:00:00Z'),
      end: at('2026-12-09T03:00:00Z'),
    });
    expect([far.previous?.id, far.next?.id]).toEqual(['c', 'd']);
    const none = neighboursOf(stays, {
      start: at('2026-12-10T12:00:00Z'),
      end: at('2026-12-10T13:00:00Z'),
    });
    expect(none).toEqual({ previous: null, next: null });
  });
});

/*
 * The property: rides with random places, lengths and starts, booked one by one on one car
 * through the rule (and the overlap constraint, emulated with a turnaround), never leave two
 * consecutive live bookings the car cannot drive between, nor a first booking it cannot reach
 * from its base. The oracle below recomputes each pair on its own, not through carReach.
 */
describe('random rides booked one by one on one car', () => {
  const PLACES: { name: string; x: number }[] = [
    { name: 'Alpha', x: 0 },
    { name: '  alpha ', x: 0 },
    { name: 'Bravo', x: 20 },
    { name: 'Charlie', x: 45 },
    { name: 'Delta', x: 90 },
    { name: 'Nowhere', x: Number.NaN },
  ];
  const xOf = (name: string) => PLACES.find((place) => place.name === name)?.x ?? Number.NaN;
  /** A mile a minute by night, half that from 7 to 10 AM and 4 to 7 PM (UTC here: it need not be real). */
  const drive: Drive = (from, to, departAt) => {
    const distance = Math.abs(xOf(from) - xOf(to));
    if (Number.isNaN(distance)) return null;
    const hour = departAt.getUTCHours();
    const slow = (hour >= 7 && hour < 10) || (hour >= 16 && hour < 19);
    return Math.max(10, Math.ceil(distance * (slow ? 2 : 1)));
  };
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const needed = (from: string, to: string, departAt: Date) =>
    norm(from) === norm(to) ? 0 : (drive(from, to, departAt) ?? 0);
  const TURNAROUND = 30 * MINUTE;
  const NOW = at('2026-12-01T00:00:00Z');
  const DAY0 = at('2026-12-01T00:00:00Z').getTime();

  const ride = fc.record({
    quarter: fc.integer({ min: 0, max: 3 * 96 }), // a start over three days, on the quarter hour
    length: fc.constantFrom(15, 30, 60, 90, 180),
    pickup: fc.constantFrom(...PLACES.map((place) => place.name)),
    dropoff: fc.constantFrom(...PLACES.map((place) => place.name)),
  });

  it('never leaves an unreachable consecutive pair', () => {
    fc.assert(
      fc.property(
        fc.array(ride, { maxLength: 40 }),
        fc.constantFrom('Alpha', 'Delta', ''),
        (rides, base) => {
          const stays: Stay[] = [];
          rides.forEach((asked, i) => {
            const start = new Date(DAY0 + asked.quarter * 15 * MINUTE);
            const candidate = {
              start,
              end: new Date(start.getTime() + asked.length * MINUTE),
              pickup: asked.pickup,
              dropoff: asked.dropoff,
            };
            const overlaps = stays.some(
              (other) =>
                other.start.getTime() < candidate.end.getTime() + TURNAROUND &&
                candidate.start.getTime() < other.end.getTime() + TURNAROUND,
            );
            if (overlaps) return;
            if (carReach({ base, stays }, drive, NOW)(candidate).reachable) {
              stays.push({ id: String(i), ...candidate });
            }
          });
          const sorted = [...stays].sort((a, b) => a.start.getTime() - b.start.getTime());
          sorted.forEach((current, i) => {
            const before = sorted[i - 1];
            if (before && current.start.getTime() - before.end.getTime() <= 12 * HOUR) {
              const leave = new Date(Math.max(NOW.getTime(), before.end.getTime()));
              const arrive =
                leave.getTime() + needed(before.dropoff, current.pickup, leave) * MINUTE;
              expect(arrive, `${before.id} then ${current.id}`).toBeLessThanOrEqual(
                current.start.getTime(),
              );
            } else if (base !== '') {
              // From the base, leaving now at the latest (and waiting near the pickup).
              const arrive = NOW.getTime() + needed(base, current.pickup, NOW) * MINUTE;
              expect(arrive, `${current.id} from the base`).toBeLessThanOrEqual(
                current.start.getTime(),
              );
            }
          });
          // Whatever was accepted answers reachable again, each against all the others.
          for (const current of stays) {
            const others = stays.filter((other) => other !== current);
            expect(carReach({ base, stays: others }, drive, NOW)(current).reachable).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
