import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  appointments,
  lockCar,
  services,
  stretchIsBlocked,
  type Appointment,
  type Database,
} from '@app/db';
import {
  LIVE_APPOINTMENT_STATUSES,
  RETURN_BEFORE_END_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  occupiedUntil,
  rideEnd,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { SERVICE_UNAVAILABLE_MESSAGE, SLOT_BLOCKED_MESSAGE } from './book-appointment.ts';
import { readCarNeighbourhood } from './car-neighbourhood.ts';
import { isChauffeurBusy } from './chauffeur-assignment.ts';
import { isCarTimeBlocked, isCarTimeTaken, releaseStaleHoldsOver } from './car-time.ts';
import { RIDE_CHANGED_ELSEWHERE_MESSAGE } from './own-ride.ts';
import { carReach, type Reach, type Shortfall } from './reach.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import { offlineDrive } from './reach-drive.ts';

/** The car cannot get to the moved ride, or on to its next pickup (ADR 020); the caller words it. */
export class UnreachableError extends Error {
  readonly shortfall: Shortfall;
  constructor(shortfall: Shortfall) {
    super('The car cannot reach this ride');
    this.name = 'UnreachableError';
    this.shortfall = shortfall;
  }
}

/** Where a paid ride is moved to: a start on the grid, on its car or another. */
export interface StretchTarget {
  serviceId: string;
  slotStart: Date;
  slotDate: string;
  slotTime: string;
  /** The car's turnaround after the ride, as the target car keeps it for the ride's kind. */
  turnaroundMinutes: number;
}

/**
 * Moves a paid ride's whole stretch (its booked length, and the target car's turnaround) in the
 * caller's transaction, for the customer's reschedule and the owner's move alike: the target car
 * locked as booking locks it (so an owner's block waits for us, or we for it), a round trip's
 * legs kept in order, the car's blocks and stale holds seen to, then one conditional update
 * (still paid, still where it was read) under the exclusion constraint that makes double
 * booking impossible (ADR 018). Under the target car's lock (as `book_hold` takes it) the car
 * must be able to reach the ride from its neighbours and go on to the next (ADR 020): else
 * `UnreachableError`, unless the owner overrides it. The calendar invite's sequence goes up and
 * the reminders start over; its chauffeur stays on it if free then, else leaves it. Callers map
 * the database's refusals with `carTimeRefusal`. Answers the moved ride, the reach it was judged
 * by, and whether its chauffeur left it.
 */
export async function moveStretch(
  tx: Database,
  before: Appointment,
  to: StretchTarget,
  now: Date,
  /** `travel`: the offline estimate's settings in force (read before the lock), for the drives judged under it. */
  options: { travel: TravelSettings; overrideReach?: boolean },
): Promise<{ moved: Appointment; reach: Reach; chauffeurDropped: boolean }> {
  const [car] = await tx
    .select({ available: services.available, retiredAt: services.retiredAt })
    .from(services)
    .where(eq(services.id, to.serviceId))
    .for('key share');
  if (!car?.available || car.retiredAt) throw AppError.conflict(SERVICE_UNAVAILABLE_MESSAGE);
  const until = occupiedUntil(to.slotStart, before.lengthMinutes, to.turnaroundMinutes);
  await assertLegsInOrder(tx, before, to.slotStart);
  const [blocked] = await tx
    .select({ yes: stretchIsBlocked(to.serviceId, to.slotStart, until) })
    .from(services)
    .where(eq(services.id, to.serviceId));
  if (blocked?.yes) throw AppError.conflict(SLOT_BLOCKED_MESSAGE);

  // Taken before the read, so a booking or move of this car in flight elsewhere is seen.
  await lockCar(tx, to.serviceId);
  const end = rideEnd(to.slotStart, before.lengthMinutes);
  const neighbourhood = await readCarNeighbourhood(
    tx,
    to.serviceId,
    { from: to.slotStart, until: end },
    now,
    before.id,
  );
  const reach = carReach(
    neighbourhood,
    await offlineDrive(options.travel),
    now,
  )({
    start: to.slotStart,
    end,
    pickup: before.pickupAddress,
    dropoff: before.dropoffAddress,
  });
  if (!reach.reachable && options.overrideReach !== true)
    throw new UnreachableError(reach.shortfall);

  // A hold past its time no longer keeps the car (as book_hold frees it for a booking).
  await releaseStaleHoldsOver(tx, to.serviceId, { from: to.slotStart, until }, now);

  const move = (db: Database, chauffeur: { chauffeurId?: null }) =>
    db
      .update(appointments)
      .set({
        serviceId: to.serviceId,
        slotStart: to.slotStart,
        endsAt: end,
        turnaroundMinutes: to.turnaroundMinutes,
        occupiedUntil: until,
        slotDate: to.slotDate,
        slotTime: to.slotTime,
        calendarSequence: sql`${appointments.calendarSequence} + 1`,
        reminded24hAt: null,
        reminded2hAt: null,
        chauffeurNudgedAt: null,
        updatedAt: now,
        ...chauffeur,
      })
      .where(
        and(
          eq(appointments.id, before.id),
          eq(appointments.status, 'paid'),
          eq(appointments.serviceId, before.serviceId),
          eq(appointments.slotStart, before.slotStart),
        ),
      )
      .returning();
  // Its chauffeur goes with it, unless they drive another ride then (the database says so):
  // then nobody drives it until the owner gives it to someone.
  let chauffeurDropped = false;
  let moved: Appointment | undefined;
  try {
    [moved] = before.chauffeurId
      ? await tx.transaction((savepoint) => move(savepoint, {}))
      : await move(tx, {});
  } catch (error) {
    if (!isChauffeurBusy(error)) throw error;
    [moved] = await move(tx, { chauffeurId: null });
    chauffeurDropped = moved !== undefined;
  }
  // Cancelled or moved since we read it (another tab, the owner, the customer): theirs stands.
  if (!moved) throw AppError.conflict(RIDE_CHANGED_ELSEWHERE_MESSAGE);
  return { moved, reach, chauffeurDropped };
}

/** The database's refusal of a moved stretch, as the customer or owner reads it; else null. */
export function carTimeRefusal(error: unknown): AppError | null {
  if (isCarTimeTaken(error)) return AppError.conflict(SLOT_TAKEN_MESSAGE);
  if (isCarTimeBlocked(error)) return AppError.conflict(SLOT_BLOCKED_MESSAGE);
  return null;
}

/**
 * A round trip's legs stay in order when one moves: the first ends before its return starts.
 * Refused with its own message; the constraint keeps their stretches apart in any case.
 */
async function assertLegsInOrder(
  tx: Database,
  ride: { id: string; returnOf: string | null; lengthMinutes: number },
  slotStart: Date,
): Promise<void> {
  const live = inArray(appointments.status, LIVE_APPOINTMENT_STATUSES);
  if (ride.returnOf) {
    const [first] = await tx
      .select({ endsAt: appointments.endsAt })
      .from(appointments)
      .where(and(eq(appointments.id, ride.returnOf), live));
    if (first && slotStart < first.endsAt) throw AppError.badRequest(RETURN_BEFORE_END_MESSAGE);
    return;
  }
  const [next] = await tx
    .select({ slotStart: appointments.slotStart })
    .from(appointments)
    .where(and(eq(appointments.returnOf, ride.id), live));
  if (next && rideEnd(slotStart, ride.lengthMinutes) > next.slotStart) {
    throw AppError.badRequest(RETURN_BEFORE_END_MESSAGE);
  }
}
