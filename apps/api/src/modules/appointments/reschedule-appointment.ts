import {
  SLOT_TAKEN_MESSAGE,
  isBookableSlot,
  slotStartsAt,
  type RescheduleRequest,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { SLOT_NOT_BOOKABLE_MESSAGE } from './book-appointment.ts';
import { carTimeRefusal, moveStretch, UnreachableError } from './move-stretch.ts';
import { assertChangeable, findOwnRide, type ChangePolicy, type OwnRide } from './own-ride.ts';

export const SAME_SLOT_MESSAGE = 'Your ride is already at this time. Please choose another time.';

/**
 * Moves the customer's paid ride, its whole stretch (length and turnaround as booked), to another
 * free start of the same car, up to the policy's limit before pickup, in one transaction
 * (`moveStretch`); the deposit stays with the ride, and the messages and the audit event are
 * written with it.
 */
export async function rescheduleAppointment(
  changes: AppointmentChanges,
  input: RescheduleRequest & { appointmentId: string; userId: string },
  deps: { now: Date; policy: ChangePolicy; travel: TravelSettings },
): Promise<OwnRide> {
  const { now } = deps;
  try {
    return await changes.run(async (tx) => {
      const ride = await findOwnRide(tx, input.appointmentId, input.userId);
      const before = ride.appointment;
      assertChangeable(before, now, deps.policy);

      const slotStart = slotStartsAt(input.slotDate, input.slotTime);
      if (!slotStart || !isBookableSlot(now, input.slotDate, input.slotTime)) {
        throw AppError.badRequest(SLOT_NOT_BOOKABLE_MESSAGE);
      }
      if (slotStart.getTime() === before.slotStart.getTime()) {
        throw AppError.badRequest(SAME_SLOT_MESSAGE);
      }

      const { moved, chauffeurDropped } = await moveStretch(
        tx,
        before,
        {
          serviceId: before.serviceId,
          slotStart,
          slotDate: input.slotDate,
          slotTime: input.slotTime,
          turnaroundMinutes: before.turnaroundMinutes,
        },
        now,
        { travel: deps.travel },
      );

      return {
        // Still paid: told after commit so the service list shows both slots as they now are.
        change: {
          appointmentId: before.id,
          userId: before.userId,
          from: 'paid',
          to: 'paid',
          at: now,
        },
        consequences: {
          audit: [
            {
              actor: ride.actor,
              action: 'appointment.rescheduled',
              at: now,
              serviceId: before.serviceId,
              appointmentId: before.id,
              before: { slotDate: before.slotDate, slotTime: before.slotTime },
              after: {
                slotDate: moved.slotDate,
                slotTime: moved.slotTime,
                // The owner's board shows it with nobody to drive it.
                ...(chauffeurDropped ? { chauffeurDropped: true } : {}),
              },
            },
          ],
          message: {
            kind: 'rescheduled',
            appointmentId: before.id,
            at: now,
            previousSlotStart: before.slotStart,
          },
        },
        result: { ...ride, appointment: moved },
      };
    });
  } catch (error) {
    // Why the car cannot get there is another customer's trip: the customer hears it is taken.
    if (error instanceof UnreachableError) throw AppError.conflict(SLOT_TAKEN_MESSAGE);
    throw carTimeRefusal(error) ?? error;
  }
}
