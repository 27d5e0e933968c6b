import { and, eq, lte } from 'drizzle-orm';
import { appointments, bills, type Database } from '@app/db';
import { billBalance } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { BILL_ALREADY_SENT_MESSAGE, BILL_NOT_FOUND_MESSAGE } from './adjust-bill.ts';
import { readBillRules } from './bill-rules.ts';

export const RIDE_NOT_DONE_MESSAGE =
  'This ride is no longer marked done, so its bill cannot be sent.';

/** Who sends a bill by the owner's rule (`autoSendHours`), in the audit trail. */
export const BILL_RULE_ACTOR: AuditActor = { userId: null, label: 'automatic' };

/**
 * Sends a drafted bill: one conditional update (still a draft, its ride still done) with its
 * audit event and the customer's email and text, in one transaction. The tip window starts now.
 */
export async function sendBill(
  db: Database,
  recordMessages: RecordMessages,
  input: { appointmentId: string; actor: AuditActor; now: Date },
): Promise<void> {
  const { appointmentId, actor, now } = input;
  await db.transaction(async (tx) => {
    const rules = await readBillRules(tx);
    const [ride] = await tx
      .select({ status: appointments.status, serviceId: appointments.serviceId })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
      .for('share');
    const [bill] = await tx
      .select()
      .from(bills)
      .where(eq(bills.appointmentId, appointmentId))
      .for('update');
    if (!ride || !bill) throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
    if (bill.status !== 'draft') throw AppError.conflict(BILL_ALREADY_SENT_MESSAGE);
    if (ride.status !== 'completed') throw AppError.conflict(RIDE_NOT_DONE_MESSAGE);
    const tipDueAt = new Date(now.getTime() + rules.tipWindowHours * 3_600_000);
    await tx
      .update(bills)
      .set({ status: 'sent', sentAt: now, tipDueAt, updatedAt: now })
      .where(and(eq(bills.appointmentId, appointmentId), eq(bills.status, 'draft')));
    const balanceCents = billBalance(bill.lines, bill.depositCents);
    await recordAudit(tx, {
      actor,
      action: 'bill.sent',
      at: now,
      serviceId: ride.serviceId,
      appointmentId,
      before: { status: 'draft' },
      after: { status: 'sent', totalCents: bill.totalCents, balanceCents },
    });
    await recordMessages(tx, {
      kind: 'bill_sent',
      appointmentId,
      at: now,
      totalCents: bill.totalCents,
      balanceCents,
    });
  });
}

/**
 * The owner's rule: drafts whose ride was done `autoSendHours` ago go by themselves. Each is
 * sent in its own transaction; one that changed meanwhile (sent by hand, ride undone) is skipped.
 */
export async function sendDueBills(
  db: Database,
  recordMessages: RecordMessages,
  now: Date,
): Promise<number> {
  const rules = await readBillRules(db);
  if (rules.autoSendHours === null) return 0;
  const before = new Date(now.getTime() - rules.autoSendHours * 3_600_000);
  const due = await db
    .select({ appointmentId: bills.appointmentId })
    .from(bills)
    .innerJoin(appointments, eq(appointments.id, bills.appointmentId))
    .where(
      and(
        eq(bills.status, 'draft'),
        lte(bills.draftedAt, before),
        eq(appointments.status, 'completed'),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { appointmentId } of due) {
    try {
      await sendBill(db, recordMessages, { appointmentId, actor: BILL_RULE_ACTOR, now });
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return sent;
}
