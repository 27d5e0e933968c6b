import { eq } from 'drizzle-orm';
import { appointments, services, slotIsBlocked, type Database } from '@app/db';
import type { RefundReason } from '@app/shared';
import { isUniqueViolation } from '../../db-errors.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import type { CheckoutSession, PaymentProvider } from '../payments/payment-provider.ts';
import { issueRefund, refundOfPayment, requestRefund } from '../payments/refunds.ts';
import { changeStatus, type AppointmentChange } from './status.ts';

/** What fulfilment reads of a checkout session, as the payment provider reports it. */
export type CheckoutOutcome = Pick<
  CheckoutSession,
  'id' | 'status' | 'paymentStatus' | 'appointmentId' | 'paymentIntentId' | 'amountTotal'
>;

interface FulfilLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Decision =
  | { kind: 'none' }
  | { kind: 'paid'; change: AppointmentChange }
  | { kind: 'refund'; appointmentId: string; reason: RefundReason; refundId: string | null };

/**
 * Brings a checkout's appointment in line with the provider's word. A paid checkout pays the
 * appointment it names, whichever of its checkouts it was (even after its hold was released,
 * while the slot is still free); a payment that cannot be kept (the slot was taken since, or
 * the appointment is already paid by another checkout) is refunded, the refund written in the
 * same transaction as that decision and issued at once after it. An expired or abandoned
 * checkout releases the hold it holds. Idempotent: the webhook (delivered any number of times),
 * the success page lookup and the sandbox page may all call it; only the first decides anything.
 * A booking paid writes its messages (the confirmation, the owner's notice) in the transaction
 * that marks it paid. Answers the appointment's change, or null.
 */
export async function fulfilCheckout(
  db: Database,
  provider: PaymentProvider,
  session: CheckoutOutcome,
  now: Date,
  log: FulfilLog,
  recordMessages: RecordMessages,
): Promise<AppointmentChange | null> {
  const ofSession = eq(appointments.checkoutSessionId, session.id);
  if (session.status === 'expired') {
    // Only the appointment's current checkout releases it: an older one's end says nothing.
    const [released] = await changeStatus(db, ofSession, 'pending_payment', 'expired', now);
    return released ?? null;
  }
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return null;

  const decision = await db.transaction(async (tx) => {
    const decided = await decidePayment(tx, session, now);
    if (decided.kind === 'paid')
      await recordMessages(tx, {
        kind: 'paid',
        appointmentId: decided.change.appointmentId,
        at: now,
      });
    return decided;
  });
  if (decision.kind === 'paid') return decision.change;
  if (decision.kind === 'refund') {
    log.warn(
      { appointmentId: decision.appointmentId, reason: decision.reason },
      decision.reason === 'late_payment'
        ? 'payment arrived after the hold expired and the slot was taken: refunding it'
        : 'appointment paid twice: refunding the second payment',
    );
    // Best effort: the job issues it if this fails or the process stops here.
    if (decision.refundId)
      await issueRefund(db, provider, decision.refundId, now, log).catch((error: unknown) =>
        log.warn({ err: error, appointmentId: decision.appointmentId }, 'refund not issued yet'),
      );
  }
  return null;
}

/** One paid checkout's fate, decided under the appointment's row lock. */
async function decidePayment(tx: Database, session: CheckoutOutcome, now: Date): Promise<Decision> {
  const which = session.appointmentId
    ? eq(appointments.id, session.appointmentId)
    : eq(appointments.checkoutSessionId, session.id);
  // Fulfilments of one appointment (webhook, success page, sandbox) take their turn here.
  const [appointment] = await tx.select().from(appointments).where(which).for('update');
  if (!appointment) return { kind: 'none' };
  const already = appointment.paidAt !== null && appointment.checkoutSessionId === session.id;
  if (already || (session.paymentIntentId && (await refundOfPayment(tx, session.paymentIntentId))))
    return { kind: 'none' };

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
    if (change) return { kind: 'paid', change };
  }
  if (!blocked && appointment.status === 'expired') {
    // Paid after its hold was released: kept if the slot is still free. The savepoint keeps
    // the transaction usable when the slot's unique index says it is not.
    try {
      const [change] = await tx.transaction((savepoint) =>
        changeStatus(savepoint, byId, 'expired', 'paid', now, paidBy),
      );
      if (change) return { kind: 'paid', change };
    } catch (error) {
      if (!isUniqueViolation(error, 'appointments_one_live_per_slot')) throw error;
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
  return { kind: 'refund', appointmentId: appointment.id, reason, refundId };
}

/**
 * Whether the owner blocked the appointment's slot. The car's row is taken FOR KEY SHARE first,
 * as `book_hold` does: a block being made on the car is waited for, then seen.
 */
async function isSlotBlocked(
  tx: Database,
  appointment: { serviceId: string; slotStart: Date },
): Promise<boolean> {
  const ofCar = eq(services.id, appointment.serviceId);
  await tx.select({ id: services.id }).from(services).where(ofCar).for('key share');
  const [row] = await tx
    .select({ blocked: slotIsBlocked(services.id, appointment.slotStart) })
    .from(services)
    .where(ofCar);
  return row?.blocked === true;
}
