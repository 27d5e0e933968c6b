import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { refunds, type Database } from '@app/db';
import { UNKEPT_PAYMENT_REASONS, type RefundReason, type RefundView } from '@app/shared';
import { keyMayBeForgotten, type PaymentProvider } from './payment-provider.ts';

/** A refund is tried this many times (a minute apart at first, then up to an hour) before it fails. */
export const MAX_REFUND_ATTEMPTS = 10;
/** Refunds the job issues in one run, at most (the rest wait for the next minute). */
const REFUNDS_PER_RUN = 50;

export type Refund = typeof refunds.$inferSelect;

interface RefundLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Decides to give a payment back: writes the refund, pending, in the caller's transaction (the
 * one that made the decision), so that a crash at any line either forgets both or keeps both.
 * Answers its id, or null when that payment already has a refund for that ride (at most one per
 * payment and ride, even when two decisions race; a round trip's one payment pays two rides). After the commit, `issueRefund` it; the job catches up otherwise.
 */
export async function requestRefund(
  tx: Database,
  refund: {
    appointmentId: string;
    checkoutSessionId: string;
    paymentIntentId: string;
    amountCents: number;
    reason: RefundReason;
    at: Date;
  },
): Promise<string | null> {
  const id = randomUUID();
  const [written] = await tx
    .insert(refunds)
    .values({
      id,
      appointmentId: refund.appointmentId,
      checkoutSessionId: refund.checkoutSessionId,
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amountCents,
      reason: refund.reason,
      idempotencyKey: `refund-${id}`,
      nextAttemptAt: refund.at,
      createdAt: refund.at,
      updatedAt: refund.at,
    })
    .onConflictDoNothing({ target: [refunds.paymentIntentId, refunds.appointmentId] })
    .returning({ id: refunds.id });
  return written?.id ?? null;
}

/** The refund of a payment, if one was decided (inside a transaction: a decision made already). */
export async function refundOfPayment(db: Database, paymentIntentId: string) {
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.paymentIntentId, paymentIntentId));
  return refund ?? null;
}

/**
 * The refund of a checkout's payment the site could not keep (late or twice), as the success
 * page tells it. A cancel's refund of the same checkout is the cancellation's to tell.
 */
export async function refundOfCheckout(
  db: Database,
  checkoutSessionId: string,
): Promise<RefundView | null> {
  const [refund] = await db
    .select({ amountCents: refunds.amountCents, status: refunds.status, reason: refunds.reason })
    .from(refunds)
    .where(
      and(
        eq(refunds.checkoutSessionId, checkoutSessionId),
        inArray(refunds.reason, [...UNKEPT_PAYMENT_REASONS]),
      ),
    );
  return refund ?? null;
}

/**
 * Issues one pending refund through the provider, if it is due. The attempt is claimed first by
 * one conditional update that also pushes the next try back (so a second process, or the job,
 * leaves it alone meanwhile, and a crash mid-call is retried later); every attempt sends the
 * same idempotency key, so a provider that already took the refund answers that same refund (one
 * that may have forgotten the key is first asked for the refund made under it).
 * Answers the refund as it stands afterwards, or null when it was not due.
 */
export async function issueRefund(
  db: Database,
  provider: PaymentProvider,
  refundId: string,
  now: Date,
  log: RefundLog,
): Promise<Refund | null> {
  const [claimed] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      // 1, 2, 4 ... minutes after this attempt, at most an hour.
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(power(2, ${refunds.attempts}), 60) * interval '1 minute'`,
      updatedAt: now,
    })
    .where(
      and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)),
    )
    .returning();
  if (!claimed) return null;

  let outcome: Partial<Refund>;
  try {
    const request = {
      paymentIntentId: claimed.paymentIntentId,
      amountCents: claimed.amountCents,
      idempotencyKey: claimed.idempotencyKey,
    };
    const made =
      (keyMayBeForgotten(claimed, now) ? await provider.findRefund(request) : null) ??
      (await provider.refund(request));
    outcome = { status: made.status, providerRefundId: made.id, lastError: null };
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const gaveUp = claimed.attempts >= MAX_REFUND_ATTEMPTS;
    outcome = { status: gaveUp ? 'failed' : 'pending', lastError };
  }
  const [refund] = await db
    .update(refunds)
    .set({ ...outcome, updatedAt: now })
    .where(and(eq(refunds.id, claimed.id), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) {
    // Marked meanwhile by another attempt whose claim had lapsed: it logged what happened.
    const [current] = await db.select().from(refunds).where(eq(refunds.id, claimed.id));
    return current ?? claimed;
  }
  const fields = { appointmentId: refund.appointmentId, refundId: refund.id };
  if (refund.status === 'failed')
    log.error({ ...fields, attempts: refund.attempts }, 'refund failed: give it back by hand');
  else if (refund.status === 'pending')
    log.warn({ ...fields, attempts: refund.attempts }, 'refund not issued yet: will retry');
  return refund;
}

/** Issues every pending refund that is due (the `issue-pending-refunds` job). */
export async function issuePendingRefunds(
  db: Database,
  provider: PaymentProvider,
  now: Date,
  log: RefundLog,
): Promise<Refund[]> {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(REFUNDS_PER_RUN);
  const issued: Refund[] = [];
  for (const { id } of due) {
    const refund = await issueRefund(db, provider, id, now, log);
    if (refund) issued.push(refund);
  }
  return issued;
}
