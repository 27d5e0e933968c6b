import { eq } from 'drizzle-orm';
import { appointments, services, stretchIsBlocked, type Database } from '@app/db';
import type { RefundReason } from '@app/shared';
import type { CheckoutOutcome, PaymentProvider } from '../payments/payment-provider.ts';
import { issueRefund, refundOfPayment, requestRefund } from '../payments/refunds.ts';
import {
  NO_CONSEQUENCES,
  type AppointmentChanges,
  type TransitionOutcome,
} from './appointment-changes.ts';
import { giveDefaultChauffeur } from './chauffeur-assignment.ts';
import { changeStatus, type AppointmentChange } from './status.ts';
import { isCarTimeBlocked, isCarTimeTaken, releaseStaleHoldsOver } from './car-time.ts';

interface FulfilLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A refund decided instead of a change, issued after the commit. */
interface RefundDecided {
  appointmentId: string;
  reason: RefundReason;
  refundId: string | null;
}

/**
 * Brings a checkout's appointment in line with the provider's word. A paid checkout pays the
 * appointment it names, whichever of its checkouts it was (even after its hold was released,
 * while the slot is still free); a payment that cannot be kept (the slot was taken since, or
 * the appointment is already paid by another checkout) is refunded, the refund written in the
 * same transaction as that decision and issued at once after it. An expired or abandoned
 * checkout releases the hold it holds. Idempotent: the webhook (delivered any number of times),
 * the success page lookup and the sandbox page may all call it; only the first decides anything.
 * A booking paid writes its messages (the confirmation, the owner's notice) in the transaction
 * that marks it paid. (`FulfilCheckout`, modules/payments, is this with its first two arguments
 * given by app.ts.)
 */
export async function fulfilCheckout(
  changes: AppointmentChanges,
  /** Where a refund decided here is issued from, after the commit. */
  refunds: { db: Database; payments: PaymentProvider },
  session: CheckoutOutcome,
  now: Date,
  log: FulfilLog,
): Promise<void> {
  if (session.status === 'expired') {
    // Only the appointment's current checkout releases it: an older one's end says nothing.
    const ofSession = eq(appointments.checkoutSessionId, session.id);
    await changes.run(async (tx) => {
      const [released] = await changeStatus(tx, ofSession, 'pending_payment', 'expired', now);
      // A round trip's return leg goes with the checkout that was to pay it.
      if (released) {
        const legsOf = eq(appointments.returnOf, released.appointmentId);
        await changeStatus(tx, legsOf, 'pending_payment', 'expired', now);
      }
      return { change: released ?? null, consequences: NO_CONSEQUENCES, result: undefined };
    });
    return;
  }
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return;

  const refund = await changes.run((tx) => decidePayment(tx, session, now));
  if (!refund) return;
  log.warn(
    { appointmentId: refund.appointmentId, reason: refund.reason },
    refund.reason === 'late_payment'
      ? 'payment arrived after the hold expired and the slot was taken: refunding it'
      : 'appointment paid twice: refunding the second payment',
  );
  // Best effort: the job issues it if this fails or the process stops here.
  if (refund.refundId)
    await issueRefund(refunds.db, refunds.payments, refund.refundId, now, log).catch(
      (error: unknown) =>
        log.warn({ err: error, appointmentId: refund.appointmentId }, 'refund not issued yet'),
    );
}

/**
 * One paid checkout's fate, decided under the appointment's row lock: paid (its message, the
 * confirmation and the owner's notice, written with it), nothing to do, or a refund.
 */
async function decidePayment(
  tx: Database,
  session: CheckoutOutcome,
  now: Date,
): Promise<TransitionOutcome<RefundDecided | null>> {
  const nothing = { change: null, consequences: NO_CONSEQUENCES, result: null };
  // Paid: a round trip's return legs with it, and one confirmation that lists them.
  const paid = async (change: AppointmentChange) => {
    const returnLegs = await payReturnLegs(tx, change.appointmentId, session, now);
    await giveDefaultChauffeur(tx, [change.appointmentId, ...returnLegs], now);
    return {
      change,
      consequences: {
        audit: [],
        message: { kind: 'paid' as const, appointmentId: change.appointmentId, at: now },
      },
      result: null,
    };
  };
  const which = session.appointmentId
    ? eq(appointments.id, session.appointmentId)
    : eq(appointments.checkoutSessionId, session.id);
  // Fulfilments of one appointment (webhook, success page, sandbox) take their turn here.
  const [appointment] = await tx.select().from(appointments).where(which).for('update');
  if (!appointment) return nothing;
  const already = appointment.paidAt !== null && appointment.checkoutSessionId === session.id;
  if (already || (session.paymentIntentId && (await refundOfPayment(tx, session.paymentIntentId))))
    return nothing;

  const paidBy = { checkoutSessionId: session.id, paymentIntentId: session.paymentIntentId };
  const byId = eq(appointments.id, appointment.id);
  // A block cannot be made over a live hold, but can once the hold has run out: a payment that
  // comes after that is refunded like one whose slot was taken.
  const blocked =
    (appointment.status === 'expired' ||
      (appointment.status === 'pending_payment' && appointment.holdExpiresAt <= now)) &&
    (await isSlotBlocked(tx, appointment));
  if (!blocked && appointment.status === 'pending_payment') {
    const [change] = await changeStatus(tx, byId, 'pending_payment', 'paid', now, paidBy);
    if (change) return await paid(change);
  }
  if (!blocked && appointment.status === 'expired') {
    // Paid after its hold was released: kept if the car's time is still free. The savepoint
    // keeps the transaction usable when the exclusion constraint says it is not.
    const stretch = { from: appointment.slotStart, until: appointment.occupiedUntil };
    await releaseStaleHoldsOver(tx, appointment.serviceId, stretch, now);
    try {
      const [change] = await tx.transaction((savepoint) =>
        changeStatus(savepoint, byId, 'expired', 'paid', now, paidBy),
      );
      if (change) return await paid(change);
    } catch (error) {
      if (!isCarTimeTaken(error) && !isCarTimeBlocked(error)) throw error;
    }
  }

  // The payment cannot be kept: give it back.
  const reason: RefundReason = appointment.paidAt ? 'duplicate_payment' : 'late_payment';
  if (!session.paymentIntentId) throw new Error('a paid checkout without a payment to refund');
  const refundId = await requestRefund(tx, {
    appointmentId: appointment.id,
    checkoutSessionId: session.id,
    paymentIntentId: session.paymentIntentId,
    amountCents: session.amountTotal,
    reason,
    at: now,
  });
  return {
    change: null,
    consequences: NO_CONSEQUENCES,
    result: { appointmentId: appointment.id, reason, refundId },
  };
}

/**
 * Whether the owner blocked any of the appointment's stretch. The car's row is taken FOR KEY
 * SHARE first, as `book_hold` does: a block being made on the car is waited for, then seen.
 */
async function isSlotBlocked(
  tx: Database,
  appointment: { serviceId: string; slotStart: Date; occupiedUntil: Date },
): Promise<boolean> {
  const ofCar = eq(services.id, appointment.serviceId);
  await tx.select({ id: services.id }).from(services).where(ofCar).for('key share');
  const [row] = await tx
    .select({
      blocked: stretchIsBlocked(services.id, appointment.slotStart, appointment.occupiedUntil),
    })
    .from(services)
    .where(ofCar);
  return row?.blocked === true;
}

/**
 * A round trip's return legs, paid by their first leg's checkout: each is paid with it (the
 * payment named, the session kept by the first leg alone), kept if its hold ran out but the car
 * is still free then, and otherwise its deposit given back from that payment (the refunds job
 * issues it after the commit).
 */
async function payReturnLegs(
  tx: Database,
  firstLegId: string,
  session: CheckoutOutcome,
  now: Date,
): Promise<string[]> {
  const legs = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.returnOf, firstLegId))
    .for('update');
  const paidBy = { paymentIntentId: session.paymentIntentId };
  for (const leg of legs) {
    const byId = eq(appointments.id, leg.id);
    if (leg.status === 'pending_payment') {
      await changeStatus(tx, byId, 'pending_payment', 'paid', now, paidBy);
      continue;
    }
    if (leg.status !== 'expired') continue;
    const stretch = { from: leg.slotStart, until: leg.occupiedUntil };
    await releaseStaleHoldsOver(tx, leg.serviceId, stretch, now);
    try {
      const [kept] = await tx.transaction((savepoint) =>
        changeStatus(savepoint, byId, 'expired', 'paid', now, paidBy),
      );
      if (kept) continue;
    } catch (error) {
      if (!isCarTimeTaken(error) && !isCarTimeBlocked(error)) throw error;
    }
    if (!session.paymentIntentId) throw new Error('a paid checkout without a payment to refund');
    await requestRefund(tx, {
      appointmentId: leg.id,
      checkoutSessionId: session.id,
      paymentIntentId: session.paymentIntentId,
      amountCents: leg.amountCents,
      reason: 'late_payment',
      at: now,
    });
  }
  // The legs' ids, paid or not: who drives them is given to the paid ones only.
  return legs.map((leg) => leg.id);
}
