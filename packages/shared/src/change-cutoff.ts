/**
 * How many hours before pickup a customer may still move or cancel a paid ride online
 * (`CHANGE_CUTOFF_HOURS`); after it, changes go through the business by phone. The server
 * enforces it (`mayStillChange`); the site's build reads the same setting to say it in the
 * policy ("up to 24 hours before pickup").
 *
 * Hours of elapsed time, not the same wall-clock time a day earlier: the customer is told
 * hours, the setting counts hours, and the reminders are real durations too. On the weekends New
 * York's clocks change, the limit therefore reads an hour off the pickup's time: a 9:00 AM
 * pickup on the Sunday clocks spring forward may be changed until 8:00 AM on Saturday, one on
 * the Sunday they fall back until 10:00 AM on Saturday.
 */
export const DEFAULT_CHANGE_CUTOFF_HOURS = 24;
export const MAX_CHANGE_CUTOFF_HOURS = 24 * 30;

/** The last instant a ride picked up at `pickup` may be changed online: `cutoffHours` before. */
export function changeDeadline(pickup: Date, cutoffHours: number): Date {
  return new Date(pickup.getTime() - cutoffHours * 3_600_000);
}

/** Whether a ride picked up at `pickup` may still be changed online at `now` (the limit included). */
export function mayStillChange(pickup: Date, now: Date, cutoffHours: number): boolean {
  return now.getTime() <= changeDeadline(pickup, cutoffHours).getTime();
}

/** The setting as an environment gives it; anything but a whole number in range is the default. */
export function changeCutoffHoursFromEnv(env: Readonly<Record<string, unknown>>): number {
  const raw = env.CHANGE_CUTOFF_HOURS;
  const hours = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isInteger(hours) && hours >= 0 && hours <= MAX_CHANGE_CUTOFF_HOURS
    ? hours
    : DEFAULT_CHANGE_CUTOFF_HOURS;
}

const LEAD_UNITS = { s: 'second', m: 'minute', h: 'hour', d: 'day' } as const;

/** `24h` as `24 hours`, `1d` as `1 day`; null when it is not such a duration. */
export function durationInWords(setting: string): string | null {
  const match = /^(\d+)([smhd])$/.exec(setting.trim());
  if (!match) return null;
  const count = Number(match[1]);
  const unit = LEAD_UNITS[match[2] as keyof typeof LEAD_UNITS];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * When the two reminders go before pickup (`REMINDER_FIRST`, `REMINDER_SECOND`, defaults 24h
 * and 2h), in words, for the site's "what happens next".
 */
export function reminderLeadsFromEnv(env: Readonly<Record<string, unknown>>): [string, string] {
  const words = (name: string, fallback: string) => {
    const raw = env[name];
    return (typeof raw === 'string' && durationInWords(raw)) || fallback;
  };
  return [words('REMINDER_FIRST', '24 hours'), words('REMINDER_SECOND', '2 hours')];
}
