import { desc } from 'drizzle-orm';
import { refundPolicy, refundTiers, type Database } from '@app/db';
import type { RefundPolicyState, RefundTier } from '@app/shared';

/**
 * The owner's refund tiers (issue 31), most hours first; none until the owner saves some, and
 * then the booking fee is non-refundable. Read per request, never cached, as the travel
 * settings are: a save on one instance holds on every other at once. A cancel reads them in its
 * own transaction, so what it refunds is the policy at its commit.
 */
export async function readRefundTiers(db: Database): Promise<RefundTier[]> {
  return db
    .select({ hoursBefore: refundTiers.hoursBefore, percent: refundTiers.percent })
    .from(refundTiers)
    .orderBy(desc(refundTiers.hoursBefore));
}

/** The tiers with whether the owner has saved a policy at all, as the console's form shows them. */
export async function readRefundPolicy(db: Database): Promise<RefundPolicyState> {
  const [tiers, saved] = await Promise.all([
    readRefundTiers(db),
    db.select({ id: refundPolicy.id }).from(refundPolicy),
  ]);
  return { tiers, ownerSet: saved.length > 0 };
}
