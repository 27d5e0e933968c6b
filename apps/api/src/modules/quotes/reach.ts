import type { Database } from '@app/db';
import { addDays, midnightOf, parseSlotDateKey, rideEnd, type RateKind } from '@app/shared';
import { readCarNeighbourhood } from '../appointments/car-neighbourhood.ts';
import { carReach, type Drive } from '../appointments/reach.ts';

/*
 * The seam where "can the car get there" plugs into the quote (docs/product.md, A price from
 * the route): a start is offered only when the car can reach its pickup from its previous
 * drop-off (or its base) and, after the leg, its next pickup (`appointments/reach.ts`).
 */

/** The leg a quote asks about: which car, which day, from where to where. */
export interface LegToReach {
  serviceId: string;
  kind: RateKind;
  /** `d_m_yyyy`. */
  slotDate: string;
  pickupAddress: string;
  dropoffAddress: string;
}

/** Whether the car can take the leg starting at `start` and keeping it `lengthMinutes`. */
export type CanReachStart = (start: Date, lengthMinutes: number) => boolean;

/**
 * Made once per leg and day (it may read the car's neighbouring rides and locate their places),
 * then asked for each free start of the day, so a day's grid costs one look-up, not 48.
 */
export type ReachCheck = (leg: LegToReach) => Promise<CanReachStart>;

/**
 * The car's reach from the database (ADR 020): its base and its live bookings around the day,
 * read once per leg, then each start judged by the booking's own rule (`carReach`) with the
 * offline drive. What it offers the booking decides again under the car's lock.
 */
export function reachFromBookings(
  db: Database,
  drive: () => Promise<Drive>,
  now: () => Date,
): ReachCheck {
  return async (leg) => {
    const day = parseSlotDateKey(leg.slotDate);
    if (!day) return () => false;
    const at = now();
    const from = midnightOf(day);
    // A start late in the day may keep the car for up to a week (a rental).
    const until = new Date(midnightOf(addDays(day, 1)).getTime() + LONGEST_STAY_MS);
    const [neighbourhood, drives] = await Promise.all([
      readCarNeighbourhood(db, leg.serviceId, { from, until }, at),
      drive(),
    ]);
    const reach = carReach(neighbourhood, drives, at);
    return (start, lengthMinutes) =>
      reach({
        start,
        end: rideEnd(start, lengthMinutes),
        pickup: leg.pickupAddress,
        dropoff: leg.dropoffAddress,
      }).reachable;
  };
}

const LONGEST_STAY_MS = 7 * 86_400_000;
