import {
  businessToday,
  formatSlotDateLong,
  formatSlotTime,
  monthName,
  slotDateKey,
  wallClockAt,
} from './slots.ts';

/**
 * `November 22, 2026, 10:07 AM`: an instant as New York's wall clock reads it (sessions, the
 * console). Its own module: the slot rules load with the first page, this only where it is shown.
 */
export function formatNewYorkTime(instant: Date): string {
  const wall = wallClockAt(instant);
  return `${formatSlotDateLong(slotDateKey(wall))}, ${formatSlotTime(wall.hour, wall.minute)}`;
}

/** `3:05 PM`: the New York wall clock's time alone, for a step of a day already named. */
export function formatNewYorkClock(instant: Date): string {
  const wall = wallClockAt(instant);
  return formatSlotTime(wall.hour, wall.minute);
}

/**
 * `Nov 27, 3:05 PM`: the same wall clock, short, for a list read on a phone (the console's
 * audit trail). The year is added only when it is not `now`'s year in New York.
 */
export function formatNewYorkShort(instant: Date, now: Date = instant): string {
  const wall = wallClockAt(instant);
  return `${formatNewYorkDayShort(instant, now)}, ${formatSlotTime(wall.hour, wall.minute)}`;
}

/** `Nov 27` (`Nov 27, 2025` in another year than `now`'s): a New York day, short. */
export function formatNewYorkDayShort(instant: Date, now: Date = instant): string {
  const wall = wallClockAt(instant);
  const day = `${monthName(wall.month).slice(0, 3)} ${wall.day}`;
  return wall.year === businessToday(now).year ? day : `${day}, ${wall.year}`;
}
