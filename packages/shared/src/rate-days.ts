import { parseSlotDateKey, type CalendarDate } from './slots.ts';

/*
 * When the night, weekend and holiday flat rate applies to a ride: a pickup from 8 PM to
 * before 6 AM, on a Saturday or Sunday, or on a US federal holiday or Massachusetts' Patriots'
 * Day (New York time, like the slots). Holidays fall on their own date, not on an observed
 * weekday: a holiday on a Sunday is a weekend anyway.
 */

export type RateDay = 'regular' | 'night' | 'weekend' | 'holiday';

export const NIGHT_STARTS_HOUR = 20;
export const NIGHT_ENDS_HOUR = 6;

function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The day of the month of the `nth` (1-based; -1 for the last) `dayOfWeek` of a month. */
function nthWeekday(year: number, month: number, dayOfWeek: number, nth: number): number {
  if (nth > 0) {
    const first = weekday({ year, month, day: 1 });
    return 1 + ((dayOfWeek - first + 7) % 7) + (nth - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday({ year, month, day: lastDay });
  return lastDay - ((last - dayOfWeek + 7) % 7);
}

/*
 * The hour of a slot label read here, not with slots.ts's parseSlotTime: slots.ts sits in the
 * home page's first chunk, where every export of it the car page uses would land too.
 */
const LABEL_HOUR = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

function hourOf(label: string): number | null {
  const match = LABEL_HOUR.exec(label);
  if (!match) return null;
  return (Number(match[1]) % 12) + (match[2] === 'PM' ? 12 : 0);
}

const MON = 1;
const THU = 4;

/** The holiday on a date, by name, or null. */
export function holidayOn(date: CalendarDate): string | null {
  const { year, month, day } = date;
  const fixed: Record<string, string> = {
    '1-1': "New Year's Day",
    '6-19': 'Juneteenth',
    '7-4': 'Independence Day',
    '11-11': 'Veterans Day',
    '12-25': 'Christmas Day',
  };
  const named = fixed[`${month}-${day}`];
  if (named) return named;
  const floating: [number, number, number, string][] = [
    [1, MON, 3, 'Martin Luther King Jr. Day'],
    [2, MON, 3, "Presidents' Day"],
    [4, MON, 3, "Patriots' Day"],
    [5, MON, -1, 'Memorial Day'],
    [9, MON, 1, 'Labor Day'],
    [10, MON, 2, "Indigenous Peoples' Day"],
    [11, THU, 4, 'Thanksgiving'],
  ];
  for (const [m, dow, nth, name] of floating) {
    if (m === month && nthWeekday(year, m, dow, nth) === day) return name;
  }
  return null;
}

/**
 * Which rate a pickup at this slot takes: a holiday first, then the weekend, then the night.
 * A slot that does not parse takes the regular rate.
 */
export function rateDayOf(dateKey: string, timeLabel?: string): RateDay {
  const date = parseSlotDateKey(dateKey);
  if (!date) return 'regular';
  if (holidayOn(date)) return 'holiday';
  const dow = weekday(date);
  if (dow === 0 || dow === 6) return 'weekend';
  const hour = timeLabel ? hourOf(timeLabel) : null;
  if (hour !== null && (hour >= NIGHT_STARTS_HOUR || hour < NIGHT_ENDS_HOUR)) return 'night';
  return 'regular';
}
