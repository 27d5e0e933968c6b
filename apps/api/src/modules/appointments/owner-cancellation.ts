import { and, eq, inArray } from 'drizzle-orm';
import { refunds, type Appointment, type Database } from '@app/db';
import type { OwnerCancellation } from '@app/shared';

/**
 * Why the business cancelled each of `rides` it did cancel, and the deposit it gave back (the
 * refund an owner's cancel recorded): what My rides and the ride's page tell the customer.
 */
export async function ownerCancellations(
  db: Database,
  rides: readonly Appointment[],
): Promise<Map<string, OwnerCancellation>> {
  const cancelled = rides.filter(
    (ride) => ride.status === 'cancelled' && ride.cancelledBy === 'owner',
  );
  if (cancelled.length === 0) return new Map();
  const given = await db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.appointmentId,
          cancelled.map((ride) => ride.id),
        ),
        eq(refunds.reason, 'cancelled_by_owner'),
      ),
    );
  return new Map(
    cancelled.map((ride) => {
      const refund = given.find((row) => row.appointmentId === ride.id);
      return [
        ride.id,
        {
          reason: ride.cancelReason,
          refund: refund
            ? {
                amountCents: refund.amountCents,
                status: refund.status,
                createdAt: refund.createdAt.toISOString(),
              }
            : null,
        },
      ];
    }),
  );
}
