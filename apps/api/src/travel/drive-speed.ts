import { holidayOn, wallClockAt, type DriveBand } from '@app/shared';

/** Local hours `[fromHour, toHour)` in New York; a window whose end is before its start runs past midnight. */
export interface HourWindow {
  fromHour: number;
  toHour: number;
}

/**
 * What the offline estimate assumes about the roads, for the owner to tune from real rides
 * and their times. Speeds are door-to-door averages, not limits.
 */
export interface TravelSettings {
  /** Road miles per straight-line mile (a road network is rarely straight; 1.3 is typical). */
  roadFactor: number;
  /** Average speed in the day outside rush hours, in miles per hour. */
  dayMph: number;
  /** Average speed at night, any day of the week. */
  nightMph: number;
  /** How many times longer the same drive takes in a weekday rush hour. */
  rushMultiplier: number;
  /** Weekday rush hours (not on weekends or holidays). */
  rushHours: readonly HourWindow[];
  night: HourWindow;
  /** The shortest drive: getting out of one street and into another takes time whatever the distance. */
  minimumMinutes: number;
}

/**
 * Chosen against the drives in `offline-travel-time.test.ts` (Norfolk to Logan, Boston to
 * Providence, Norfolk to T. F. Green): each within 25 % of its typical off-peak time.
 */
export const DEFAULT_TRAVEL_SETTINGS: TravelSettings = {
  roadFactor: 1.3,
  dayMph: 48,
  nightMph: 56,
  rushMultiplier: 1.5,
  rushHours: [
    { fromHour: 7, toHour: 9 },
    { fromHour: 16, toHour: 19 },
  ],
  night: { fromHour: 22, toHour: 6 },
  minimumMinutes: 15,
};

/** Refuses settings that would make the estimate meaningless (a zero speed never arrives). */
export function checkTravelSettings(settings: TravelSettings): TravelSettings {
  const positive = {
    roadFactor: settings.roadFactor,
    dayMph: settings.dayMph,
    nightMph: settings.nightMph,
    rushMultiplier: settings.rushMultiplier,
  };
  for (const [name, value] of Object.entries(positive)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be above 0`);
  }
  if (!Number.isFinite(settings.minimumMinutes) || settings.minimumMinutes < 0) {
    throw new RangeError('minimumMinutes must be 0 or more');
  }
  for (const window of [...settings.rushHours, settings.night]) {
    for (const hour of [window.fromHour, window.toHour]) {
      if (!Number.isInteger(hour) || hour < 0 || hour > 24) {
        throw new RangeError('hour windows take whole hours from 0 to 24');
      }
    }
  }
  return settings;
}

function within(hour: number, window: HourWindow): boolean {
  return window.fromHour <= window.toHour
    ? hour >= window.fromHour && hour < window.toHour
    : hour >= window.fromHour || hour < window.toHour;
}

/** Which kind of hour `instant` is, by New York's wall clock (DST included). */
export function driveBandAt(instant: Date, settings: TravelSettings): DriveBand {
  const wall = wallClockAt(instant);
  const dayOfWeek = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  const workday = dayOfWeek >= 1 && dayOfWeek <= 5 && holidayOn(wall) === null;
  if (workday && settings.rushHours.some((window) => within(wall.hour, window))) return 'rush';
  return within(wall.hour, settings.night) ? 'night' : 'day';
}

/** The average speed of a drive under way at `instant`. */
export function speedMphAt(instant: Date, settings: TravelSettings): number {
  switch (driveBandAt(instant, settings)) {
    case 'rush':
      return settings.dayMph / settings.rushMultiplier;
    case 'night':
      return settings.nightMph;
    case 'day':
      return settings.dayMph;
  }
}

const HOUR_MS = 3_600_000;

/**
 * Minutes to drive `miles` leaving at `departAt`, hour by hour: a drive that starts at 6:50 AM
 * runs its first ten minutes at the day's speed and the rest in the rush. New York's offsets
 * are whole hours, so its hours start where UTC's do.
 */
export function driveMinutes(miles: number, departAt: Date, settings: TravelSettings): number {
  let at = departAt.getTime();
  if (!Number.isFinite(at)) throw new RangeError('departAt is not a valid date');
  let left = miles;
  let minutes = 0;
  while (left > 0) {
    const mph = speedMphAt(new Date(at), settings);
    const nextHour = (Math.floor(at / HOUR_MS) + 1) * HOUR_MS;
    const spanMinutes = (nextHour - at) / 60_000;
    const reach = (mph * spanMinutes) / 60;
    if (reach >= left) return minutes + (left / mph) * 60;
    left -= reach;
    minutes += spanMinutes;
    at = nextHour;
  }
  return minutes;
}
