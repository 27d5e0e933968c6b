import { refundPolicy, refundTiers, type Database } from '@app/db';
import type { RefundPolicyInput } from '@app/shared';
import type { AuditActor } from '../audit/record-audit.ts';
import { saveSettingsRow } from '../owner-settings/save-settings-row.ts';
import { readRefundTiers } from './refund-policy-source.ts';

/**
 * Replaces the owner's refund tiers, audited with the tiers they replace, in one transaction
 * that claims the policy row first (`saveSettingsRow`): the tiers are read under its lock.
 */
export async function saveRefundPolicy(
  db: Database,
  input: RefundPolicyInput,
  context: { actor: AuditActor; now: Date },
): Promise<void> {
  await saveSettingsRow(db, {
    table: refundPolicy,
    values: {},
    action: 'refund_policy.updated',
    ...context,
    write: async (stood, tx) => {
      const before = await readRefundTiers(tx);
      await tx.delete(refundTiers);
      if (input.tiers.length > 0) await tx.insert(refundTiers).values(input.tiers);
      return {
        before: { tiers: before, source: stood ? 'owner' : 'defaults' },
        after: { tiers: input.tiers, source: 'owner' },
      };
    },
  });
}
