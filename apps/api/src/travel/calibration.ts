import { DRIVE_BANDS, type DriveBand, type DriveBandTimes } from '@app/shared';
import type { TravelSettings } from './drive-speed.ts';

/** A ride driven: the offline estimate of its drive and the time the chauffeur's taps give it. */
export interface DrivenRide {
  /** When the passenger got on board: the estimate's departure, and its band. */
  band: DriveBand;
  estimatedMinutes: number;
  /** From "Passenger on board" to "Dropped off". */
  realMinutes: number;
}

/** The setting each band's drives tune (`TRAVEL_*`): the speeds by day and night, the rush's multiplier. */
export const BAND_SETTINGS = {
  day: { env: 'TRAVEL_DAY_MPH', key: 'dayMph' },
  night: { env: 'TRAVEL_NIGHT_MPH', key: 'nightMph' },
  rush: { env: 'TRAVEL_RUSH_MULTIPLIER', key: 'rushMultiplier' },
} as const satisfies Record<DriveBand, { env: string; key: keyof TravelSettings }>;

/** Fewer rides than this in a band suggest nothing: one slow drive is not a pattern. */
export const MIN_RIDES_TO_SUGGEST = 5;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const rounded = (value: number, places: number) => Number(value.toFixed(places));

/**
 * Estimated against real, band by band, and what each band's setting would be had it matched
 * the median ride: a speed divided by the ratio (drives 20 % longer: 20 % slower). The rush
 * runs at the day's speed over its multiplier, so its multiplier follows its own ratio over
 * the day's (the day's speed tuned too). The median, not the mean: a ride that waited in a
 * queue at Logan should not retune every other. Drives of no real length (taps a second
 * apart) are left out.
 */
export function calibrate(
  rides: readonly DrivenRide[],
  settings: TravelSettings,
): DriveBandTimes[] {
  const measured = DRIVE_BANDS.map((band) => {
    const driven = rides.filter(
      (ride) => ride.band === band && ride.realMinutes >= 1 && ride.estimatedMinutes > 0,
    );
    const ratio = median(driven.map((ride) => ride.realMinutes / ride.estimatedMinutes));
    return { band, driven, ratio, enough: ratio !== null && driven.length >= MIN_RIDES_TO_SUGGEST };
  });
  const day = measured.find((each) => each.band === 'day');
  const dayRatio = day?.enough ? (day.ratio as number) : 1;
  return measured.map(({ band, driven, ratio, enough }) => {
    const { env, key } = BAND_SETTINGS[band];
    const current = settings[key];
    const suggested = !enough
      ? null
      : band === 'rush'
        ? rounded((current * (ratio as number)) / dayRatio, 2)
        : rounded(current / (ratio as number), 0);
    return {
      band,
      rides: driven.length,
      estimatedMinutes: median(driven.map((ride) => ride.estimatedMinutes)),
      realMinutes: median(driven.map((ride) => ride.realMinutes)),
      ratio: ratio === null ? null : rounded(ratio, 2),
      setting: { key, env, current, suggested },
    };
  });
}
