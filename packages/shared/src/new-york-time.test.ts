import { describe, expect, it } from 'vitest';
import {
  formatNewYorkClock,
  formatNewYorkDayShort,
  formatNewYorkShort,
  formatNewYorkTime,
} from './new-york-time.ts';

describe('instants in New York time', () => {
  it('read the wall clock of New York, in and out of daylight saving time', () => {
    expect(formatNewYorkTime(new Date('2026-11-22T15:07:00Z'))).toBe('November 22, 2026, 10:07 AM');
    expect(formatNewYorkTime(new Date('2026-07-04T16:30:00Z'))).toBe('July 4, 2026, 12:30 PM');
    expect(formatNewYorkTime(new Date('2027-01-01T04:59:00Z'))).toBe('December 31, 2026, 11:59 PM');
  });

  it('read the time alone', () => {
    expect(formatNewYorkClock(new Date('2026-11-22T15:07:00Z'))).toBe('10:07 AM');
    expect(formatNewYorkClock(new Date('2026-07-04T04:00:00Z'))).toBe('12:00 AM');
  });
});

describe('instants in New York time, short', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('reads month, day and time, with the year only when it is another year', () => {
    expect(formatNewYorkShort(new Date('2026-11-27T20:05:00Z'), now)).toBe('Nov 27, 3:05 PM');
    expect(formatNewYorkShort(new Date('2026-07-04T16:30:00Z'), now)).toBe('Jul 4, 12:30 PM');
    // 04:59 UTC on New Year's Day is still December 31 in New York.
    expect(formatNewYorkShort(new Date('2027-01-01T04:59:00Z'), now)).toBe('Dec 31, 11:59 PM');
    expect(formatNewYorkShort(new Date('2025-11-27T20:05:00Z'), now)).toBe('Nov 27, 2025, 3:05 PM');
    expect(formatNewYorkDayShort(new Date('2026-11-27T20:05:00Z'), now)).toBe('Nov 27');
  });
});
