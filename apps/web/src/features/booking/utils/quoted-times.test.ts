import { describe, expect, it } from 'vitest';
import type { LegQuote, SlotDay } from '@app/shared';
import { driveText } from './drive-text.ts';
import { differingPrices, offeredDay, quotedNightTimes, usualPrice } from './quoted-times.ts';

const start = (slotTime: string, price: number, flatRate = false) => ({
  slotTime,
  lengthMinutes: 60,
  price,
  flatRate,
});

/** A Tuesday that is no holiday, with four times. */
const day = (labels: string[]): SlotDay =>
  ({
    key: '1_12_2026',
    slots: labels.map((label) => ({ label, startsAt: new Date(0) })),
  }) as unknown as SlotDay;

describe('the grid from the quote', () => {
  const starts = [
    start('5:30 AM', 185, true),
    start('6:00 AM', 115),
    start('6:30 AM', 115),
    start('9:00 PM', 185, true),
  ];

  it('offers only the starts the quote has, never saying why', () => {
    const shown = offeredDay(day(['5:00 AM', '5:30 AM', '6:00 AM', '6:30 AM', '9:00 PM']), starts);
    expect(shown.slots.map((slot) => slot.label)).toEqual([
      '5:30 AM',
      '6:00 AM',
      '6:30 AM',
      '9:00 PM',
    ]);
  });

  it('prices only the times that differ from the day’s usual price', () => {
    expect(usualPrice(starts)).toBe(115);
    expect([...differingPrices(starts)]).toEqual([
      ['5:30 AM', '$185'],
      ['9:00 PM', '$185'],
    ]);
    expect(differingPrices([start('9:00 AM', 115), start('9:30 AM', 115)]).size).toBe(0);
    expect(usualPrice([])).toBeUndefined();
  });

  it('dots a weekday’s night times at the flat rate, with both prices', () => {
    const night = quotedNightTimes(day([]), starts);
    expect([...(night?.times ?? [])]).toEqual(['5:30 AM', '9:00 PM']);
    expect(night?.note).toBe(
      'Dotted times are night pickups at the flat rate: $185 for this ride, against $115 by day.',
    );
  });

  it('dots nothing when every time takes the flat rate (a weekend) or none does', () => {
    const saturday = { ...day([]), key: '5_12_2026' } as SlotDay;
    expect(quotedNightTimes(saturday, [start('9:00 AM', 185, true)])).toBeUndefined();
    expect(quotedNightTimes(day([]), [start('9:00 AM', 115)])).toBeUndefined();
  });
});

describe('driveText', () => {
  const leg: LegQuote = {
    route: { minutes: 38, miles: 24.27, bookedMinutes: 45, source: 'offline' },
    lengthFrom: 'route',
    lengthMinutes: 75,
    starts: [],
    price: null,
  };

  it('says the drive and the booked length with its waiting', () => {
    expect(driveText(leg)).toBe(
      'About 38 min, 24.3 miles from pickup to drop-off: booked for 1 h 15 min.',
    );
  });

  it('says nothing where the route did not decide the length', () => {
    expect(driveText({ ...leg, route: null, lengthFrom: 'chosen' })).toBeUndefined();
  });
});
