import { and, eq } from 'drizzle-orm';
import { appointments } from '@app/db';
import { AppError } from '../../errors.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import {
  RIDE_CHANGED_ELSEWHERE_MESSAGE,
  assertChangeable,
  findOwnRide,
  type ChangePolicy,
  type OwnRide,
} from './own-ride.ts';
import { changeStatus } from './status.ts';

/**
 * The customer cancels their paid ride, up to the policy's limit before pickup: the slot is
 * freed by one conditional update (still paid, still at the slot read), with the messages and
 * the audit event in its transaction. The booking fee is not refunded (the booking policy), so
 * the messages say nothing goes back. A round trip's first leg takes its return leg with it when
 * the customer says so (`withReturn`).
 */
export function cancelAppointment(
  changes: AppointmentChanges,
  input: { appointmentId: string; userId: string; withReturn?: boolean | undefined },
  deps: { now: Date; policy: ChangePolicy },
): Promise<OwnRide> {
  const { now } = deps;
  return changes.run(async (tx) => {
    const ride = await findOwnRide(tx, input.appointmentId, input.userId);
    const before = ride.appointment;
    assertChangeable(before, now, deps.policy);

    const [change] = await changeStatus(
      tx,
      and(eq(appointments.id, before.id), eq(appointments.slotStart, before.slotStart)),
      'paid',
      'cancelled',
      now,
      { cancelledBy: 'customer' },
    );
    // Cancelled or moved since we read it (another tab, the owner): theirs stands.
    if (!change) throw AppError.conflict(RIDE_CHANGED_ELSEWHERE_MESSAGE);
    // A round trip's return leg goes too when the customer says so.
    const returns = input.withReturn
      ? await changeStatus(tx, eq(appointments.returnOf, before.id), 'paid', 'cancelled', now, {
          cancelledBy: 'customer',
        })
      : [];

    const cancelled = {
      ...before,
      status: 'cancelled' as const,
      cancelledAt: now,
      cancelledBy: 'customer' as const,
      updatedAt: now,
    };
    return {
      change,
      consequences: {
        audit: [
          {
            actor: ride.actor,
            action: 'appointment.cancelled',
            at: now,
            serviceId: before.serviceId,
            appointmentId: before.id,
            before: { status: 'paid' },
            after: { status: 'cancelled', cancelledBy: 'customer' },
          },
          ...returns.map((leg) => ({
            actor: ride.actor,
            action: 'appointment.cancelled' as const,
            at: now,
            serviceId: before.serviceId,
            appointmentId: leg.appointmentId,
            before: { status: 'paid' },
            after: { status: 'cancelled', cancelledBy: 'customer', with: before.id },
          })),
        ],
        message: {
          kind: 'cancelled',
          appointmentId: before.id,
          at: now,
          by: 'customer',
          refundCents: 0,
        },
      },
      result: { ...ride, appointment: cancelled },
    };
  });
}
