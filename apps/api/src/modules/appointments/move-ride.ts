import { eq } from 'drizzle-orm';
import { services, turnaroundsOf } from '@app/db';
import { rateKindOf, slotStartsAt, type MoveRideRequest } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './book-appointment.ts';
import { carTimeRefusal, moveStretch } from './move-stretch.ts';
import { liveReturnLegsOf } from './return-legs.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';

export const RIDE_MOVED_MEANWHILE_MESSAGE =
  'This ride was moved meanwhile, so nothing was changed. Look at it again.';
export const MOVE_SAME_PLACE_MESSAGE = 'The ride is already at this time on this car.';
export const MOVE_PAST_MESSAGE = 'Choose a time that has not passed.';
export const MOVE_TYPE_MESSAGE = 'That car does not offer this ride’s service type.';
export const MOVE_ROUND_TRIP_CAR_MESSAGE =
  'A round trip’s two rides share their car: move its time, or cancel it and book again.';

/**
 * An owner moves a paid ride to another start and, where the ride allows, another car (one that
 * offers its service type; a round trip's legs keep their car), with a reason the customer is
 * told. No booking window or change limit binds the owner, but the time must not have passed.
 * Everything else is the customer's reschedule (`moveStretch`): the same locks, conditional
 * update and database guarantee, so of an owner's move and a customer's booking of the same time
 * one wins. The message and the audit event (before and after, with the reason) go with it.
 */
export async function moveRide(
  changes: AppointmentChanges,
  input: {
    id: string;
    actor: AuditActor;
    request: MoveRideRequest & { reason: string };
    now: Date;
  },
): Promise<void> {
  const { id, actor, request, now } = input;
  try {
    await changes.run(async (tx) => {
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

      const moved = await moveStretch(
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
      );
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
        result: undefined,
      };
    });
  } catch (error) {
    throw carTimeRefusal(error) ?? error;
  }
}
