import { and, eq, lte } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { changeStatus, type AppointmentChange } from '../appointments/status.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';

export const NOT_YET_PICKED_UP_MESSAGE =
  'This ride’s pickup time has not come yet: mark it once it has.';

/**
 * After pickup, an owner marks a paid ride completed, or the customer absent (`no_show`). One
 * conditional update (paid, pickup time passed) in a transaction with its audit event and, for
 * a completed ride, the customer's message; a no-show tells no one.
 */
export async function finishRide(
  db: Database,
  deps: { recordMessages: RecordMessages },
  input: { id: string; actor: AuditActor; to: 'completed' | 'no_show'; now: Date },
): Promise<AppointmentChange> {
  const { id, actor, to, now } = input;
  return db.transaction(async (tx) => {
    const which = and(eq(appointments.id, id), lte(appointments.slotStart, now));
    const [change] = await changeStatus(tx, which, 'paid', to, now);
    const ride = await currentRide(tx, id);
    if (!change) {
      if (ride.status === 'paid') throw AppError.conflict(NOT_YET_PICKED_UP_MESSAGE);
      throw AppError.conflict(rideChangedMessage(ride.status));
    }
    await recordAudit(tx, {
      actor,
      at: now,
      serviceId: ride.serviceId,
      appointmentId: id,
      action: to === 'completed' ? 'appointment.completed' : 'appointment.no_show',
      before: { status: 'paid' },
      after: { status: to },
    });
    if (to === 'completed')
      await deps.recordMessages(tx, { kind: 'completed', appointmentId: id, at: now });
    return change;
  });
}
