import { describe, expect, it } from 'vitest';
import {
  billBalance,
  billTotal,
  draftLines,
  minutesInWords,
  minutesOver,
  tipFor,
  type BillLine,
} from './final-bill.ts';

const PICKUP = new Date('2026-12-01T14:00:00Z');
const at = (minutes: number) => new Date(PICKUP.getTime() + minutes * 60_000);
const ride = (statusTimes: Parameters<typeof minutesOver>[0]['statusTimes']) => ({
  lengthMinutes: 60,
  slotStart: PICKUP,
  statusTimes,
});

describe('minutesOver', () => {
  it('counts waiting from the later of arrival and pickup, beyond the grace', () => {
    // Arrived 10 minutes early: the early minutes are the chauffeur's, not the customer's.
    expect(minutesOver(ride({ arrived: at(-10), on_board: at(15) }), 15).waiting).toBe(0);
    expect(minutesOver(ride({ arrived: at(-10), on_board: at(16) }), 15).waiting).toBe(1);
    // Arrived late: the wait counts from the arrival.
    expect(minutesOver(ride({ arrived: at(10), on_board: at(40) }), 15).waiting).toBe(15);
    // Part minutes are not billed.
    expect(minutesOver(ride({ arrived: at(0), on_board: at(15.99) }), 15).waiting).toBe(0);
  });

  it('counts the ride beyond its booked length, from on board to dropped off', () => {
    expect(minutesOver(ride({ on_board: at(5), dropped_off: at(65) }), 15).extra).toBe(0);
    expect(minutesOver(ride({ on_board: at(5), dropped_off: at(66) }), 15).extra).toBe(1);
    expect(minutesOver(ride({ on_board: at(5), dropped_off: at(30) }), 15).extra).toBe(0);
  });

  it('bills nothing over without the statuses', () => {
    expect(minutesOver(ride({}), 15)).toEqual({ waiting: 0, extra: 0 });
    expect(minutesOver(ride({ arrived: at(0) }), 15)).toEqual({ waiting: 0, extra: 0 });
  });
});

describe('draftLines', () => {
  it('prices time over at the booked price per minute', () => {
    const lines = draftLines(
      {
        priceCents: 12_000,
        depositCents: 2_500,
        lengthMinutes: 60,
        slotStart: PICKUP,
        statusTimes: { arrived: at(0), on_board: at(25), dropped_off: at(25 + 60 + 30) },
      },
      { waitingGraceMinutes: 15 },
    );
    expect(lines).toEqual([
      { kind: 'ride', label: 'Ride, 1 h as booked', amountCents: 12_000 },
      { kind: 'waiting', label: 'Waiting at pickup, 10 min beyond 15 min', amountCents: 2_000 },
      { kind: 'extra_time', label: 'Time beyond the booked length, 30 min', amountCents: 6_000 },
    ]);
  });

  it('bills a booking made before prices were kept at its deposit, for the owner to set', () => {
    const [line] = draftLines(
      {
        priceCents: null,
        depositCents: 2_500,
        lengthMinutes: 30,
        slotStart: PICKUP,
        statusTimes: {},
      },
      { waitingGraceMinutes: 15 },
    );
    expect(line?.amountCents).toBe(2_500);
  });
});

describe('totals', () => {
  const lines: BillLine[] = [
    { kind: 'ride', label: 'Ride', amountCents: 10_000 },
    { kind: 'toll', label: 'Tolls', amountCents: 750 },
    { kind: 'adjustment', label: 'Goodwill', amountCents: -1_000 },
  ];
  it('adds the lines, takes the deposit off, never below zero', () => {
    expect(billTotal(lines)).toBe(9_750);
    expect(billBalance(lines, 2_500)).toBe(7_250);
    expect(billBalance(lines, 20_000)).toBe(0);
  });
  it('tips a percentage of what the ride came to, to the cent', () => {
    expect(tipFor(lines, 20)).toBe(1_950);
    expect(tipFor(lines, 15)).toBe(1_463);
    expect(tipFor([{ kind: 'ride', label: 'Ride', amountCents: 0 }], 25)).toBe(0);
  });
  it('says minutes as the lines do', () => {
    expect(minutesInWords(20)).toBe('20 min');
    expect(minutesInWords(60)).toBe('1 h');
    expect(minutesInWords(65)).toBe('1 h 05 min');
  });
});
