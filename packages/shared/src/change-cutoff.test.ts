import { describe, expect, it } from 'vitest';
import { changeDeadline, mayStillChange } from './change-cutoff.ts';
import { formatNewYorkTime } from './new-york-time.ts';
import { slotStartsAt } from './slots.ts';

/*
 * "Up to 24 hours before pickup" is 24 hours of elapsed time, not the same wall-clock time the
 * day before: on the weekends New York's clocks change, the limit reads an hour off the pickup's
 * time. (This project runs far from New York, TZ=Asia/Kolkata: nothing leans on the machine's
 * zone.)
 */
describe('the change cut-off on the weekends clocks change', () => {
  it.each([
    // Sunday 8 March 2026: 2 AM EST becomes 3 AM EDT; Saturday has one more hour of EST.
    ['spring forward', '8_3_2026', 'March 7, 2026, 8:00 AM'],
    // Sunday 1 November 2026: 2 AM EDT becomes 1 AM EST; Saturday is still EDT.
    ['fall back', '1_11_2026', 'October 31, 2026, 10:00 AM'],
  ])(
    'a 9:00 AM pickup on the Sunday clocks %s (%s) may be changed until %s',
    (_, day, deadline) => {
      const pickup = slotStartsAt(day, '9:00 AM') as Date;
      const last = changeDeadline(pickup, 24);
      expect(pickup.getTime() - last.getTime()).toBe(24 * 3_600_000);
      expect(formatNewYorkTime(last)).toBe(deadline);
      expect(mayStillChange(pickup, last, 24)).toBe(true);
      expect(mayStillChange(pickup, new Date(last.getTime() + 1), 24)).toBe(false);
      // 9:00 AM the day before is on the wrong side of the limit by an hour either way.
      const dayBeforeAtNine = slotStartsAt(
        day === '8_3_2026' ? '7_3_2026' : '31_10_2026',
        '9:00 AM',
      ) as Date;
      expect(mayStillChange(pickup, dayBeforeAtNine, 24)).toBe(day === '1_11_2026');
    },
  );

  it('counts any setting in elapsed hours, 0 meaning up to the pickup itself', () => {
    const pickup = slotStartsAt('8_3_2026', '9:00 AM') as Date;
    expect(changeDeadline(pickup, 48).getTime()).toBe(pickup.getTime() - 48 * 3_600_000);
    expect(mayStillChange(pickup, pickup, 0)).toBe(true);
    expect(mayStillChange(pickup, new Date(pickup.getTime() + 1), 0)).toBe(false);
  });
});
