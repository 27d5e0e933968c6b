import { eq } from 'drizzle-orm';
import { services, turnaroundsOf } from '@app/db';
import { rateKindOf, slotStartsAt, type MoveRideRequest } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './book-appointment.ts';
import { carTimeRefusal, moveStretch, UnreachableError } from './move-stretch.ts';
import { shortfallInWords, unlocatedInWords } from './reach.ts';
import { liveReturnLegsOf } from './return-legs.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';

export const RIDE_MOVED_MEANWHILE_MESSAGE =
  'This ride was moved meanwhile, so nothing was changed. Look at it again.';
export const MOVE_SAME_PLACE_MESSAGE = 'The ride is already at this time on this car.';
export const MOVE_PAST_MESSAGE = 'Choose a time that has not passed.';
export const MOVE_TYPE_MESSAGE = 'That car does not offer this ride’s service type.';
export const CHAUFFEUR_DROPPED_MESSAGE =
  'Its chauffeur drives another ride at the new time, so nobody drives it now: assign someone.';
export const MOVE_ROUND_TRIP_CAR_MESSAGE =
  'A round trip’s two rides share their car: move its time, or cancel it and book again.';

/** The owner's note of a move, from the reach's and whether the ride lost its chauffeur. */
function moveNote(reachNote: string | undefined, chauffeurDropped: boolean): { note?: string } {
  const notes = [reachNote, chauffeurDropped ? CHAUFFEUR_DROPPED_MESSAGE : undefined].filter(
    (note): note is string => note !== undefined,
  );
  return notes.length > 0 ? { note: notes.join(' ') } : {};
}

/**
 * An owner moves a paid ride to another start and, where the ride allows, another car (one that
 * offers its service type; a round trip's legs keep their car), with a reason the customer is
 * told. No booking window or change limit binds the owner, but the time must not have passed.
 * Everything else is the customer's reschedule (`moveStretch`): the same locks, conditional
 * update and database guarantee, so of an owner's move and a customer's booking of the same time
 * one wins. A move the car cannot get to (ADR 020) is refused with why, in words for the owner
 * (answer code `unreachable`), unless the request overrides it: then the audit event says so and
 * why. The message and the audit event (before and after, with the reason) go with it. Answers a
 * note for the owner when a drive could not be estimated (only the turnaround was checked), or
 * when its chauffeur drives another ride at the new time and so no longer drives this one.
 */
export async function moveRide(
  changes: AppointmentChanges,
  input: {
    id: string;
    actor: AuditActor;
    request: MoveRideRequest & { reason: string };
    now: Date;
    /** The offline estimate's settings in force (read before the transaction), for the reach check. */
    travel: TravelSettings;
  },
): Promise<{ note?: string }> {
  const { id, actor, request, now, travel } = input;
  try {
    return await changes.run(async (tx) => {
      // Locked: of two owners moving the ride at once, the second reads the first's move.
      const before = await currentRide(tx, id, { lock: true });
      if (before.status !== 'paid') throw AppError.conflict(rideChangedMessage(before.status));
      const { from } = request;
      if (
        from.serviceId !== before.serviceId ||
        from.slotDate !== before.slotDate ||
        from.slotTime !== before.slotTime
      ) {
        throw AppError.conflict(RIDE_MOVED_MEANWHILE_MESSAGE);
      }
      const slotStart = slotStartsAt(request.slotDate, request.slotTime);
      if (!slotStart || slotStart <= now) throw AppError.badRequest(MOVE_PAST_MESSAGE);
      const serviceId = request.serviceId ?? before.serviceId;
      if (serviceId === before.serviceId && slotStart.getTime() === before.slotStart.getTime()) {
        throw AppError.badRequest(MOVE_SAME_PLACE_MESSAGE);
      }

      const [[car], [was]] = await Promise.all([
        tx.select().from(services).where(eq(services.id, serviceId)),
        tx.select({ name: services.name }).from(services).where(eq(services.id, before.serviceId)),
      ]);
      if (!car) throw AppError.badRequest(SERVICE_UNAVAILABLE_MESSAGE);
      if (serviceId !== before.serviceId) {
        if (!car.serviceTypes.includes(before.serviceType)) {
          throw AppError.badRequest(MOVE_TYPE_MESSAGE);
        }
        if (before.returnOf || (await liveReturnLegsOf(tx, [before.id])).has(before.id)) {
          throw AppError.badRequest(MOVE_ROUND_TRIP_CAR_MESSAGE);
        }
      }
      const turnaroundMinutes =
        serviceId === before.serviceId
          ? before.turnaroundMinutes
          : turnaroundsOf(car)[rateKindOf(before.serviceType)];

      const { moved, reach, chauffeurDropped } = await moveStretch(
        tx,
        before,
        {
          serviceId,
          slotStart,
          slotDate: request.slotDate,
          slotTime: request.slotTime,
          turnaroundMinutes,
        },
        now,
        { travel, overrideReach: request.overrideReach === true },
      );
      const overridden = reach.reachable
        ? {}
        : { reachOverridden: true, reachReason: shortfallInWords(reach.shortfall) };
      const previousCarName = serviceId === before.serviceId ? undefined : was?.name;
      return {
        change: { appointmentId: id, userId: before.userId, from: 'paid', to: 'paid', at: now },
        consequences: {
          audit: [
            {
              actor,
              action: 'appointment.rescheduled',
              at: now,
              serviceId: moved.serviceId,
              appointmentId: id,
              before: {
                slotDate: before.slotDate,
                slotTime: before.slotTime,
                ...(previousCarName ? { car: previousCarName } : {}),
              },
              after: {
                slotDate: moved.slotDate,
                slotTime: moved.slotTime,
                ...(previousCarName ? { car: car.name } : {}),
                reason: request.reason,
                ...overridden,
                ...(chauffeurDropped ? { chauffeurDropped: true } : {}),
              },
            },
          ],
          message: {
            kind: 'rescheduled',
            appointmentId: id,
            at: now,
            previousSlotStart: before.slotStart,
            reason: request.reason,
            ...(previousCarName ? { previousCarName } : {}),
          },
        },
        result: moveNote(
          reach.unlocated.length > 0 ? unlocatedInWords(reach.unlocated) : undefined,
          chauffeurDropped,
        ),
      };
    });
  } catch (error) {
    if (error instanceof UnreachableError) {
      throw new AppError('CONFLICT', shortfallInWords(error.shortfall), 'unreachable');
    }
    throw carTimeRefusal(error) ?? error;
  }
}
