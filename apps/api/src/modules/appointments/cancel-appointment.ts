import { and, eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { recordAudit } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { AppError } from '../../errors.ts';
import {
  RIDE_CHANGED_ELSEWHERE_MESSAGE,
  assertChangeable,
  findOwnRide,
  type ChangePolicy,
  type OwnRide,
} from './own-ride.ts';
import { changeStatus, type AppointmentChange } from './status.ts';

/**
 * The customer cancels their paid ride, up to the policy's limit before pickup: the slot is
 * freed by one conditional update (still paid, still at the slot read), and the messages and
 * the audit event are written in its transaction. The booking fee is not refunded (the
 * booking policy), so the messages say nothing goes back.
 */
export async function cancelAppointment(
  db: Database,
  input: { appointmentId: string; userId: string },
  deps: { now: Date; policy: ChangePolicy; recordMessages: RecordMessages },
): Promise<{ ride: OwnRide; change: AppointmentChange }> {
  const { now } = deps;
  return db.transaction(async (tx) => {
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

    await deps.recordMessages(tx, {
      kind: 'cancelled',
      appointmentId: before.id,
      at: now,
      by: 'customer',
      refundCents: 0,
    });
    await recordAudit(tx, {
      actor: ride.actor,
      action: 'appointment.cancelled',
      at: now,
      serviceId: before.serviceId,
      appointmentId: before.id,
      before: { status: 'paid' },
      after: { status: 'cancelled', cancelledBy: 'customer' },
    });
    const cancelled = {
      ...before,
      status: 'cancelled' as const,
      cancelledAt: now,
      cancelledBy: 'customer' as const,
      updatedAt: now,
    };
    return { ride: { ...ride, appointment: cancelled }, change };
  });
}
