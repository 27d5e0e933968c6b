/**
 * The port every travel-time estimate goes through: the booking asks it for a ride's length,
 * the feasibility check for the drive between two rides. Adapters: `google-routes.ts` (Google's
 * Routes API, when a key is set), `offline-travel-time.ts` (always there), and
 * `fallback-travel-time.ts`, which asks the first and falls back to the second.
 */

/**
 * A place: the address text as the customer gave it, and coordinates when the server has them
 * (never from the browser: ADR 019).
 */
export interface Place {
  address: string;
  latitude?: number;
  longitude?: number;
}

export type TravelSource = 'google' | 'offline';

export interface TravelEstimate {
  /** The drive, in whole minutes (rounded up). */
  minutes: number;
  /** The road distance, in miles to a tenth. */
  miles: number;
  /** The drive rounded up to the quarter hour, at least one: the length a ride books. */
  bookedMinutes: number;
  /** Which adapter answered. */
  source: TravelSource;
}

export interface EstimateOptions {
  /** Aborts a request to an outside service (the fallback's timeout, or the caller's). */
  signal?: AbortSignal;
}

export interface TravelTime {
  /**
   * The drive from `from` to `to` leaving at `departAt`; null when a place cannot be located
   * (or, for Google, no road route joins them). Never cached: Google's terms forbid storing
   * Routes results, and the offline estimate costs microseconds.
   */
  estimate(
    from: Place,
    to: Place,
    departAt: Date,
    options?: EstimateOptions,
  ): Promise<TravelEstimate | null>;
}

export const QUARTER_HOUR_MINUTES = 15;

/** Minutes rounded up to the quarter hour, never below one quarter hour (a drive to next door still takes the car). */
export function bookedMinutesFor(minutes: number): number {
  const quarters = Math.max(1, Math.ceil(minutes / QUARTER_HOUR_MINUTES));
  return quarters * QUARTER_HOUR_MINUTES;
}

/** An estimate from a drive's raw minutes and miles: whole minutes up, miles to a tenth. */
export function travelEstimate(
  rawMinutes: number,
  rawMiles: number,
  source: TravelSource,
): TravelEstimate {
  const minutes = Math.ceil(rawMinutes);
  return {
    minutes,
    miles: Math.round(rawMiles * 10) / 10,
    bookedMinutes: bookedMinutesFor(minutes),
    source,
  };
}
