import { businessToday, instantFromWallClock, type CalendarDate } from '@app/shared';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface Period {
  title: string;
  label: string;
  from: Date;
  until: Date;
  /** Each New York day of the period, in order. */
  days: CalendarDate[];
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** New York's midnight starting a day: it exists every day (the clocks change at 2 AM). */
function midnight(date: CalendarDate): Date {
  return instantFromWallClock({ ...date, hour: 0, minute: 0 }) as Date;
}

function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function periodOf(title: string, label: string, first: CalendarDate, length: number): Period {
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  return { title, label, from: midnight(first), until: midnight(addDays(first, length)), days };
}

/** The New York week (Monday to Sunday) holding `now`. */
export function thisWeek(now: Date): Period {
  const today = businessToday(now);
  const monday = addDays(today, -((weekday(today) + 6) % 7));
  const sunday = addDays(monday, 6);
  const label =
    monday.month === sunday.month
      ? `${MONTHS[monday.month - 1]} ${monday.day} – ${sunday.day}, ${sunday.year}`
      : `${MONTHS[monday.month - 1]} ${monday.day}${monday.year === sunday.year ? '' : `, ${monday.year}`} – ${MONTHS[sunday.month - 1]} ${sunday.day}, ${sunday.year}`;
  return periodOf('This week', label, monday, 7);
}

/** The New York calendar month holding `now`. */
export function thisMonth(now: Date): Period {
  const { year, month } = businessToday(now);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return periodOf('This month', `${MONTHS[month - 1]} ${year}`, { year, month, day: 1 }, length);
}

/** `2026-11-16` and `Mon 16`. */
export function dayKeys(date: CalendarDate): { date: string; label: string } {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${date.year}-${two(date.month)}-${two(date.day)}`,
    label: `${WEEKDAYS[weekday(date)]} ${date.day}`,
  };
}
