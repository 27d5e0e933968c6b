import { and, eq, type SQL } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import type { AppointmentStatus } from '@app/shared';

/** Every status change an appointment may make, as data: `changeStatus` refuses any other. */
export const APPOINTMENT_TRANSITIONS: Readonly<
  Record<AppointmentStatus, readonly AppointmentStatus[]>
> = {
  // Paid within the checkout's time; or the checkout expired, was abandoned or ran out.
  // An owner may also cancel a hold (a payment landing after it is refunded as late).
  pending_payment: ['paid', 'expired', 'cancelled'],
  // Paid after the hold was released: kept while the slot is still free.
  expired: ['paid'],
  // The customer (within the policy's limit) or an owner cancels; after pickup an owner marks
  // the ride done or the customer absent.
  paid: ['cancelled', 'completed', 'no_show'],
  cancelled: [],
  // Undone by an owner within `FINISH_UNDO_MINUTES` of marking it (a slip of the thumb).
  completed: ['paid'],
  no_show: ['paid'],
};

/** One appointment's change of status, as told after commit (`appointment-changes.ts`). */
export interface AppointmentChange {
  appointmentId: string;
  /** The customer whose appointment it is (whom a notification would go to). */
  userId: string;
  /** null for an appointment just made (a new hold). */
  from: AppointmentStatus | null;
  to: AppointmentStatus;
  at: Date;
}

/**
 * Moves the appointments `which` selects from `from` to `to` in one conditional update, so two
 * requests racing to make the same change cannot both make it; answers the changes made. Every
 * change of an existing appointment's status goes through here.
 */
export async function changeStatus(
  db: Database,
  which: SQL | undefined,
  from: AppointmentStatus,
  to: AppointmentStatus,
  at: Date,
  /** Written with the change: the checkout that paid, say, or who cancelled and why. */
  also: Partial<
    Pick<
      typeof appointments.$inferInsert,
      'checkoutSessionId' | 'paymentIntentId' | 'cancelledBy' | 'cancelReason'
    >
  > = {},
): Promise<AppointmentChange[]> {
  if (!APPOINTMENT_TRANSITIONS[from].includes(to)) {
    throw new Error(`An appointment cannot go from ${from} to ${to}`);
  }
  const changed = await db
    .update(appointments)
    .set({
      ...also,
      status: to,
      updatedAt: at,
      ...(to === 'paid' && (from === 'pending_payment' || from === 'expired')
        ? { paidAt: at }
        : {}),
      ...(to === 'cancelled' ? { cancelledAt: at } : {}),
      ...(to === 'completed' || to === 'no_show' ? { finishedAt: at } : {}),
      ...(from === 'completed' || from === 'no_show' ? { finishedAt: null } : {}),
      // The client address's hash bounds live holds only: it goes with the hold.
      clientAddressHash: null,
    })
    .where(and(which, eq(appointments.status, from)))
    .returning({ appointmentId: appointments.id, userId: appointments.userId });
  return changed.map((row) => ({ ...row, from, to, at }));
}
