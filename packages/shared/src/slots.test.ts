import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_SLOT_TIMES,
  BOOKING_WINDOW_DAYS,
  BUSINESS_TIME_ZONE,
  businessToday,
  earliestSlotStart,
  formatDaySpoken,
  formatSlotDateLong,
  formatSlotSpoken,
  formatSlotTime,
  instantFromWallClock,
  isBookableSlot,
  listBookableDays,
  parseSlotDateKey,
  parseSlotTime,
  slotDateKey,
  slotOfInstant,
  slotsByDayPart,
  slotStartsAt,
  wallClockAt,
  type SlotDay,
} from './slots.ts';

const at = (iso: string) => new Date(iso);
const labels = (day: SlotDay | undefined) => day?.slots.map((s) => s.label) ?? [];
const dayOf = (days: SlotDay[], key: string) => days.find((d) => d.key === key);

function withZone(zone: string, run: () => void) {
  describe(`with the machine in ${zone}`, () => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = before;
    });
    run();
  });
}

describe('slot date keys', () => {
  it('are day_month_year without padding', () => {
    expect(slotDateKey({ year: 2026, month: 3, day: 5 })).toBe('5_3_2026');
    expect(slotDateKey({ year: 2026, month: 11, day: 22 })).toBe('22_11_2026');
  });

  it('parse back, refusing padding, junk and dates that do not exist', () => {
    expect(parseSlotDateKey('5_3_2026')).toEqual({ year: 2026, month: 3, day: 5 });
    for (const bad of [
      '05_3_2026',
      '5_03_2026',
      '31_2_2026',
      '0_1_2026',
      '5_13_2026',
      '5-3-2026',
      '',
      '5_3_26',
    ]) {
      expect(parseSlotDateKey(bad), bad).toBeNull();
    }
    expect(parseSlotDateKey('29_2_2028')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseSlotDateKey('29_2_2027')).toBeNull();
  });
});

describe('slot time labels', () => {
  it('read as the site shows them', () => {
    expect(formatSlotTime(0, 0)).toBe('12:00 AM');
    expect(formatSlotTime(9, 30)).toBe('9:30 AM');
    expect(formatSlotTime(12, 0)).toBe('12:00 PM');
    expect(formatSlotTime(23, 30)).toBe('11:30 PM');
  });

  it('parse back for every slot of the day and refuse times off the half-hour grid', () => {
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 30]) {
        expect(parseSlotTime(formatSlotTime(hour, minute))).toEqual({ hour, minute });
      }
    }
    for (const bad of ['9:15 AM', '09:30 AM', '13:00 PM', '0:30 AM', '9:30', '9:30 am', '']) {
      expect(parseSlotTime(bad), bad).toBeNull();
    }
  });
});

describe('the parts of the day', () => {
  const labels = (hours: number[]) =>
    hours.flatMap((h) => [0, 30].map((m) => formatSlotTime(h, m)));
  const grouped = (slots: string[]) =>
    slotsByDayPart(slots.map((label) => ({ label }))).map(({ part, slots: inPart }) => [
      part,
      inPart.map((slot) => slot.label),
    ]);

  it('group a whole day: morning until noon, afternoon until 5 PM, evening until midnight', () => {
    const day = labels(Array.from({ length: 24 }, (_, hour) => hour));
    expect(grouped(day)).toEqual([
      ['Morning', labels([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])],
      ['Afternoon', labels([12, 13, 14, 15, 16])],
      ['Evening', labels([17, 18, 19, 20, 21, 22, 23])],
    ]);
    expect(grouped(day).flatMap(([, inPart]) => inPart)).toEqual(day);
  });

  it('leave out a part with no slot left, and keep the order the slots came in', () => {
    expect(grouped(['11:30 AM', '5:00 PM', '11:30 PM'])).toEqual([
      ['Morning', ['11:30 AM']],
      ['Evening', ['5:00 PM', '11:30 PM']],
    ]);
    expect(grouped(['4:30 PM', '12:00 PM'])).toEqual([['Afternoon', ['4:30 PM', '12:00 PM']]]);
    expect(grouped([])).toEqual([]);
  });
});

describe('the New York wall clock', () => {
  /** The reading of the time-zone database (ICU's, through Intl) at an instant. */
  const tzdata = new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const readingOf = (instant: Date) => {
    const fields = Object.fromEntries(
      tzdata.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
    );
    const { year, month, day, hour, minute } = fields;
    return { year, month, day, hour, minute };
  };

  it('agrees with the time-zone database every hour from 2007 to 2045', () => {
    const end = Date.UTC(2046, 0, 1);
    for (let t = Date.UTC(2007, 0, 1); t < end; t += 3_600_000) {
      const instant = new Date(t);
      // One failure is enough to read: a loop of expects would print thousands.
      if (JSON.stringify(wallClockAt(instant)) !== JSON.stringify(readingOf(instant))) {
        expect(wallClockAt(instant), instant.toISOString()).toEqual(readingOf(instant));
      }
    }
  });

  it('agrees with it the minute before and after each change of offset', () => {
    const changes = ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2027-03-14T07:00:00Z'];
    for (const change of changes) {
      for (const delta of [-60_000, 0, 60_000]) {
        const instant = new Date(Date.parse(change) + delta);
        expect(wallClockAt(instant), instant.toISOString()).toEqual(readingOf(instant));
      }
    }
  });
});

describe('instants from New York wall-clock times', () => {
  it('use -5 h in winter and -4 h in summer', () => {
    expect(
      instantFromWallClock({ year: 2026, month: 1, day: 15, hour: 9, minute: 0 })?.toISOString(),
    ).toBe('2026-01-15T14:00:00.000Z');
    expect(
      instantFromWallClock({ year: 2026, month: 7, day: 15, hour: 9, minute: 0 })?.toISOString(),
    ).toBe('2026-07-15T13:00:00.000Z');
  });

  it('refuse the hour skipped in spring and take the first of the hour repeated in autumn', () => {
    expect(instantFromWallClock({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 })).toBeNull();
    expect(
      instantFromWallClock({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 })?.toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });
});

function describeBookingWindow() {
  it('covers 90 days from today in New York, today starting at the next half hour', () => {
    const days = listBookableDays(at('2026-11-22T15:07:00Z')); // 10:07 AM in New York
    expect(days).toHaveLength(BOOKING_WINDOW_DAYS);
    expect(days[0]?.key).toBe('22_11_2026');
    expect(days[0]).toMatchObject({
      weekday: 'SUN',
      monthShort: 'Nov',
      day: 22,
      month: 11,
      year: 2026,
    });
    expect(labels(days[0])[0]).toBe('10:30 AM');
    expect(labels(days[0]).at(-1)).toBe('11:30 PM');
    expect(days.at(-1)?.key).toBe('19_2_2027');
    expect(days[1]?.slots).toHaveLength(48);
    expect(labels(days[1])[0]).toBe('12:00 AM');
    expect(days[1]?.slots[0]?.startsAt.toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('keeps a slot that starts exactly now and drops one that started a minute ago', () => {
    expect(labels(listBookableDays(at('2026-11-22T15:30:00Z'))[0])[0]).toBe('10:30 AM');
    expect(labels(listBookableDays(at('2026-11-22T15:31:00Z'))[0])[0]).toBe('11:00 AM');
  });

  it('at 9:30 PM in New York, when the UTC date is already tomorrow, today is still today', () => {
    const days = listBookableDays(at('2026-11-23T02:31:00Z'));
    expect(days[0]?.key).toBe('22_11_2026');
    expect(labels(days[0])).toEqual(['10:00 PM', '10:30 PM', '11:00 PM', '11:30 PM']);
  });

  it('late at night today has no slot left but still opens the strip', () => {
    const days = listBookableDays(at('2026-11-23T04:45:00Z')); // 11:45 PM
    expect(days[0]?.key).toBe('22_11_2026');
    expect(days[0]?.slots).toEqual([]);
    expect(days).toHaveLength(BOOKING_WINDOW_DAYS);
  });

  it('on the spring-forward day has no 2:00 or 2:30 AM and keeps real time 30 minutes apart', () => {
    const day = dayOf(listBookableDays(at('2026-03-01T17:00:00Z')), '8_3_2026');
    expect(day?.slots).toHaveLength(46);
    expect(labels(day)).not.toContain('2:00 AM');
    expect(labels(day)).not.toContain('2:30 AM');
    const slot = (label: string) =>
      day?.slots.find((s) => s.label === label)?.startsAt.toISOString();
    expect(slot('1:30 AM')).toBe('2026-03-08T06:30:00.000Z');
    expect(slot('3:00 AM')).toBe('2026-03-08T07:00:00.000Z');
    expect(slot('11:30 PM')).toBe('2026-03-09T03:30:00.000Z');
  });

  it('on the fall-back day offers 1:00 and 1:30 AM once, at their first occurrence', () => {
    const day = dayOf(listBookableDays(at('2026-10-25T16:00:00Z')), '1_11_2026');
    expect(day?.slots).toHaveLength(48);
    expect(labels(day).filter((l) => l === '1:00 AM')).toHaveLength(1);
    const slot = (label: string) =>
      day?.slots.find((s) => s.label === label)?.startsAt.toISOString();
    expect(slot('1:00 AM')).toBe('2026-11-01T05:00:00.000Z');
    expect(slot('2:00 AM')).toBe('2026-11-01T07:00:00.000Z');
    expect(slot('11:30 PM')).toBe('2026-11-02T04:30:00.000Z');
  });

  it('leaves out booked slots of that date only', () => {
    const days = listBookableDays(at('2026-11-22T15:07:00Z'), {
      '23_11_2026': ['10:00 AM', '10:30 AM'],
    });
    expect(labels(dayOf(days, '23_11_2026'))).not.toContain('10:00 AM');
    expect(labels(dayOf(days, '23_11_2026'))).not.toContain('10:30 AM');
    expect(dayOf(days, '23_11_2026')?.slots).toHaveLength(46);
    expect(labels(dayOf(days, '24_11_2026'))).toContain('10:00 AM');
  });
}

describe('the booking window', () => {
  describeBookingWindow();
});
withZone('Pacific/Kiritimati', () => {
  it('the machine really is in a foreign zone', () => {
    expect(new Date('2026-11-22T12:00:00Z').getTimezoneOffset()).toBe(-14 * 60);
  });
  describeBookingWindow();
});
withZone('Pacific/Pago_Pago', () => {
  it('the machine really is in a foreign zone', () => {
    expect(new Date('2026-11-22T12:00:00Z').getTimezoneOffset()).toBe(11 * 60);
  });
  describeBookingWindow();
});

describe('bookable slots', () => {
  const now = at('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York

  it('accept a future slot inside the window, up to the last slot of day 90', () => {
    expect(isBookableSlot(now, '22_11_2026', '10:30 AM')).toBe(true);
    expect(isBookableSlot(now, '19_2_2027', '11:30 PM')).toBe(true);
  });

  it('refuse the past, day 91, times off the grid and times that do not exist', () => {
    expect(isBookableSlot(now, '22_11_2026', '10:00 AM')).toBe(false);
    expect(isBookableSlot(now, '21_11_2026', '11:30 PM')).toBe(false);
    expect(isBookableSlot(now, '20_2_2027', '12:00 AM')).toBe(false);
    expect(isBookableSlot(now, '23_11_2026', '10:15 AM')).toBe(false);
    expect(isBookableSlot(at('2026-03-01T17:00:00Z'), '8_3_2026', '2:30 AM')).toBe(false);
    expect(isBookableSlot(now, '23_11_2026', 'soon')).toBe(false);
  });

  it('map slot labels to instants and back', () => {
    const start = slotStartsAt('23_11_2026', '9:30 AM');
    expect(start?.toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(slotOfInstant(start as Date)).toEqual({ slotDate: '23_11_2026', slotTime: '9:30 AM' });
  });

  it('round the earliest start up to the half hour', () => {
    expect(earliestSlotStart(at('2026-11-22T15:07:00Z')).toISOString()).toBe(
      '2026-11-22T15:30:00.000Z',
    );
    expect(earliestSlotStart(at('2026-11-22T15:30:00Z')).toISOString()).toBe(
      '2026-11-22T15:30:00.000Z',
    );
    expect(businessToday(at('2026-11-23T04:59:00Z'))).toEqual({ year: 2026, month: 11, day: 22 });
  });
});

describe('days of the strip', () => {
  it('are spoken with the whole weekday and month, as Intl would say them', () => {
    const spoken = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const short = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
    for (const day of listBookableDays(at('2026-11-22T15:07:00Z'))) {
      const utcDay = Date.UTC(day.year, day.month - 1, day.day);
      expect(formatDaySpoken(day)).toBe(spoken.format(utcDay));
      expect(day.weekday).toBe(short.format(utcDay).toUpperCase());
    }
    expect(formatDaySpoken({ year: 2026, month: 11, day: 23 })).toBe('Monday, November 23');
  });
});

describe('appointment dates', () => {
  it('show as full month name, day, year', () => {
    expect(formatSlotDateLong('22_11_2026')).toBe('November 22, 2026');
    expect(formatSlotDateLong('5_3_2027')).toBe('March 5, 2027');
  });

  it('say a slot in words, weekday first', () => {
    expect(formatSlotSpoken('4_12_2026', '9:30 AM')).toBe('Friday, December 4, 2026 at 9:30 AM');
    expect(formatSlotSpoken('not a date', '9:30 AM')).toBe('not a date 9:30 AM');
  });
});

describe('DAY_SLOT_TIMES', () => {
  it('lists every half-hour start of a day, as parseSlotTime reads them', () => {
    expect(DAY_SLOT_TIMES).toHaveLength(48);
    expect(DAY_SLOT_TIMES.slice(0, 3)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM']);
    expect(DAY_SLOT_TIMES.at(-1)).toBe('11:30 PM');
    expect(DAY_SLOT_TIMES.every((label) => parseSlotTime(label) !== null)).toBe(true);
  });
});
