import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBookableLength,
  lengthInUnits,
  lengthMinutes,
  minimumLengthMinutes,
} from './booking-length.ts';
import {
  busyInstants,
  fits,
  fittingSlots,
  markOccupied,
  occupiedUntil,
  rideEnd,
} from './occupancy.ts';
import { listBookableDays, slotStartsAt, wallClockAt } from './slots.ts';

const at = (dateKey: string, label: string) => slotStartsAt(dateKey, label) as Date;
const HALF_HOUR = 30 * 60_000;

describe('a booking length', () => {
  it('is minutes of the car in the kind’s unit, from the kind’s own choices', () => {
    expect(lengthMinutes('ride', 1.25)).toBe(75);
    expect(lengthMinutes('hourly', 3)).toBe(180);
    expect(lengthMinutes('rental', 7)).toBe(10_080);
    expect(lengthInUnits('rental', 2880)).toBe(2);
    expect(minimumLengthMinutes('ride')).toBe(60);
    expect(minimumLengthMinutes('hourly')).toBe(60);
    expect(minimumLengthMinutes('rental')).toBe(1440);
    expect(isBookableLength('ride', 75)).toBe(true);
    expect(isBookableLength('hourly', 75)).toBe(false);
    expect(isBookableLength('rental', 1440 * 8)).toBe(false);
    expect(isBookableLength('ride', 0)).toBe(false);
  });

  it('is elapsed time across a DST change: a day’s rental over spring forward ends an hour later on the clock', () => {
    const start = at('7_3_2026', '10:00 AM');
    expect(wallClockAt(rideEnd(start, 1440))).toMatchObject({ day: 8, hour: 11, minute: 0 });
    const autumn = at('31_10_2026', '10:00 AM');
    expect(wallClockAt(rideEnd(autumn, 1440))).toMatchObject({ day: 1, hour: 9, minute: 0 });
  });

  it('keeps a week’s rental 168 real hours across a DST change, and its labels follow the clock', () => {
    // Spring forward (Sunday 8 March 2026): a week from Friday 10:00 AM ends at 11:00 AM.
    const spring = at('6_3_2026', '10:00 AM');
    const springEnd = rideEnd(spring, 10_080);
    expect(springEnd.getTime() - spring.getTime()).toBe(168 * 3_600_000);
    expect(wallClockAt(springEnd)).toMatchObject({ day: 13, hour: 11, minute: 0 });
    // Fall back (Sunday 1 November 2026): it ends at 9:00 AM, and with the car's hour of
    // turnaround the last label it takes is 9:30 AM.
    const autumn = at('30_10_2026', '10:00 AM');
    const autumnEnd = rideEnd(autumn, 10_080);
    expect(wallClockAt(autumnEnd)).toMatchObject({ day: 6, hour: 9, minute: 0 });
    const booked: Record<string, string[]> = {};
    markOccupied(booked, autumn, occupiedUntil(autumn, 10_080, 60));
    expect(Object.keys(booked)).toHaveLength(8);
    expect(booked['6_11_2026']?.at(-1)).toBe('9:30 AM');
    // The night the clock goes back has its 48 labels, none twice.
    expect(booked['1_11_2026']).toHaveLength(48);
    expect(new Set(booked['1_11_2026']).size).toBe(48);
  });
});

describe('the labels an occupancy touches', () => {
  it('are every half hour from the start to the end plus turnaround, rounded out', () => {
    const booked: Record<string, string[]> = {};
    const start = at('4_12_2026', '7:00 PM');
    markOccupied(booked, start, occupiedUntil(start, 75, 30));
    expect(booked).toEqual({ '4_12_2026': ['7:00 PM', '7:30 PM', '8:00 PM', '8:30 PM'] });
  });

  it('run over midnight into the next day, and a week’s rental covers eight days', () => {
    const booked: Record<string, string[]> = {};
    const start = at('4_12_2026', '11:00 PM');
    markOccupied(booked, start, occupiedUntil(start, 120, 30));
    expect(booked).toEqual({
      '4_12_2026': ['11:00 PM', '11:30 PM'],
      '5_12_2026': ['12:00 AM', '12:30 AM', '1:00 AM'],
    });
    const week: Record<string, string[]> = {};
    const monday = at('7_12_2026', '9:00 AM');
    markOccupied(week, monday, occupiedUntil(monday, 10_080, 60));
    expect(Object.keys(week)).toHaveLength(8);
    expect(week['10_12_2026']).toHaveLength(48);
    expect(week['14_12_2026']).toEqual([
      '12:00 AM',
      '12:30 AM',
      '1:00 AM',
      '1:30 AM',
      '2:00 AM',
      '2:30 AM',
      '3:00 AM',
      '3:30 AM',
      '4:00 AM',
      '4:30 AM',
      '5:00 AM',
      '5:30 AM',
      '6:00 AM',
      '6:30 AM',
      '7:00 AM',
      '7:30 AM',
      '8:00 AM',
      '8:30 AM',
      '9:00 AM',
      '9:30 AM',
    ]);
  });

  it('leave out the hour spring skips and list the autumn hour once', () => {
    const spring: Record<string, string[]> = {};
    const start = at('8_3_2026', '1:00 AM');
    markOccupied(spring, start, occupiedUntil(start, 60, 30));
    expect(spring).toEqual({ '8_3_2026': ['1:00 AM', '1:30 AM', '3:00 AM'] });
  });
});

describe('a start fits', () => {
  const busy = busyInstants({ '4_12_2026': ['7:00 PM', '7:30 PM'] });
  const seven = at('4_12_2026', '7:00 PM').getTime();

  it('when the length and turnaround end by the next occupancy', () => {
    expect(fits(busy, seven - 90 * 60_000, 90)).toBe(true);
    expect(fits(busy, seven - 90 * 60_000, 91)).toBe(false);
    expect(fits(busy, seven, 30)).toBe(false);
    expect(fits(busy, seven + 30 * 60_000, 30)).toBe(false);
    expect(fits(busy, seven + 60 * 60_000, 600)).toBe(true);
  });

  it('the grid offers, as the day strip draws it, only the starts that fit', () => {
    const now = new Date('2026-12-04T12:00:00Z');
    const day = listBookableDays(now, { '4_12_2026': ['7:00 PM', '7:30 PM'] })[0];
    const offered = fittingSlots(day?.slots ?? [], busy, 180 + 30).map((slot) => slot.label);
    expect(offered).toContain('3:30 PM');
    expect(offered).not.toContain('4:00 PM');
    expect(offered).not.toContain('6:30 PM');
    expect(offered).toContain('8:00 PM');
  });

  it('agrees with a plain reference: no busy half hour meets the stretch', () => {
    const base = at('4_12_2026', '12:00 AM').getTime();
    const halfHours = fc.integer({ min: 0, max: 200 });
    fc.assert(
      fc.property(
        fc.uniqueArray(halfHours, { maxLength: 30 }),
        halfHours,
        fc.integer({ min: 1, max: 3000 }),
        (taken, start, minutes) => {
          const busyTimes = taken.map((n) => base + n * HALF_HOUR).sort((a, b) => a - b);
          const from = base + start * HALF_HOUR;
          const reference = busyTimes.every(
            (t) => t + HALF_HOUR <= from || t >= from + minutes * 60_000,
          );
          expect(fits(busyTimes, from, minutes)).toBe(reference);
        },
      ),
    );
  });

  it('never overlaps what it was computed from: a fitting stretch, marked, touches no busy label', () => {
    const base = at('4_12_2026', '12:00 AM').getTime();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: 300 }),
            minutes: fc.integer({ min: 30, max: 900 }),
          }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 30, max: 900 }),
        (occupancies, start, minutes) => {
          const booked: Record<string, string[]> = {};
          for (const o of occupancies) {
            const from = new Date(base + o.start * HALF_HOUR);
            markOccupied(booked, from, rideEnd(from, o.minutes));
          }
          const from = base + start * HALF_HOUR;
          const overlapsOne = occupancies.some((o) => {
            const a = base + o.start * HALF_HOUR;
            return a < from + minutes * 60_000 && from < a + o.minutes * 60_000;
          });
          if (fits(busyInstants(booked), from, minutes)) expect(overlapsOne).toBe(false);
        },
      ),
    );
  });
});
