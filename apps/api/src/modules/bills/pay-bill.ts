import { randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { appointments, billCharges, bills, type Database } from '@app/db';
import { billBalance, tipFor, type PayBillRequest, type TipChoice } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { BILL_NOT_FOUND_MESSAGE } from './adjust-bill.ts';
import { readBillRules } from './bill-rules.ts';

/**
 * The least a card network takes (Stripe's minimum charge in dollars): a balance and tip below
 * it is let go rather than charged, and the bill settled.
 */
export const MIN_CHARGE_CENTS = 50;

export const BILL_NOT_SENT_MESSAGE = 'This bill has not been sent yet.';
export const BILL_ALREADY_PAID_MESSAGE = 'This bill is already being paid.';

type Tip = { choice: TipChoice; percent: number } | { choice: 'other'; tipCents: number };

/**
 * Fixes a sent bill's amount with its tip, in one transaction: the bill moves from `sent` by one
 * conditional update (so a second tap, a second tab or the default-tip job finds it gone), and
 * the charge of its balance and tip is recorded with its idempotency key before the provider is
 * asked (`chargeBill`, after the commit). Nothing left to pay: the bill is settled, a receipt
 * sent. Answers the charge to attempt, or null.
 */
async function fixAmount(
  db: Database,
  recordMessages: RecordMessages,
  appointmentId: string,
  tip: Tip,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [bill] = await tx
      .select()
      .from(bills)
      .where(eq(bills.appointmentId, appointmentId))
      .for('update');
    if (!bill) throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
    if (bill.status === 'draft') throw AppError.conflict(BILL_NOT_SENT_MESSAGE);
    if (bill.status !== 'sent') throw AppError.conflict(BILL_ALREADY_PAID_MESSAGE);
    const tipCents = 'tipCents' in tip ? tip.tipCents : tipFor(bill.lines, tip.percent);
    const amountCents = billBalance(bill.lines, bill.depositCents) + tipCents;
    const settled = amountCents < MIN_CHARGE_CENTS;
    await tx
      .update(bills)
      .set({
        status: settled ? 'settled' : 'charging',
        // Let go with the balance when too small to charge: the receipt says what was paid.
        tipCents: settled ? 0 : tipCents,
        tipChoice: tip.choice,
        paidAt: settled ? now : null,
        updatedAt: now,
      })
      .where(and(eq(bills.appointmentId, appointmentId), eq(bills.status, 'sent')));
    if (settled) {
      await recordMessages(tx, {
        kind: 'bill_paid',
        appointmentId,
        at: now,
        amountCents,
        tipCents,
      });
      return null;
    }
    const id = randomUUID();
    await tx.insert(billCharges).values({
      id,
      appointmentId,
      amountCents,
      tipCents,
      idempotencyKey: `bill-charge-${id}`,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  });
}

/** The customer's tip on their own sent bill; answers the charge to attempt, or null. */
export async function payBill(
  db: Database,
  recordMessages: RecordMessages,
  input: { appointmentId: string; userId: string; tip: PayBillRequest; now: Date },
): Promise<string | null> {
  const [own] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, input.appointmentId), eq(appointments.userId, input.userId)));
  if (!own) throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
  const tip: Tip =
    input.tip.choice === 'other'
      ? { choice: 'other', tipCents: input.tip.tipCents }
      : {
          choice: input.tip.choice,
          percent: input.tip.choice === 'none' ? 0 : Number(input.tip.choice),
        };
  return fixAmount(db, recordMessages, input.appointmentId, tip, input.now);
}

/**
 * The owner's default tip, for sent bills whose tip window closed without a choice. Each in its
 * own transaction; one the customer paid meanwhile is skipped. Answers the charges to attempt.
 */
export async function applyDefaultTips(
  db: Database,
  recordMessages: RecordMessages,
  now: Date,
): Promise<string[]> {
  const { defaultTipPercent } = await readBillRules(db);
  const due = await db
    .select({ appointmentId: bills.appointmentId })
    .from(bills)
    .where(and(eq(bills.status, 'sent'), lte(bills.tipDueAt, now)))
    .limit(100);
  const charges: string[] = [];
  for (const { appointmentId } of due) {
    try {
      const tip = { choice: 'default' as const, percent: defaultTipPercent };
      const charge = await fixAmount(db, recordMessages, appointmentId, tip, now);
      if (charge) charges.push(charge);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return charges;
}
