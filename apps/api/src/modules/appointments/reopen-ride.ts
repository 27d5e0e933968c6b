import { and, eq, gt } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { FINISH_UNDO_MINUTES } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { AppointmentChanges, TransitionOutcome } from './appointment-changes.ts';
import { isCarTimeTaken } from './car-time.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';
import { changeStatus } from './status.ts';

export const TIME_BOOKED_SINCE_MESSAGE =
  'The car’s time after this ride has been booked since, so it cannot be undone.';
export const TOO_LATE_TO_UNDO_MESSAGE = `This ride was marked more than ${FINISH_UNDO_MINUTES} minutes ago, so it can no longer be undone.`;

/**
 * An owner undoes a ride's completion or no-show within `FINISH_UNDO_MINUTES` of marking it:
 * the ride is paid again, as before. One conditional update (still as marked, marked recently);
 * the thank-you email still waiting (`finishRide` delays it by the same time) is then not sent.
 */
export async function reopenRide(
  changes: AppointmentChanges,
  input: { id: string; actor: AuditActor; now: Date },
): Promise<void> {
  const { id, actor, now } = input;
  try {
    await reopen(changes, id, actor, now);
  } catch (error) {
    // A long ride marked early freed the rest of its time, and someone booked it since.
    if (isCarTimeTaken(error)) throw AppError.conflict(TIME_BOOKED_SINCE_MESSAGE);
    throw error;
  }
}

function reopen(changes: AppointmentChanges, id: string, actor: AuditActor, now: Date) {
  return changes.run((tx) => reopenTransition(tx, { id, actor, now }));
}

/** The transition itself, for a change that reopens a ride within its own (a chauffeur's undo). */
export async function reopenTransition(
  tx: Database,
  input: { id: string; actor: AuditActor; now: Date },
): Promise<TransitionOutcome<undefined>> {
  const { id, actor, now } = input;
  const ride = await currentRide(tx, id);
  if (ride.status !== 'completed' && ride.status !== 'no_show') {
    throw AppError.conflict(rideChangedMessage(ride.status));
  }
  const since = new Date(now.getTime() - FINISH_UNDO_MINUTES * 60_000);
  const which = and(eq(appointments.id, id), gt(appointments.finishedAt, since));
  const [change] = await changeStatus(tx, which, ride.status, 'paid', now);
  if (!change) {
    const current = await currentRide(tx, id);
    if (current.status === ride.status) throw AppError.conflict(TOO_LATE_TO_UNDO_MESSAGE);
    throw AppError.conflict(rideChangedMessage(current.status));
  }
  return {
    change,
    consequences: {
      audit: [
        {
          actor,
          at: now,
          serviceId: ride.serviceId,
          appointmentId: id,
          action: 'appointment.reopened',
          before: { status: ride.status },
          after: { status: 'paid' },
        },
      ],
      message: null,
    },
    result: undefined,
  };
}
