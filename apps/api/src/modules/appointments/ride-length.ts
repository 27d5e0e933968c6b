import {
  LENGTH_MESSAGE,
  MAX_ROUTE_MINUTES,
  isBookableLength,
  minimumLengthMinutes,
  routeTooLongMessage,
  routedLengthMinutes,
  type LegQuote,
  type RateKind,
  type Route,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { TravelTime } from '../../travel/travel-time.ts';

/*
 * How long a leg keeps its car (docs/product.md, A price from the route): a ride whose two
 * places are found is booked for its drive at its pickup time, rounded up to the quarter hour,
 * plus the waiting time the customer adds; a place that cannot be found, an hourly charter or a
 * rental, for the length the customer chose (`LENGTH_CHOICES`, the kind's shortest when none).
 * The booking and the quote both ask here, so the two never disagree on a rule.
 */

/** What a leg says about its length: its two addresses, the waiting time and the chosen length. */
export interface LegTrip {
  pickupAddress: string;
  dropoffAddress: string;
  /** A routed ride's waiting on top of its drive; ignored otherwise. */
  waitingMinutes: number;
  /** The customer's length, used when there is no route. */
  lengthMinutes?: number | undefined;
}

export type LegLength = Pick<LegQuote, 'route' | 'lengthFrom' | 'lengthMinutes'>;

/**
 * The drive of a ride from pickup to drop-off leaving at `departAt`, or null when an address is
 * empty or a place cannot be found. Refuses a drive longer than `MAX_ROUTE_MINUTES` with the
 * business's phone: a trip to arrange by phone.
 */
export async function routeOf(
  travelTime: TravelTime,
  trip: Pick<LegTrip, 'pickupAddress' | 'dropoffAddress'>,
  departAt: Date,
  phone: string,
): Promise<Route | null> {
  const pickup = trip.pickupAddress.trim();
  const dropoff = trip.dropoffAddress.trim();
  if (pickup === '' || dropoff === '') return null;
  const route = await travelTime.estimate({ address: pickup }, { address: dropoff }, departAt);
  if (route) refuseTooLong(route.minutes, phone);
  return route;
}

/** A drive over `MAX_ROUTE_MINUTES` is not booked online. */
export function refuseTooLong(driveMinutes: number, phone: string): void {
  if (driveMinutes > MAX_ROUTE_MINUTES) throw AppError.badRequest(routeTooLongMessage(phone));
}

/** The customer's length, checked against the kind's choices; the shortest when none was sent. */
export function chosenLength(kind: RateKind, lengthMinutes: number | undefined): number {
  const minutes = lengthMinutes ?? minimumLengthMinutes(kind);
  if (!isBookableLength(kind, minutes)) throw AppError.badRequest(LENGTH_MESSAGE);
  return minutes;
}

/** A leg's booked length at `departAt`: from its route for a ride whose places are found, else chosen. */
export async function legLength(
  travelTime: TravelTime,
  kind: RateKind,
  trip: LegTrip,
  departAt: Date,
  phone: string,
): Promise<LegLength> {
  const route = kind === 'ride' ? await routeOf(travelTime, trip, departAt, phone) : null;
  if (route) {
    return {
      route,
      lengthFrom: 'route',
      lengthMinutes: routedLengthMinutes(route.bookedMinutes, trip.waitingMinutes),
    };
  }
  return {
    route: null,
    lengthFrom: 'chosen',
    lengthMinutes: chosenLength(kind, trip.lengthMinutes),
  };
}
