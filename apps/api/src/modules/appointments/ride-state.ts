import { eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { RIDE_STATUS_LABELS, type AppointmentStatus } from '@app/shared';
import { AppError } from '../../errors.ts';

/*
 * What the owner's changes of a ride (from the board, `modules/rides`) share: the ride as it
 * stands, and the refusal of a change the ride no longer allows.
 */

/** The owner's answer for an unknown ride (the customer's, in `own-ride.ts`, differs). */
export const NO_SUCH_RIDE_MESSAGE = 'There is no such ride.';

/** How a status reads in a sentence. */
export function statusWords(status: AppointmentStatus): string {
  return status === 'expired'
    ? 'an expired hold'
    : (RIDE_STATUS_LABELS[status] ?? status).toLowerCase();
}

/** The refusal of a change whose ride is not (or no longer) as the owner saw it. */
export function rideChangedMessage(status: AppointmentStatus): string {
  return `This ride is ${statusWords(status)} now, so nothing was changed. Look at it again.`;
}

/**
 * The ride as it stands (after a conditional update changed nothing, the winner's change is
 * committed and visible), or 404 when there is none. `lock` takes its row FOR UPDATE, for a
 * change that checks the row before writing it: a change racing it waits, then reads its result.
 */
export async function currentRide(tx: Database, id: string, options: { lock?: boolean } = {}) {
  const query = tx.select().from(appointments).where(eq(appointments.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(NO_SUCH_RIDE_MESSAGE);
  return row;
}
