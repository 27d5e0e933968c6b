import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { appointments, billCharges, bills, services, users, type Database } from '@app/db';
import { bookingReference } from '@app/shared';
import { AppError } from '../../errors.ts';
import { billPageUrl } from '../../calendar/ride-calendar.ts';
import {
  keyMayBeForgotten,
  type OffSessionCharge,
  type PaymentProvider,
} from '../payments/payment-provider.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';

const CHARGES_PER_RUN = 50;
/** A payment link stays open this long (Stripe's Checkout allows at most a day). */
export const PAYMENT_LINK_LIFETIME_MS = 23 * 3_600_000;

type Charge = typeof billCharges.$inferSelect;

export interface ChargeDeps {
  db: Database;
  payments: PaymentProvider;
  recordMessages: RecordMessages;
  publicBaseUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Charges one recorded bill charge to the card kept with the deposit, if it is due. The attempt
 * is claimed by one conditional update that pushes the next try back (so the job and a second
 * process leave it alone meanwhile, and a crash mid-call is retried later); every attempt sends
 * the same idempotency key, so the provider answers a repeated attempt with the same payment.
 * Once the provider may have forgotten the key, an attempt after an earlier one first looks for
 * the payment that one made (`findOffSessionCharge`), and takes it as the answer. A bank's
 * refusal (authentication wanted, or declined) opens a payment link for the same amount, under a
 * key of its own, and tells the customer. Answers the charge as it stands.
 */
export async function chargeBill(
  deps: ChargeDeps,
  chargeId: string,
  now: Date,
): Promise<Charge | null> {
  const { db } = deps;
  const [claimed] = await db
    .update(billCharges)
    .set({
      attempts: sql`${billCharges.attempts} + 1`,
      // 1, 2, 4 ... minutes after this attempt, at most an hour.
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(power(2, ${billCharges.attempts}), 60) * interval '1 minute'`,
      updatedAt: now,
    })
    .where(
      and(
        eq(billCharges.id, chargeId),
        eq(billCharges.status, 'pending'),
        lte(billCharges.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [ride] = await db
    .select({
      paymentIntentId: appointments.paymentIntentId,
      carName: services.name,
      email: users.email,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, claimed.appointmentId));
  if (!ride) throw new Error(`No appointment ${claimed.appointmentId} for its bill`);

  const reference = bookingReference(claimed.appointmentId);
  let outcome: OffSessionCharge;
  let link: { id: string; url: string } | null = null;
  try {
    const made = keyMayBeForgotten(claimed, now)
      ? await deps.payments.findOffSessionCharge(claimed.idempotencyKey)
      : null;
    const card =
      !made && ride.paymentIntentId ? await deps.payments.savedCard(ride.paymentIntentId) : null;
    outcome =
      made ??
      (card
        ? await deps.payments.chargeSavedCard({
            customerId: card.customerId,
            paymentMethodId: card.paymentMethodId,
            amountCents: claimed.amountCents,
            description: `${ride.carName} ride ${reference}: balance and tip`,
            metadata: { appointmentId: claimed.appointmentId, purpose: 'balance', reference },
            idempotencyKey: claimed.idempotencyKey,
          })
        : // A deposit paid before cards were kept: the customer pays through a link.
          { status: 'declined', paymentIntentId: null, declineCode: 'no_saved_card' });
    if (outcome.status !== 'succeeded') {
      // Its life counted from the charge's record, so every retry of the key asks the same; a
      // charge answered a day late (its record's link would be over) opens one from this minute.
      const fresh =
        claimed.createdAt.getTime() + PAYMENT_LINK_LIFETIME_MS - now.getTime() > 3_600_000;
      link = fresh
        ? await openPaymentLink(deps, claimed, ride, `bill-link-${claimed.id}`, claimed.createdAt)
        : await openPaymentLink(deps, claimed, ride, ...linkOfMinute(claimed, now));
    }
  } catch (error) {
    // Not reached, or the provider failed: the same key is sent again on the next attempt.
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .update(billCharges)
      .set({ lastError, updatedAt: now })
      .where(and(eq(billCharges.id, claimed.id), eq(billCharges.status, 'pending')));
    deps.log.warn(
      { appointmentId: claimed.appointmentId, attempts: claimed.attempts },
      'bill not charged yet: will retry',
    );
    return { ...claimed, lastError };
  }
  return recordOutcome(deps, claimed, outcome, link, now);
}

/**
 * A checkout for the charge's amount, for a customer whose bank refused the kept card: open
 * `PAYMENT_LINK_LIFETIME_MS` from `opensAt`, under the caller's key. Both come from stored
 * values, never the clock alone, so a retry asks for the very same session.
 */
async function openPaymentLink(
  deps: Omit<ChargeDeps, 'log'>,
  charge: Charge,
  ride: { carName: string; email: string },
  idempotencyKey: string,
  opensAt: Date,
): Promise<{ id: string; url: string }> {
  const reference = bookingReference(charge.appointmentId);
  const page = billPageUrl(charge.appointmentId, deps.publicBaseUrl);
  return deps.payments.createCheckout({
    appointmentId: charge.appointmentId,
    amountCents: charge.amountCents,
    productName: `${ride.carName} ride ${reference}: balance and tip`,
    customerEmail: ride.email,
    metadata: { purpose: 'balance', reference },
    purpose: 'balance',
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
    expiresAt: new Date(
      Math.ceil((opensAt.getTime() + PAYMENT_LINK_LIFETIME_MS) / 60_000) * 60_000,
    ),
    idempotencyKey,
  });
}

/**
 * A link's key and opening both from the minute asked: a retry within it makes the same session,
 * a later one another (the one recorded is the one sent).
 */
function linkOfMinute(charge: Charge, now: Date): [key: string, opensAt: Date] {
  const minute = Math.floor(now.getTime() / 60_000);
  return [`bill-link-${charge.id}-${minute}`, new Date(minute * 60_000)];
}

export const LINK_NOT_DUE_MESSAGE = 'This bill has no payment waiting for a link.';

/**
 * A fresh payment link for a bill still due whose link has expired (a day's life at most): the
 * next key in the charge's series, linked by one conditional update on the link it replaces.
 * An open link is answered as it is.
 */
export async function renewPaymentLink(
  deps: Omit<ChargeDeps, 'log'>,
  input: { appointmentId: string; userId: string; now: Date },
): Promise<string> {
  const [row] = await deps.db
    .select({ charge: billCharges, carName: services.name, email: users.email })
    .from(billCharges)
    .innerJoin(appointments, eq(appointments.id, billCharges.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(billCharges.appointmentId, input.appointmentId),
        eq(appointments.userId, input.userId),
      ),
    );
  const charge = row?.charge;
  if (!row || !charge || !charge.linkSessionId || !charge.linkUrl)
    throw AppError.conflict(LINK_NOT_DUE_MESSAGE);
  if (charge.status !== 'requires_action' && charge.status !== 'declined')
    throw AppError.conflict(LINK_NOT_DUE_MESSAGE);
  const current = await deps.payments.retrieveCheckout(charge.linkSessionId);
  if (current?.status === 'open' && current.url) return current.url;
  if (current?.status === 'complete') throw AppError.conflict(LINK_NOT_DUE_MESSAGE);
  const link = await openPaymentLink(deps, charge, row, ...linkOfMinute(charge, input.now));
  await deps.db
    .update(billCharges)
    .set({ linkSessionId: link.id, linkUrl: link.url, updatedAt: input.now })
    .where(and(eq(billCharges.id, charge.id), eq(billCharges.linkSessionId, charge.linkSessionId)));
  // Ours, or a link another tab made meanwhile: either is open.
  const [linked] = await deps.db.select().from(billCharges).where(eq(billCharges.id, charge.id));
  if (!linked?.linkUrl) throw AppError.conflict(LINK_NOT_DUE_MESSAGE);
  return linked.linkUrl;
}

/** The provider's answer, with the bill's new state and the customer's message, in one transaction. */
async function recordOutcome(
  deps: ChargeDeps,
  claimed: Charge,
  outcome: OffSessionCharge,
  link: { id: string; url: string } | null,
  now: Date,
): Promise<Charge | null> {
  return deps.db.transaction(async (tx) => {
    const paid = outcome.status === 'succeeded';
    const [charge] = await tx
      .update(billCharges)
      .set({
        status: outcome.status,
        paymentIntentId: outcome.paymentIntentId,
        ...(paid
          ? { cardBrand: outcome.brand, cardLast4: outcome.last4 }
          : { declineCode: outcome.declineCode, linkSessionId: link?.id, linkUrl: link?.url }),
        lastError: null,
        updatedAt: now,
      })
      .where(and(eq(billCharges.id, claimed.id), eq(billCharges.status, 'pending')))
      .returning();
    // Recorded meanwhile by an attempt whose claim had lapsed: it told the customer.
    if (!charge) {
      const [current] = await tx.select().from(billCharges).where(eq(billCharges.id, claimed.id));
      return current ?? null;
    }
    const appointmentId = charge.appointmentId;
    await tx
      .update(bills)
      .set({ status: paid ? 'paid' : 'payment_due', paidAt: paid ? now : null, updatedAt: now })
      .where(and(eq(bills.appointmentId, appointmentId), eq(bills.status, 'charging')));
    if (paid)
      await deps.recordMessages(tx, {
        kind: 'bill_paid',
        appointmentId,
        at: now,
        amountCents: charge.amountCents,
        tipCents: charge.tipCents,
      });
    else if (link)
      await deps.recordMessages(tx, {
        kind: 'bill_payment_due',
        appointmentId,
        at: now,
        amountCents: charge.amountCents,
        linkUrl: link.url,
      });
    return charge;
  });
}

/** Attempts every recorded charge that is due (the `charge-bills` job). */
export async function chargeDueBills(deps: ChargeDeps, now: Date): Promise<Charge[]> {
  const due = await deps.db
    .select({ id: billCharges.id })
    .from(billCharges)
    .where(and(eq(billCharges.status, 'pending'), lte(billCharges.nextAttemptAt, now)))
    .orderBy(asc(billCharges.nextAttemptAt))
    .limit(CHARGES_PER_RUN);
  const charged: Charge[] = [];
  for (const { id } of due) {
    const charge = await chargeBill(deps, id, now);
    if (charge) charged.push(charge);
  }
  return charged;
}
