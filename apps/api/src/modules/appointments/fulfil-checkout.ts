import { eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { isUniqueViolation } from '../../db-errors.ts';
import type { CheckoutSession } from '../payments/payment-provider.ts';
import { changeStatus, type AppointmentChange } from './status.ts';

/** What fulfilment reads of a checkout session, as the payment provider reports it. */
export type CheckoutOutcome = Pick<
  CheckoutSession,
  'id' | 'status' | 'paymentStatus' | 'appointmentId'
>;

/**
 * Brings a checkout's appointment in line with the provider's word: paid once the session is
 * complete and paid (even after its hold was released, while the slot is still free); its hold
 * released once the session expired or was abandoned. Idempotent: the webhook (delivered any
 * number of times), the success page lookup and the sandbox page may all call it; only the
 * first changes anything. Answers that change, or null.
 */
export async function fulfilCheckout(
  db: Database,
  session: CheckoutOutcome,
  now: Date,
  log: { error(obj: object, msg: string): void },
): Promise<AppointmentChange | null> {
  const ofSession = eq(appointments.checkoutSessionId, session.id);
  if (session.status === 'expired') {
    // Only the appointment's current checkout releases it: an older one's end says nothing.
    const [released] = await changeStatus(db, ofSession, 'pending_payment', 'expired', now);
    return released ?? null;
  }
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return null;

  // Any paid checkout that names the appointment pays it, whichever attempt it was.
  const which = session.appointmentId ? eq(appointments.id, session.appointmentId) : ofSession;
  const paidBy = { checkoutSessionId: session.id };
  const [paid] = await changeStatus(db, which, 'pending_payment', 'paid', now, paidBy);
  if (paid) return paid;
  // Paid after its hold was released: keep it if the slot is still free.
  try {
    const [late] = await changeStatus(db, which, 'expired', 'paid', now, paidBy);
    return late ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    log.error(
      { appointmentId: session.appointmentId },
      'payment arrived after the hold expired and the slot was taken: refund needed',
    );
    return null;
  }
}
