import { and, eq, inArray, sql } from 'drizzle-orm';
import { appointments, services, stretchIsBlocked, type Appointment, type Database } from '@app/db';
import {
  LIVE_APPOINTMENT_STATUSES,
  RETURN_BEFORE_END_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  occupiedUntil,
  rideEnd,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { SERVICE_UNAVAILABLE_MESSAGE, SLOT_BLOCKED_MESSAGE } from './book-appointment.ts';
import { isCarTimeBlocked, isCarTimeTaken, releaseStaleHoldsOver } from './car-time.ts';
import { RIDE_CHANGED_ELSEWHERE_MESSAGE } from './own-ride.ts';

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
 * booking impossible (ADR 018). The calendar invite's sequence goes up and the reminders start
 * over. Callers map the database's refusals with `carTimeRefusal`.
 */
export async function moveStretch(
  tx: Database,
  before: Appointment,
  to: StretchTarget,
  now: Date,
): Promise<Appointment> {
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

  // A hold past its time no longer keeps the car (as book_hold frees it for a booking).
  await releaseStaleHoldsOver(tx, to.serviceId, { from: to.slotStart, until }, now);

  const [moved] = await tx
    .update(appointments)
    .set({
      serviceId: to.serviceId,
      slotStart: to.slotStart,
      endsAt: rideEnd(to.slotStart, before.lengthMinutes),
      turnaroundMinutes: to.turnaroundMinutes,
      occupiedUntil: until,
      slotDate: to.slotDate,
      slotTime: to.slotTime,
      calendarSequence: sql`${appointments.calendarSequence} + 1`,
      reminded24hAt: null,
      reminded2hAt: null,
      updatedAt: now,
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
  // Cancelled or moved since we read it (another tab, the owner, the customer): theirs stands.
  if (!moved) throw AppError.conflict(RIDE_CHANGED_ELSEWHERE_MESSAGE);
  return moved;
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
