import { describe, expect, it } from 'vitest';
import { formatNewYorkTime } from './new-york-time.ts';

describe('instants in New York time', () => {
  it('read the wall clock of New York, in and out of daylight saving time', () => {
    expect(formatNewYorkTime(new Date('2026-11-22T15:07:00Z'))).toBe('November 22, 2026, 10:07 AM');
    expect(formatNewYorkTime(new Date('2026-07-04T16:30:00Z'))).toBe('July 4, 2026, 12:30 PM');
    expect(formatNewYorkTime(new Date('2027-01-01T04:59:00Z'))).toBe('December 31, 2026, 11:59 PM');
  });
});
