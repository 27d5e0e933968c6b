import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  billLabel,
  formatDayHeading,
  readScreenState,
  screenPath,
  slotKeyOfIso,
  todayIso,
} from './ride-view.ts';

describe('the Rides screen’s address', () => {
  it('reads what it writes, and writes only what differs from the defaults', () => {
    const state = readScreenState(
      'view=week&from=2026-12-01&to=2026-12-07&serviceId=abc&status=paid&q=ann%40x.com&page=3&ride=r1',
    );
    expect(state).toEqual({
      view: 'week',
      from: '2026-12-01',
      to: '2026-12-07',
      serviceId: 'abc',
      status: 'paid',
      q: 'ann@x.com',
      page: 3,
      ride: 'r1',
    });
    expect(readScreenState(screenPath(state).split('?')[1] ?? '')).toEqual(state);
    expect(screenPath(readScreenState(''))).toBe('/rides');
    expect(screenPath(readScreenState('view=day&from=2026-12-01'))).toBe(
      '/rides?view=day&from=2026-12-01',
    );
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(readScreenState('view=month&status=expired&page=-2')).toMatchObject({
      view: 'agenda',
      status: '',
      page: 1,
    });
  });
});

describe('New York days', () => {
  it('is today in New York, not in UTC', () => {
    // 03:30 UTC on 1 December is still 30 November in New York.
    expect(todayIso(new Date('2026-12-01T03:30:00Z'))).toBe('2026-11-30');
    expect(todayIso(new Date('2026-12-01T05:30:00Z'))).toBe('2026-12-01');
  });

  it('counts days across months, years and the clock changes', () => {
    expect(addDaysIso('2026-11-28', 6)).toBe('2026-12-04');
    expect(addDaysIso('2026-12-29', 6)).toBe('2027-01-04');
    expect(addDaysIso('2026-10-31', 7)).toBe('2026-11-07');
    expect(addDaysIso('2027-03-13', 1)).toBe('2027-03-14');
  });

  it('names a day as the slot keys do, and as the agenda heads it', () => {
    expect(slotKeyOfIso('2026-12-01')).toBe('1_12_2026');
    expect(formatDayHeading('1_12_2026')).toBe('Tuesday, December 1, 2026');
  });
});

describe('a bill on the board', () => {
  it('says its state, and what the payment link asks while the balance is due', () => {
    expect(billLabel({ status: 'draft', balanceCents: 4000, dueCents: null })).toBe('Bill to send');
    expect(billLabel({ status: 'payment_due', balanceCents: 4000, dueCents: 4800 })).toBe(
      'Balance due (payment link sent): $48.00',
    );
  });
});
