import { eq } from 'drizzle-orm';
import { billRules, type Database } from '@app/db';
import { DEFAULT_BILL_RULES, type BillRules } from '@app/shared';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

const RULE_COLUMNS = {
  waitingGraceMinutes: billRules.waitingGraceMinutes,
  defaultTipPercent: billRules.defaultTipPercent,
  tipWindowHours: billRules.tipWindowHours,
  autoSendHours: billRules.autoSendHours,
};

/**
 * The owner's rules for bills, or the defaults while they have saved none. Read where they are
 * used (one primary-key read), never cached: a save on one instance holds on every other.
 */
export async function readBillRules(db: Database): Promise<BillRules & { ownerSet: boolean }> {
  const [row] = await db.select(RULE_COLUMNS).from(billRules).where(eq(billRules.id, 1));
  return row ? { ...row, ownerSet: true } : { ...DEFAULT_BILL_RULES, ownerSet: false };
}

/**
 * Saves the owner's rules, audited with the rules they replace, in one transaction. The row is
 * claimed first (inserted, or locked if it stands), so two owners saving at once are recorded
 * one after the other, each with what the other left.
 */
export async function saveBillRules(
  db: Database,
  rules: BillRules,
  context: { actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(billRules)
      .values({ id: 1, ...rules, updatedAt: context.now })
      .onConflictDoNothing({ target: billRules.id })
      .returning({ id: billRules.id });
    let before: BillRules = DEFAULT_BILL_RULES;
    if (inserted.length === 0) {
      const [saved] = await tx
        .select(RULE_COLUMNS)
        .from(billRules)
        .where(eq(billRules.id, 1))
        .for('update');
      if (!saved) throw new Error('the bill rules row vanished');
      before = saved;
      await tx
        .update(billRules)
        .set({ ...rules, updatedAt: context.now })
        .where(eq(billRules.id, 1));
    }
    await recordAudit(tx, {
      actor: context.actor,
      action: 'bill_rules.updated',
      at: context.now,
      before: { ...before },
      after: { ...rules },
    });
  });
}
