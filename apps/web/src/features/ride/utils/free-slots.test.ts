import { describe, expect, it } from 'vitest';
import { daysWithFreeSlots } from './free-slots.ts';

// 11:10 PM in New York on Sunday 22 November 2026: one slot (11:30 PM) is left today.
const NOW = new Date('2026-11-23T04:10:00Z');

describe('daysWithFreeSlots', () => {
  it('leaves out taken slots, and days with none left', () => {
    const days = daysWithFreeSlots(
      NOW,
      {
        '22_11_2026': ['11:30 PM'],
        '23_11_2026': ['12:00 AM', '12:30 AM'],
      },
      {},
      30,
    );
    expect(days[0]?.key).toBe('23_11_2026');
    expect(days[0]?.slots[0]?.label).toBe('1:00 AM');
    expect(days).toHaveLength(89);
  });

  it('offers only the starts where the ride and its turnaround fit before the next booking', () => {
    const days = daysWithFreeSlots(NOW, { '23_11_2026': ['9:00 AM'] }, {}, 90 + 30);
    const monday = days.find((day) => day.key === '23_11_2026');
    const labels = monday?.slots.map((slot) => slot.label) ?? [];
    expect(labels).toContain('7:00 AM');
    expect(labels).not.toContain('7:30 AM');
    expect(labels).not.toContain('8:30 AM');
    expect(labels).toContain('9:30 AM');
  });

  it('leaves out the starts the car cannot reach, and a day left with none', () => {
    const days = daysWithFreeSlots(
      NOW,
      { '23_11_2026': ['9:00 AM'] },
      { '22_11_2026': ['11:30 PM'], '23_11_2026': ['10:00 AM', '10:30 AM'] },
      30,
    );
    expect(days[0]?.key).toBe('23_11_2026');
    const labels = days[0]?.slots.map((slot) => slot.label) ?? [];
    expect(labels).toContain('9:30 AM');
    expect(labels).not.toContain('10:00 AM');
    expect(labels).not.toContain('10:30 AM');
    expect(labels).toContain('11:00 AM');
  });

  it('keeps today while it has a slot', () => {
    const days = daysWithFreeSlots(NOW, {}, {}, 30);
    expect(days[0]?.key).toBe('22_11_2026');
    expect(days[0]?.slots.map((slot) => slot.label)).toEqual(['11:30 PM']);
  });
});
