/**
 * Booking slots, computed in the business's time zone whatever the zone of the machine running
 * this code. One implementation serves the day strip in the browser and the checks on the server.
 *
 * Slots are built from wall-clock fields (00:00, 00:30, ... 23:30 on a calendar day in New York)
 * and turned into instants one by one, never as "midnight + n x 30 minutes": DST days last 23 or
 * 25 hours. On the spring-forward day 2:00 and 2:30 AM do not exist and are left out; on the
 * fall-back day 1:00 and 1:30 AM happen twice and are offered once, at their first occurrence.
 */

export const BUSINESS_TIME_ZONE = 'America/New_York';
export const BOOKING_WINDOW_DAYS = 90;
export const SLOT_MINUTES = 30;
export const SLOTS_PER_ROW = 5;

const SLOT_MS = SLOT_MINUTES * 60_000;
// Names written out rather than asked of Intl, like New York's offset below: the booking form
// computes its dates while it is drawn, and a phone's first date formatter is slow.
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
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

export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
}

export interface Slot {
  /** The time label the site shows and `slots_booked` lists, e.g. `9:30 AM`. */
  label: string;
  /** The instant the slot starts at. */
  startsAt: Date;
}

export interface SlotDay extends CalendarDate {
  /** `d_m_yyyy`, the key of `slots_booked`. */
  key: string;
  /** `MON` */
  weekday: string;
  /** `Nov` */
  monthShort: string;
  slots: Slot[];
}

/** Dates taken so far, as the service list sends them: `d_m_yyyy` to time labels. */
export type SlotsBooked = Record<string, readonly string[]>;

const HOUR_MS = 3_600_000;

/** The day of the month of a month's `n`th Sunday (`monthIndex` 0 to 11). */
function nthSunday(year: number, monthIndex: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

/**
 * New York's offset from UTC at an instant, by the US rule in force since 2007: daylight time
 * (UTC-4) from the second Sunday of March at 2:00 standard time (07:00 UTC) to the first Sunday
 * of November at 2:00 daylight time (06:00 UTC), standard time (UTC-5) the rest of the year.
 * Written out rather than asked of Intl: a phone's first date formatter costs it tens of
 * milliseconds (ICU's set-up), which the booking form paid while being drawn. The tests hold
 * the rule to the time-zone database (`America/New_York`) hour by hour over decades.
 */
function offsetMsAt(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const daylightFrom = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const daylightUntil = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return epochMs >= daylightFrom && epochMs < daylightUntil ? -4 * HOUR_MS : -5 * HOUR_MS;
}

/** The wall-clock reading in New York at an instant. */
export function wallClockAt(instant: Date): WallClock {
  const shifted = new Date(instant.getTime() + offsetMsAt(instant.getTime()));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

function utcOfWallClock(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
}

function sameWallClock(a: WallClock, b: WallClock): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute
  );
}

/**
 * The instant a New York wall-clock time happens, or null when it does not exist (the hour
 * skipped in spring). A repeated time (the hour repeated in autumn) gives its first occurrence.
 */
export function instantFromWallClock(w: WallClock): Date | null {
  const asUtc = utcOfWallClock(w);
  // The earlier of the two candidate offsets around the instant wins for repeated times.
  const before = asUtc - offsetMsAt(asUtc - 86_400_000);
  const after = asUtc - offsetMsAt(asUtc + 86_400_000);
  for (const candidate of before <= after ? [before, after] : [after, before]) {
    if (sameWallClock(wallClockAt(new Date(candidate)), w)) return new Date(candidate);
  }
  return null;
}

/** `d_m_yyyy`, unpadded: 5 March 2026 is `5_3_2026`. */
export function slotDateKey(date: CalendarDate): string {
  return `${date.day}_${date.month}_${date.year}`;
}

const SLOT_DATE_KEY = /^([1-9]\d?)_([1-9]\d?)_(\d{4})$/;

/** Parses a `d_m_yyyy` key, refusing padding and dates that do not exist (31_2_2026). */
export function parseSlotDateKey(key: string): CalendarDate | null {
  const match = SLOT_DATE_KEY.exec(key);
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return null;
  return date;
}

/** `12:00 AM`, `9:30 AM`, `12:30 PM`, `11:30 PM`. */
export function formatSlotTime(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

const SLOT_TIME_LABEL = /^(1[0-2]|[1-9]):(00|30) (AM|PM)$/;

/** Every start of a day's grid, `12:00 AM` to `11:30 PM`, as the API takes them. */
export const DAY_SLOT_TIMES: readonly string[] = Array.from(
  { length: (24 * 60) / SLOT_MINUTES },
  (_, i) => formatSlotTime(Math.floor((i * SLOT_MINUTES) / 60), (i * SLOT_MINUTES) % 60),
);

/** Parses a slot label; only times on the half-hour grid are slots. */
export function parseSlotTime(label: string): { hour: number; minute: number } | null {
  const match = SLOT_TIME_LABEL.exec(label);
  if (!match) return null;
  const hour12 = Number(match[1]) % 12;
  return { hour: match[3] === 'PM' ? hour12 + 12 : hour12, minute: Number(match[2]) };
}

/** The parts of the day the time grid groups a day's slots into, in the day's order. */
export const DAY_PARTS = ['Morning', 'Afternoon', 'Evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Morning until noon, afternoon until 5 PM, evening until midnight (the wall clock's hour). */
function dayPartOf(hour: number): DayPart {
  if (hour < 12) return 'Morning';
  return hour < 17 ? 'Afternoon' : 'Evening';
}

/** A day's slots by the part of the day they start in, in order; parts with none left out. */
export function slotsByDayPart<T extends { label: string }>(
  slots: readonly T[],
): { part: DayPart; slots: T[] }[] {
  const parts = DAY_PARTS.map((part) => ({ part, slots: [] as T[] }));
  for (const slot of slots) {
    const time = parseSlotTime(slot.label);
    if (!time) continue;
    parts[DAY_PARTS.indexOf(dayPartOf(time.hour))]?.slots.push(slot);
  }
  return parts.filter((group) => group.slots.length > 0);
}

/** The instant a slot starts, or null when the date, the label or the time does not exist. */
export function slotStartsAt(dateKey: string, timeLabel: string): Date | null {
  const date = parseSlotDateKey(dateKey);
  const time = parseSlotTime(timeLabel);
  return date && time ? instantFromWallClock({ ...date, ...time }) : null;
}

/** The slot key and label of an instant on the half-hour grid. */
export function slotOfInstant(instant: Date): { slotDate: string; slotTime: string } {
  const wall = wallClockAt(instant);
  return { slotDate: slotDateKey(wall), slotTime: formatSlotTime(wall.hour, wall.minute) };
}

/** The first slot start a customer may book: now, rounded up to the next half hour. */
export function earliestSlotStart(now: Date): Date {
  // New York's offsets are whole hours, so rounding the instant rounds the wall clock too.
  return new Date(Math.ceil(now.getTime() / SLOT_MS) * SLOT_MS);
}

/** The calendar date `days` after `date` (before, when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Today's calendar date in New York. */
export function businessToday(now: Date): CalendarDate {
  const { year, month, day } = wallClockAt(now);
  return { year, month, day };
}

/** A calendar date as ISO 8601 writes it (and a date input's value): `2026-11-25`. */
export function isoDateOf({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The last calendar day of the booking window (today is the first of its 90 days). */
export function lastBookableDay(now: Date): CalendarDate {
  return addDays(businessToday(now), BOOKING_WINDOW_DAYS - 1);
}

/** New York's midnight starting a day. */
export function midnightOf(date: CalendarDate): Date {
  // Midnight exists every day in New York (its DST changes happen at 2 AM).
  return instantFromWallClock({ ...date, hour: 0, minute: 0 }) as Date;
}

function slotsOfDay(date: CalendarDate, earliest: Date, booked: ReadonlySet<string>): Slot[] {
  const start = midnightOf(date).getTime();
  const end = midnightOf(addDays(date, 1)).getTime();
  const regularDay = end - start === 86_400_000;
  const slots: Slot[] = [];
  for (let hour = 0; hour < 24; hour++) {
    for (let minute = 0; minute < 60; minute += SLOT_MINUTES) {
      // On the 363 ordinary days the offset is fixed, which spares a time-zone lookup per slot.
      const instant = regularDay
        ? new Date(start + (hour * 60 + minute) * 60_000)
        : instantFromWallClock({ ...date, hour, minute });
      if (!instant || instant < earliest) continue;
      const label = formatSlotTime(hour, minute);
      if (!booked.has(label)) slots.push({ label, startsAt: instant });
    }
  }
  return slots;
}

/**
 * The booking window as the day strip shows it: 90 days from today in New York, each with its
 * free 30-minute slots until midnight; today's start at the next half hour; booked slots left out.
 */
export function listBookableDays(now: Date, slotsBooked: SlotsBooked = {}): SlotDay[] {
  const today = businessToday(now);
  const earliest = earliestSlotStart(now);
  const days: SlotDay[] = [];
  for (let offset = 0; offset < BOOKING_WINDOW_DAYS; offset++) {
    const date = addDays(today, offset);
    const key = slotDateKey(date);
    days.push({
      ...date,
      key,
      weekday: weekdayOf(date).slice(0, 3).toUpperCase(),
      monthShort: (MONTHS[date.month - 1] ?? '').slice(0, 3),
      slots: slotsOfDay(date, earliest, new Set(slotsBooked[key] ?? [])),
    });
  }
  return days;
}

/**
 * One day of the booking window with its starts, as the day strip has them (today's from the
 * next half hour), before any is taken; none for a day outside the window or a key that is no day.
 */
export function bookableSlotsOn(now: Date, dateKey: string): Slot[] {
  const date = parseSlotDateKey(dateKey);
  if (!date) return [];
  const day = midnightOf(date);
  if (day < midnightOf(businessToday(now)) || day > midnightOf(lastBookableDay(now))) return [];
  return slotsOfDay(date, earliestSlotStart(now), new Set());
}

/** Whether a slot may be booked at `now`: a real slot, not started, inside the 90-day window. */
export function isBookableSlot(now: Date, dateKey: string, timeLabel: string): boolean {
  const startsAt = slotStartsAt(dateKey, timeLabel);
  if (!startsAt || startsAt < earliestSlotStart(now)) return false;
  return startsAt < midnightOf(addDays(lastBookableDay(now), 1));
}

/** `November` for 11. */
export function monthName(month: number): string {
  return MONTHS[month - 1] ?? '';
}

/** `Monday`: the day of the week of a date. */
export function weekdayOf(date: CalendarDate): string {
  return WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? '';
}

/** `Monday, November 23`: a day of the strip as a screen reader says it. */
export function formatDaySpoken(date: CalendarDate): string {
  return `${weekdayOf(date)}, ${MONTHS[date.month - 1]} ${date.day}`;
}

/** `November 22, 2026`: how appointments show their `d_m_yyyy` date. */
export function formatSlotDateLong(dateKey: string): string {
  const date = parseSlotDateKey(dateKey);
  if (!date) return dateKey;
  return `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
}

/**
 * `Friday, December 4, 2026 at 9:30 AM`: a slot in words, for pages outside the site (the
 * sandbox checkout); the date key as given when it is not one.
 */
export function formatSlotSpoken(dateKey: string, timeLabel: string): string {
  const date = parseSlotDateKey(dateKey);
  if (!date) return `${dateKey} ${timeLabel}`.trim();
  return `${formatDaySpoken(date)}, ${date.year} at ${timeLabel}`;
}
