import { eq } from 'drizzle-orm';
import { billRules, type Database } from '@app/db';
import { DEFAULT_BILL_RULES, type BillRules } from '@app/shared';
import type { AuditActor } from '../audit/record-audit.ts';
import { saveSettingsRow } from '../owner-settings/save-settings-row.ts';

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

/** Saves the owner's rules, audited with the rules they replace (the defaults, the first time). */
export async function saveBillRules(
  db: Database,
  rules: BillRules,
  context: { actor: AuditActor; now: Date },
): Promise<void> {
  await saveSettingsRow(db, {
    table: billRules,
    values: rules,
    columns: RULE_COLUMNS,
    action: 'bill_rules.updated',
    ...context,
    write: (stood) => ({ before: { ...(stood ?? DEFAULT_BILL_RULES) }, after: { ...rules } }),
  });
}
