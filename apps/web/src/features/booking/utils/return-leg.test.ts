import { describe, expect, it } from 'vitest';
import { listBookableDays, slotStartsAt, type SlotDay } from '@app/shared';
import { returnDays, returnStarts, type ReturnLegContext } from './return-leg.ts';

// Sunday 22 November 2026, 10:07 AM in New York.
const NOW = new Date('2026-11-22T15:07:00Z');
const days = listBookableDays(NOW);
const tuesday = days.find((day) => day.key === '24_11_2026') as SlotDay;
const wednesday = days.find((day) => day.key === '25_11_2026') as SlotDay;

const context = (overrides: Partial<ReturnLegContext> = {}): ReturnLegContext => ({
  days,
  busy: [],
  firstBackAt: slotStartsAt('24_11_2026', '2:00 PM') as Date,
  kind: 'ride',
  turnaround: 30,
  ...overrides,
});
const labels = (ctx: ReturnLegContext, day: SlotDay) =>
  returnStarts(ctx, day, 1).map((slot) => slot.label);

describe("a round trip's return starts", () => {
  it('start once the first leg is back, on any free time', () => {
    expect(labels(context(), tuesday)[0]).toBe('2:00 PM');
    expect(labels(context(), tuesday)).toHaveLength(20);
  });

  it('on the day the quote answered for, are only those it offers: the car must reach them', () => {
    const offered = { dayKey: '24_11_2026', times: new Set(['3:00 PM', '5:30 PM', '1:00 PM']) };
    // 1:00 PM is offered but before the first leg is back: still not a return start.
    expect(labels(context({ offered }), tuesday)).toEqual(['3:00 PM', '5:30 PM']);
    // Another day keeps every free start: the quote said nothing of it.
    expect(labels(context({ offered }), wednesday)).toHaveLength(48);
    // A day whose every start the quote leaves out is no return day.
    const none = { dayKey: '24_11_2026', times: new Set<string>() };
    expect(returnDays(context({ offered: none }), 1).map((day) => day.key)).not.toContain(
      '24_11_2026',
    );
  });
});
