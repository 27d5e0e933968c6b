import { and, eq, lte } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { FINISH_UNDO_MINUTES } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { AppointmentChanges, TransitionOutcome } from './appointment-changes.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';
import { changeStatus } from './status.ts';
import { draftBill } from '../bills/draft-bill.ts';

export const NOT_YET_PICKED_UP_MESSAGE =
  'This ride’s pickup time has not come yet: mark it once it has.';

/**
 * After pickup, an owner marks a paid ride completed, or the customer absent (`no_show`). One
 * conditional update (paid, pickup time passed) in a transaction with its audit event and, for
 * a completed ride, the customer's message; a no-show tells no one.
 */
export function finishRide(changes: AppointmentChanges, input: FinishInput): Promise<void> {
  return changes.run((tx) => finishTransition(tx, input));
}

interface FinishInput {
  id: string;
  actor: AuditActor;
  to: 'completed' | 'no_show';
  now: Date;
  /**
   * The chauffeur tapped "Passenger on board": the ride happened, even before its booked
   * pickup time (a customer ready early), so that time need not have come.
   */
  pickedUp?: boolean;
}

/** The transition itself, for a change that finishes a ride within its own (a chauffeur's drop-off). */
export async function finishTransition(
  tx: Database,
  input: FinishInput,
): Promise<TransitionOutcome<undefined>> {
  const { id, actor, to, now } = input;
  const which = input.pickedUp
    ? eq(appointments.id, id)
    : and(eq(appointments.id, id), lte(appointments.slotStart, now));
  const [change] = await changeStatus(tx, which, 'paid', to, now);
  const ride = await currentRide(tx, id);
  if (!change) {
    if (ride.status === 'paid') throw AppError.conflict(NOT_YET_PICKED_UP_MESSAGE);
    throw AppError.conflict(rideChangedMessage(ride.status));
  }
  // A ride done is billed: its draft is written with the completion, so none is ever missed.
  if (to === 'completed') await draftBill(tx, id, now);
  return {
    change,
    consequences: {
      audit: [
        {
          actor,
          at: now,
          serviceId: ride.serviceId,
          appointmentId: id,
          action: to === 'completed' ? 'appointment.completed' : 'appointment.no_show',
          before: { status: 'paid' },
          after: { status: to },
        },
      ],
      // The thank-you waits until the marking can no longer be undone (`reopen-ride.ts`).
      message:
        to === 'completed'
          ? {
              kind: 'completed',
              appointmentId: id,
              at: now,
              finishedAt: now,
              sendAt: new Date(now.getTime() + FINISH_UNDO_MINUTES * 60_000),
            }
          : null,
    },
    result: undefined,
  };
}
