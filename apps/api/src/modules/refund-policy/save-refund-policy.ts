import { eq } from 'drizzle-orm';
import { refundPolicy, refundTiers, type Database } from '@app/db';
import type { RefundPolicyInput } from '@app/shared';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readRefundTiers } from './refund-policy-source.ts';

/**
 * Replaces the owner's refund tiers, audited with the tiers they replace, in one transaction.
 * The policy row is claimed first (inserted, or locked if it stands), so two owners saving at
 * once are recorded one after the other, each with the tiers the other left.
 */
export async function saveRefundPolicy(
  db: Database,
  input: RefundPolicyInput,
  context: { actor: AuditActor; now: Date },
): Promise<void> {
  const { actor, now } = context;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(refundPolicy)
      .values({ id: 1, updatedAt: now })
      .onConflictDoNothing({ target: refundPolicy.id })
      .returning({ id: refundPolicy.id });
    if (inserted.length === 0) {
      await tx.select().from(refundPolicy).where(eq(refundPolicy.id, 1)).for('update');
      await tx.update(refundPolicy).set({ updatedAt: now }).where(eq(refundPolicy.id, 1));
    }
    const before = await readRefundTiers(tx);
    await tx.delete(refundTiers);
    if (input.tiers.length > 0) await tx.insert(refundTiers).values(input.tiers);
    await recordAudit(tx, {
      actor,
      action: 'refund_policy.updated',
      at: now,
      before: { tiers: before, source: inserted.length > 0 ? 'defaults' : 'owner' },
      after: { tiers: input.tiers, source: 'owner' },
    });
  });
}
