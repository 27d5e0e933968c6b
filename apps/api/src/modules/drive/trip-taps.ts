import { and, eq, isNull, lt } from 'drizzle-orm';
import { appointments, services, tripEvents, tripPositions, users, type Database } from '@app/db';
import {
  firstName,
  nextTripStatus,
  previousTripStatus,
  TRIP_STATUS_LABELS,
  TRIP_UNDO_MS,
  type Position,
  type TripStatus,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import {
  NO_CONSEQUENCES,
  type AppointmentChanges,
  type TransitionOutcome,
} from '../appointments/appointment-changes.ts';
import { isCarTimeTaken } from '../appointments/car-time.ts';
import { finishTransition } from '../appointments/finish-ride.ts';
import { reopenTransition, TIME_BOOKED_SINCE_MESSAGE } from '../appointments/reopen-ride.ts';
import { NO_SUCH_RIDE_MESSAGE, rideChangedMessage } from '../appointments/ride-state.ts';
import type { AuditActor } from '../audit/record-audit.ts';

export const NOT_LAST_TAP_MESSAGE = 'Only the last step of a ride can be undone.';
export const TOO_LATE_TO_UNDO_TAP_MESSAGE = `That step was tapped more than ${TRIP_UNDO_MS / 1000} seconds ago, so it can no longer be undone.`;

/** The status a tap out of order meets, in the chauffeur's words. */
export function outOfOrderMessage(current: TripStatus | null): string {
  const next = nextTripStatus(current);
  if (!next) return 'This ride is already dropped off.';
  return `The next step of this ride is "${TRIP_STATUS_LABELS[next]}".`;
}

const unchanged: TransitionOutcome<undefined> = {
  change: null,
  consequences: NO_CONSEQUENCES,
  result: undefined,
};

/** The ride `chauffeurId` drives, locked for the tap; 404 when they do not drive it. */
async function ownRide(tx: Database, id: string, chauffeurId: string) {
  const [ride] = await tx
    .select({
      status: appointments.status,
      tripStatus: appointments.tripStatus,
      plate: services.plate,
      chauffeurName: users.name,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.chauffeurId))
    .where(and(eq(appointments.id, id), eq(appointments.chauffeurId, chauffeurId)))
    .for('update', { of: appointments });
  if (!ride) throw AppError.notFound(NO_SUCH_RIDE_MESSAGE);
  return ride;
}

export interface TapInput {
  id: string;
  chauffeurId: string;
  actor: AuditActor;
  status: TripStatus;
  tapKey: string;
  position?: Position | undefined;
  /** The ride's live trip page, which "On my way" and "Arrived" link to. */
  tripUrl: string;
  now: Date;
}

/**
 * A chauffeur's tap on their ride's button, in one transaction: the ride's trip status moves
 * from the one before (`nextTripStatus`), the tap is kept (`trip_events`), "On my way" and
 * "Arrived" tell the customer (outbox), "Dropped off" completes the ride as the owner's button
 * does and forgets where the car was. A retry (same tap key) or a second tap of the status the
 * ride is at records nothing more.
 */
export function tapTrip(changes: AppointmentChanges, input: TapInput): Promise<void> {
  const { id, chauffeurId, status, tapKey, position, now } = input;
  return changes.run(async (tx) => {
    const ride = await ownRide(tx, id, chauffeurId);
    const [retried] = await tx
      .select({ id: tripEvents.id })
      .from(tripEvents)
      .where(and(eq(tripEvents.appointmentId, id), eq(tripEvents.tapKey, tapKey)));
    if (retried || ride.tripStatus === status) return unchanged;
    if (ride.status !== 'paid') throw AppError.conflict(rideChangedMessage(ride.status));
    if (nextTripStatus(ride.tripStatus) !== status) {
      throw AppError.conflict(outOfOrderMessage(ride.tripStatus));
    }
    // The row is locked: the status read is the one replaced.
    await tx
      .update(appointments)
      .set({ tripStatus: status, updatedAt: now })
      .where(eq(appointments.id, id));
    const sharing = status === 'on_my_way' || status === 'arrived';
    await tx.insert(tripEvents).values({
      appointmentId: id,
      chauffeurId,
      status,
      tapKey,
      at: now,
      // Where the car was is kept only while it is shared (erased at drop-off).
      ...(position && sharing ? position : {}),
    });
    if (position && sharing) await upsertPosition(tx, id, position, now);

    if (status === 'dropped_off') {
      const finished = await finishTransition(tx, {
        id,
        actor: input.actor,
        to: 'completed',
        now,
        // Tapped only after "Passenger on board" (`nextTripStatus`).
        pickedUp: true,
      });
      await forgetPositions(tx, id);
      return finished;
    }
    if (!sharing) return unchanged;
    return {
      change: null,
      consequences: {
        audit: [],
        message: {
          kind: status,
          appointmentId: id,
          at: now,
          chauffeurFirstName: firstName(ride.chauffeurName),
          plate: ride.plate,
          tripUrl: input.tripUrl,
        },
      },
      result: undefined,
    };
  });
}

/** Where the car was, erased once the passenger is dropped off. */
async function forgetPositions(tx: Database, id: string): Promise<void> {
  await tx.delete(tripPositions).where(eq(tripPositions.appointmentId, id));
  await tx
    .update(tripEvents)
    .set({ latitude: null, longitude: null })
    .where(eq(tripEvents.appointmentId, id));
}

export async function upsertPosition(
  tx: Database,
  id: string,
  position: Position,
  now: Date,
): Promise<void> {
  await tx
    .insert(tripPositions)
    .values({ appointmentId: id, ...position, at: now })
    .onConflictDoUpdate({
      target: tripPositions.appointmentId,
      set: { latitude: position.latitude, longitude: position.longitude, at: now },
    });
}

/**
 * Takes back the ride's last standing tap within `TRIP_UNDO_MS` of it: the trip status returns
 * to the one before, and an undone "Dropped off" reopens the ride as the owner's undo does.
 * Messages already sent stay sent; one still waiting is not sent (`compose-message.ts`).
 */
export async function undoTap(
  changes: AppointmentChanges,
  input: { id: string; chauffeurId: string; actor: AuditActor; status: TripStatus; now: Date },
): Promise<void> {
  try {
    await changes.run((tx) => undo(tx, input));
  } catch (error) {
    if (isCarTimeTaken(error)) throw AppError.conflict(TIME_BOOKED_SINCE_MESSAGE);
    throw error;
  }
}

async function undo(
  tx: Database,
  input: { id: string; chauffeurId: string; actor: AuditActor; status: TripStatus; now: Date },
): Promise<TransitionOutcome<undefined>> {
  const { id, chauffeurId, status, now } = input;
  const ride = await ownRide(tx, id, chauffeurId);
  if (ride.tripStatus !== status) throw AppError.conflict(NOT_LAST_TAP_MESSAGE);
  const [event] = await tx
    .select({ id: tripEvents.id, at: tripEvents.at })
    .from(tripEvents)
    .where(
      and(
        eq(tripEvents.appointmentId, id),
        eq(tripEvents.status, status),
        isNull(tripEvents.undoneAt),
      ),
    );
  if (!event || event.at.getTime() + TRIP_UNDO_MS <= now.getTime()) {
    throw AppError.conflict(TOO_LATE_TO_UNDO_TAP_MESSAGE);
  }
  const expected = status === 'dropped_off' ? 'completed' : 'paid';
  if (ride.status !== expected) throw AppError.conflict(rideChangedMessage(ride.status));
  const before = previousTripStatus(status);
  await tx
    .update(appointments)
    .set({ tripStatus: before, updatedAt: now })
    .where(eq(appointments.id, id));
  await tx.update(tripEvents).set({ undoneAt: now }).where(eq(tripEvents.id, event.id));
  // Not on the way any more: nothing of where the car is stays.
  if (before === null) await tx.delete(tripPositions).where(eq(tripPositions.appointmentId, id));
  if (status === 'dropped_off') return reopenTransition(tx, { id, actor: input.actor, now });
  return unchanged;
}

/**
 * The car's position, while the ride's chauffeur is on the way or waiting: replaced by each
 * report. Refused (409) before "On my way" and from "Passenger on board".
 */
export async function reportPosition(
  db: Database,
  input: { id: string; chauffeurId: string; position: Position; now: Date },
): Promise<void> {
  const { id, chauffeurId, position, now } = input;
  await db.transaction(async (tx) => {
    const ride = await ownRide(tx, id, chauffeurId);
    if (
      ride.status !== 'paid' ||
      (ride.tripStatus !== 'on_my_way' && ride.tripStatus !== 'arrived')
    ) {
      throw AppError.conflict('The car’s position is shared only while on the way or arrived.');
    }
    await upsertPosition(tx, id, position, now);
  });
}

/** Positions older than this are erased (a ride left at "Arrived", say): `jobs.ts`. */
export const POSITION_MAX_AGE_MS = 24 * 60 * 60_000;

/** Erases positions not reported for `POSITION_MAX_AGE_MS`; answers how many. */
export async function purgeStalePositions(db: Database, now: Date): Promise<number> {
  const since = new Date(now.getTime() - POSITION_MAX_AGE_MS);
  const gone = await db
    .delete(tripPositions)
    .where(lt(tripPositions.at, since))
    .returning({ id: tripPositions.appointmentId });
  return gone.length;
}
