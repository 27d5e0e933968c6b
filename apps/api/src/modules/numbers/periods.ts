import {
  addDays,
  businessToday,
  midnightOf,
  monthName,
  weekdayOf,
  type CalendarDate,
} from '@app/shared';

export interface Period {
  title: string;
  label: string;
  from: Date;
  until: Date;
  /** Each New York day of the period, in order. */
  days: CalendarDate[];
}

function periodOf(title: string, label: string, first: CalendarDate, length: number): Period {
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  return { title, label, from: midnightOf(first), until: midnightOf(addDays(first, length)), days };
}

/** The New York week (Monday to Sunday) holding `now`. */
export function thisWeek(now: Date): Period {
  const today = businessToday(now);
  const sinceMonday =
    (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  const sunday = addDays(monday, 6);
  const label =
    monday.month === sunday.month
      ? `${monthName(monday.month)} ${monday.day} – ${sunday.day}, ${sunday.year}`
      : `${monthName(monday.month)} ${monday.day}${monday.year === sunday.year ? '' : `, ${monday.year}`} – ${monthName(sunday.month)} ${sunday.day}, ${sunday.year}`;
  return periodOf('This week', label, monday, 7);
}

/** The New York calendar month holding `now`. */
export function thisMonth(now: Date): Period {
  const { year, month } = businessToday(now);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return periodOf('This month', `${monthName(month)} ${year}`, { year, month, day: 1 }, length);
}

/** `2026-11-16` and `Mon 16`. */
export function dayKeys(date: CalendarDate): { date: string; label: string } {
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${date.year}-${two(date.month)}-${two(date.day)}`,
    label: `${weekdayOf(date).slice(0, 3)} ${date.day}`,
  };
}
