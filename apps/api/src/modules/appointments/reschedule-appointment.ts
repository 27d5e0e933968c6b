import { and, eq, lt, sql } from 'drizzle-orm';
import { appointments, blockCovers, blocks, services, type Database } from '@app/db';
import {
  SLOT_TAKEN_MESSAGE,
  isBookableSlot,
  slotStartsAt,
  type RescheduleRequest,
} from '@app/shared';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { SERVICE_UNAVAILABLE_MESSAGE, SLOT_NOT_BOOKABLE_MESSAGE } from './book-appointment.ts';
import {
  RIDE_CHANGED_ELSEWHERE_MESSAGE,
  assertChangeable,
  findOwnRide,
  type ChangePolicy,
  type OwnRide,
} from './own-ride.ts';
import { changeStatus, type AppointmentChange } from './status.ts';

export const SAME_SLOT_MESSAGE = 'Your ride is already at this time. Please choose another time.';
export const SLOT_BLOCKED_MESSAGE =
  'This car is not available at this time. Please choose another time.';

/**
 * Moves the customer's paid ride to another free slot of the same car, up to the policy's
 * limit before pickup, in one transaction: the new slot is claimed and the old one freed by one
 * conditional update (still paid, still at the slot read), under the unique index that makes
 * double booking impossible; the deposit stays with the ride. The calendar invite's sequence
 * goes up, the reminders start over, and the messages and the audit event are written with it.
 */
export async function rescheduleAppointment(
  db: Database,
  input: RescheduleRequest & { appointmentId: string; userId: string },
  deps: { now: Date; policy: ChangePolicy; recordMessages: RecordMessages },
): Promise<{ ride: OwnRide; change: AppointmentChange }> {
  const { now } = deps;
  try {
    return await db.transaction(async (tx) => {
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

      // The car's row, locked as booking locks it: an owner's block on it waits for us, or we
      // for it, so a block and a ride never both take the slot.
      const [car] = await tx
        .select({ available: services.available, retiredAt: services.retiredAt })
        .from(services)
        .where(eq(services.id, before.serviceId))
        .for('key share');
      if (!car?.available || car.retiredAt) throw AppError.conflict(SERVICE_UNAVAILABLE_MESSAGE);
      const [block] = await tx
        .select({ id: blocks.id })
        .from(blocks)
        .where(
          and(
            eq(blocks.serviceId, before.serviceId),
            blockCovers({ startsAt: blocks.startsAt, endsAt: blocks.endsAt }, slotStart),
          ),
        )
        .limit(1);
      if (block) throw AppError.conflict(SLOT_BLOCKED_MESSAGE);

      // A hold past its time no longer keeps the slot (as book_hold frees it for a booking).
      await changeStatus(
        tx,
        and(
          eq(appointments.serviceId, before.serviceId),
          eq(appointments.slotStart, slotStart),
          lt(appointments.holdExpiresAt, now),
        ),
        'pending_payment',
        'expired',
        now,
      );

      const [moved] = await tx
        .update(appointments)
        .set({
          slotStart,
          slotDate: input.slotDate,
          slotTime: input.slotTime,
          calendarSequence: sql`${appointments.calendarSequence} + 1`,
          reminded24hAt: null,
          reminded2hAt: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(appointments.id, before.id),
            eq(appointments.status, 'paid'),
            eq(appointments.slotStart, before.slotStart),
          ),
        )
        .returning();
      // Cancelled or moved since we read it (another tab, the owner): theirs stands.
      if (!moved) throw AppError.conflict(RIDE_CHANGED_ELSEWHERE_MESSAGE);

      await deps.recordMessages(tx, {
        kind: 'rescheduled',
        appointmentId: before.id,
        at: now,
        previousSlotStart: before.slotStart,
      });
      await recordAudit(tx, {
        actor: ride.actor,
        action: 'appointment.rescheduled',
        at: now,
        serviceId: before.serviceId,
        appointmentId: before.id,
        before: { slotDate: before.slotDate, slotTime: before.slotTime },
        after: { slotDate: moved.slotDate, slotTime: moved.slotTime },
      });
      return {
        ride: { ...ride, appointment: moved },
        // Still paid: told after commit so the service list shows both slots as they now are.
        change: {
          appointmentId: before.id,
          userId: before.userId,
          from: 'paid',
          to: 'paid',
          at: now,
        },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'appointments_one_live_per_slot')) {
      throw AppError.conflict(SLOT_TAKEN_MESSAGE);
    }
    throw error;
  }
}
