import { eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import type { RideRefundChoice } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor, AuditEntry } from '../audit/record-audit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { issueRefund, requestRefund } from '../payments/refunds.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';
import { changeStatus } from './status.ts';

export const NOTHING_PAID_MESSAGE =
  'Nothing has been paid for this ride yet: cancel it without a refund.';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CancelRideDeps {
  /** The database the refund is issued through, after the commit. */
  db: Database;
  payments: PaymentProvider;
  log: Log;
}

/**
 * An owner cancels a ride they saw in status `from` (a hold, or a paid ride), with a reason told
 * to the customer and, for a paid ride, the whole deposit back or none of it. One transaction:
 * the conditional update (so of two owners, or an owner and a customer's payment, one wins and
 * the other changes nothing), the refund row, the audit events and the customer's and owner's
 * messages. The refund goes to the provider after the commit (the job retries it); a payment
 * landing on the cancelled hold later is refunded by `fulfilCheckout` as late. Answers the
 * refund's id, or null when nothing goes back.
 */
export async function cancelRide(
  changes: AppointmentChanges,
  deps: CancelRideDeps,
  input: {
    id: string;
    actor: AuditActor;
    reason: string;
    refund: RideRefundChoice;
    from: 'pending_payment' | 'paid';
    now: Date;
  },
): Promise<string | null> {
  const { id, actor, reason, refund, from, now } = input;
  if (refund === 'full' && from === 'pending_payment')
    throw AppError.badRequest(NOTHING_PAID_MESSAGE);

  const refundId = await changes.run(async (tx) => {
    const [change] = await changeStatus(tx, eq(appointments.id, id), from, 'cancelled', now, {
      cancelledBy: 'owner',
      cancelReason: reason,
    });
    const ride = await currentRide(tx, id);
    if (!change) throw AppError.conflict(rideChangedMessage(ride.status));
    // A round trip's return leg awaiting payment cannot be paid without its first: it goes.
    if (from === 'pending_payment') {
      const legsOf = eq(appointments.returnOf, id);
      await changeStatus(tx, legsOf, 'pending_payment', 'cancelled', now, {
        cancelledBy: 'owner',
        cancelReason: reason,
      });
    }

    let refundId: string | null = null;
    if (refund === 'full') {
      // A round trip's return leg was paid in its first leg's checkout.
      const checkoutSessionId = ride.checkoutSessionId ?? (await checkoutOfFirstLeg(tx, ride));
      if (!ride.paymentIntentId || !checkoutSessionId)
        throw new Error(`paid appointment ${id} without its payment`);
      refundId = await requestRefund(tx, {
        appointmentId: id,
        checkoutSessionId,
        paymentIntentId: ride.paymentIntentId,
        amountCents: ride.amountCents,
        reason: 'cancelled_by_owner',
        at: now,
      });
    }
    // Null when the payment had a refund already: nothing more goes back.
    const refundCents = refundId ? ride.amountCents : 0;
    const about = { actor, at: now, serviceId: ride.serviceId, appointmentId: id };
    const audit: AuditEntry[] = [
      {
        ...about,
        action: 'appointment.cancelled',
        before: { status: from },
        after: { status: 'cancelled', cancelReason: reason, refund, refundCents },
      },
    ];
    if (refundId) {
      audit.push({
        ...about,
        action: 'refund.requested',
        before: null,
        after: { refundId, amountCents: refundCents, reason: 'cancelled_by_owner' },
      });
    }
    return {
      change,
      consequences: {
        audit,
        message: { kind: 'cancelled', appointmentId: id, at: now, by: 'owner', refundCents },
      },
      result: refundId,
    };
  });

  if (refundId) {
    // Best effort now; the `issue-pending-refunds` job issues it if this fails.
    await issueRefund(deps.db, deps.payments, refundId, now, deps.log).catch((error: unknown) =>
      deps.log.warn({ err: error, appointmentId: id }, 'refund not issued yet'),
    );
  }
  return refundId;
}

/** The checkout that paid a return leg: its first leg's. */
export async function checkoutOfFirstLeg(
  tx: Database,
  ride: { returnOf: string | null },
): Promise<string | null> {
  if (!ride.returnOf) return null;
  const [first] = await tx
    .select({ checkoutSessionId: appointments.checkoutSessionId })
    .from(appointments)
    .where(eq(appointments.id, ride.returnOf));
  return first?.checkoutSessionId ?? null;
}
