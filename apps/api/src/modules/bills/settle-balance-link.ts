import { and, eq, inArray } from 'drizzle-orm';
import { billCharges, bills, type Database } from '@app/db';
import type { CheckoutOutcome } from '../payments/payment-provider.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';

/**
 * A payment link's checkout, paid: the bill's charge is paid by it and the receipt sent, by one
 * conditional update of the charge (still refused by the bank) in a transaction with the bill
 * and the message. Idempotent: the webhook, redelivered, and the sandbox page find it done.
 * A charge has one link (its key is the charge's), so no second payment can come of it.
 */
export async function settleBalanceLink(
  db: Database,
  recordMessages: RecordMessages,
  session: CheckoutOutcome,
  now: Date,
): Promise<void> {
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return;
  await db.transaction(async (tx) => {
    const [charge] = await tx
      .update(billCharges)
      .set({ status: 'paid_by_link', paymentIntentId: session.paymentIntentId, updatedAt: now })
      .where(
        and(
          eq(billCharges.linkSessionId, session.id),
          inArray(billCharges.status, ['requires_action', 'declined']),
        ),
      )
      .returning();
    if (!charge) return;
    await tx
      .update(bills)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(bills.appointmentId, charge.appointmentId), eq(bills.status, 'payment_due')));
    await recordMessages(tx, {
      kind: 'bill_paid',
      appointmentId: charge.appointmentId,
      at: now,
      amountCents: charge.amountCents,
      tipCents: charge.tipCents,
    });
  });
}
