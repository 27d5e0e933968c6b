import { and, eq, lt } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { isUniqueViolation } from '../../db-errors.ts';

/** A booking holds its slot for the checkout's life (Stripe's minimum is 30 minutes). */
export const CHECKOUT_LIFETIME_MS = 31 * 60_000;
/** The hold outlives its checkout a little, so a payment made at the last second still lands. */
export const HOLD_GRACE_MS = 2 * 60_000;

/**
 * Marks a held appointment paid. Idempotent: the webhook (delivered any number of times) and
 * the success page lookup may both call it; only the first changes anything.
 */
export async function markAppointmentPaid(
  db: Database,
  checkoutSessionId: string,
  now: Date,
  log: { error(obj: object, msg: string): void },
): Promise<boolean> {
  const paid = { status: 'paid' as const, paidAt: now, updatedAt: now };
  const [fromHold] = await db
    .update(appointments)
    .set(paid)
    .where(
      and(
        eq(appointments.checkoutSessionId, checkoutSessionId),
        eq(appointments.status, 'pending_payment'),
      ),
    )
    .returning({ id: appointments.id });
  if (fromHold) return true;
  // Paid after its hold was released: keep it if the slot is still free.
  try {
    const [late] = await db
      .update(appointments)
      .set(paid)
      .where(
        and(
          eq(appointments.checkoutSessionId, checkoutSessionId),
          eq(appointments.status, 'expired'),
        ),
      )
      .returning({ id: appointments.id });
    return Boolean(late);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    log.error(
      { checkoutSessionId },
      'payment arrived after the hold expired and the slot was taken: refund needed',
    );
    return false;
  }
}

/** Releases the hold of an unpaid appointment whose checkout expired or was abandoned. */
export async function releaseHold(
  db: Database,
  checkoutSessionId: string,
  now: Date,
): Promise<boolean> {
  const released = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(appointments.checkoutSessionId, checkoutSessionId),
        eq(appointments.status, 'pending_payment'),
      ),
    )
    .returning({ id: appointments.id });
  return released.length > 0;
}

/** Releases every hold past its time (run every minute; book_hold also frees the slot it books). */
export async function expireStaleHolds(db: Database, now: Date): Promise<number> {
  const expired = await db
    .update(appointments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(appointments.status, 'pending_payment'), lt(appointments.holdExpiresAt, now)))
    .returning({ id: appointments.id });
  return expired.length;
}
