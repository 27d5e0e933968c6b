import { MULTI_HOUR_MINIMUM_HOURS } from './pricing.ts';

/*
 * How long a booking lasts (docs/product.md, Lengths and the car's time). The customer chooses a
 * length in the kind's own unit: hours for a ride or an hourly charter, days for a rental (seven
 * is a week). The car is the booking's for that long, in real elapsed minutes, across a DST
 * change too; the price is worked out in the unit (ride-estimate.ts).
 */

export type RateKind = 'ride' | 'hourly' | 'rental';

/** How a service type is priced and booked, by its name (`Car Rental`, `Hourly Chauffeur`, the rides). */
export function rateKindOf(serviceType: string): RateKind {
  if (/rental/i.test(serviceType)) return 'rental';
  if (/hourly/i.test(serviceType)) return 'hourly';
  return 'ride';
}

/** The lengths a booking may have, in hours (rides, hourly) or days (rentals; 7 is a week). */
export const LENGTH_CHOICES: Readonly<Record<RateKind, readonly number[]>> = {
  ride: [1, 1.25, 2, 3, 4, 5, 6],
  hourly: [1, 2, 3, 4, 5, 6, 8, 10, 12],
  rental: [1, 2, 3, 4, 5, 6, 7],
};

/** The length the booking form starts at (hourly at the multi-hour rate's minimum). */
export const DEFAULT_LENGTH: Readonly<Record<RateKind, number>> = {
  ride: 1,
  hourly: MULTI_HOUR_MINIMUM_HOURS,
  rental: 1,
};

const MINUTES_PER_UNIT: Readonly<Record<RateKind, number>> = { ride: 60, hourly: 60, rental: 1440 };

/** A length in the kind's unit as minutes of the car's time. */
export function lengthMinutes(kind: RateKind, length: number): number {
  return Math.round(length * MINUTES_PER_UNIT[kind]);
}

/** Minutes of the car's time in the kind's unit (hours or days). */
export function lengthInUnits(kind: RateKind, minutes: number): number {
  return minutes / MINUTES_PER_UNIT[kind];
}

/** A booking sent without a length is the kind's shortest (so the spec's request books). */
export function minimumLengthMinutes(kind: RateKind): number {
  return lengthMinutes(kind, Math.min(...LENGTH_CHOICES[kind]));
}

/** Whether a booking of this kind may last this many minutes. */
export function isBookableLength(kind: RateKind, minutes: number): boolean {
  return LENGTH_CHOICES[kind].some((choice) => lengthMinutes(kind, choice) === minutes);
}

/** `1 hour`, `1 h 15 min`, `3 hours`, `1 day`, `1 week`: a length in the kind's unit. */
export function formatLength(kind: RateKind, length: number): string {
  if (kind === 'rental') return length === 7 ? '1 week' : `${length} day${length === 1 ? '' : 's'}`;
  if (length === 1.25) return '1 h 15 min';
  return `${length} hour${length === 1 ? '' : 's'}`;
}

/*
 * A ride (point-to-point, airport, long distance) whose two addresses the server can place is
 * booked for its route (docs/product.md, A price from the route): the drive from pickup to
 * drop-off at the pickup's time, rounded up to the quarter hour, plus the waiting time the
 * customer adds. Only when a place cannot be found does the customer choose the length
 * (`LENGTH_CHOICES.ride`), and the page says so.
 */

/** Waiting time a customer may add to a ride's drive, in minutes. */
export const WAITING_CHOICES_MINUTES: readonly number[] = [0, 15, 30, 45, 60, 90, 120];

/** The longest drive booked online: a longer one is a trip to arrange by phone. */
export const MAX_ROUTE_MINUTES = 8 * 60;

/** `45 min`, `1 hour`, `2 h 15 min`: minutes of a drive or a booking, as words. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  const whole = `${hours} hour${hours === 1 ? '' : 's'}`;
  return rest === 0 ? whole : `${hours} h ${rest} min`;
}

/** `No wait`, `15 min`, `1 h 30 min`: a waiting time. */
export function formatWaiting(minutes: number): string {
  return minutes === 0 ? 'No wait' : formatMinutes(minutes);
}

/** A routed ride's booked minutes: its drive's quarter hours and the waiting time. */
export function routedLengthMinutes(driveBookedMinutes: number, waitingMinutes: number): number {
  return driveBookedMinutes + waitingMinutes;
}

export const LENGTH_MESSAGE = 'Please choose how long you need the car.';
export const WAITING_MESSAGE = 'Please choose a waiting time from the list.';
export const routeTooLongMessage = (phone: string): string =>
  `This trip is too long to book online. Please call ${phone} and we will arrange it.`;

export const RETURN_TIME_MESSAGE = 'Please choose a day and time for the return ride.';
export const RETURN_BEFORE_END_MESSAGE =
  'The return ride must start after the first ride ends. Please choose a later time.';
export const RETURN_TAKEN_MESSAGE =
  'The car is not free for the return ride at that time. Please choose another time.';
