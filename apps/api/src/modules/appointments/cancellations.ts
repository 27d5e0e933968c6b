import { and, eq, inArray } from 'drizzle-orm';
import { refunds, type Appointment, type Database } from '@app/db';
import type {
  CancelledRefund,
  CustomerCancellation,
  OwnerCancellation,
  RefundReason,
} from '@app/shared';

/*
 * A cancelled ride as its customer reads it on My rides and on its page: who cancelled, and the
 * deposit the cancel gave back (the refund it recorded, by its reason).
 */

/**
 * Why the business cancelled each of `rides` it did cancel, and the deposit it gave back (the
 * refund an owner's cancel recorded).
 */
export async function ownerCancellations(
  db: Database,
  rides: readonly Appointment[],
): Promise<Map<string, OwnerCancellation>> {
  const cancelled = cancelledBy(rides, 'owner');
  const given = await refundsOf(db, cancelled, 'cancelled_by_owner');
  return new Map(
    cancelled.map((ride) => [
      ride.id,
      { reason: ride.cancelReason, refund: given.get(ride.id) ?? null },
    ]),
  );
}

/**
 * What the owner's refund tiers gave back of the deposit of each of `rides` its customer
 * cancelled (the refund the customer's cancel recorded; none when the tiers gave nothing).
 */
export async function customerCancellations(
  db: Database,
  rides: readonly Appointment[],
): Promise<Map<string, CustomerCancellation>> {
  const cancelled = cancelledBy(rides, 'customer');
  const given = await refundsOf(db, cancelled, 'cancelled_by_customer');
  return new Map(cancelled.map((ride) => [ride.id, { refund: given.get(ride.id) ?? null }]));
}

function cancelledBy(rides: readonly Appointment[], by: 'owner' | 'customer'): Appointment[] {
  return rides.filter((ride) => ride.status === 'cancelled' && ride.cancelledBy === by);
}

/** Each ride's refund for `reason` (one at most: a ride's payment is refunded once). */
async function refundsOf(
  db: Database,
  rides: readonly Appointment[],
  reason: RefundReason,
): Promise<Map<string, CancelledRefund>> {
  if (rides.length === 0) return new Map();
  const given = await db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.appointmentId,
          rides.map((ride) => ride.id),
        ),
        eq(refunds.reason, reason),
      ),
    );
  return new Map(
    given.map((refund) => [
      refund.appointmentId,
      {
        amountCents: refund.amountCents,
        status: refund.status,
        createdAt: refund.createdAt.toISOString(),
      },
    ]),
  );
}
