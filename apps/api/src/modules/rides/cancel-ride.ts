import { eq } from 'drizzle-orm';
import type { Database } from '@app/db';
import type { RideRefundChoice } from '@app/shared';
import { AppError } from '../../errors.ts';
import { changeStatus, type AppointmentChange } from '../appointments/status.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { issueRefund, requestRefund } from '../payments/refunds.ts';
import { appointments } from '@app/db';
import { currentRide, rideChangedMessage } from './ride-state.ts';

export const NOTHING_PAID_MESSAGE =
  'Nothing has been paid for this ride yet: cancel it without a refund.';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CancelRideDeps {
  payments: PaymentProvider;
  recordMessages: RecordMessages;
  log: Log;
}

/**
 * An owner cancels a ride they saw in status `from` (a hold, or a paid ride), with a reason told
 * to the customer and, for a paid ride, the whole deposit back or none of it. One transaction:
 * the conditional update (so of two owners, or an owner and a customer's payment, one wins and
 * the other changes nothing), the refund row, the audit events and the customer's and owner's
 * messages. The refund goes to the provider after the commit (the job retries it); a payment
 * landing on the cancelled hold later is refunded by `fulfilCheckout` as late.
 */
export async function cancelRide(
  db: Database,
  deps: CancelRideDeps,
  input: {
    id: string;
    actor: AuditActor;
    reason: string;
    refund: RideRefundChoice;
    from: 'pending_payment' | 'paid';
    now: Date;
  },
): Promise<{ change: AppointmentChange; refundId: string | null }> {
  const { id, actor, reason, refund, from, now } = input;
  if (refund === 'full' && from === 'pending_payment')
    throw AppError.badRequest(NOTHING_PAID_MESSAGE);

  const outcome = await db.transaction(async (tx) => {
    const [change] = await changeStatus(tx, eq(appointments.id, id), from, 'cancelled', now, {
      cancelledBy: 'owner',
      cancelReason: reason,
    });
    const ride = await currentRide(tx, id);
    if (!change) throw AppError.conflict(rideChangedMessage(ride.status));

    let refundId: string | null = null;
    if (refund === 'full') {
      if (!ride.paymentIntentId || !ride.checkoutSessionId)
        throw new Error(`paid appointment ${id} without its payment`);
      refundId = await requestRefund(tx, {
        appointmentId: id,
        checkoutSessionId: ride.checkoutSessionId,
        paymentIntentId: ride.paymentIntentId,
        amountCents: ride.amountCents,
        reason: 'cancelled_by_owner',
        at: now,
      });
    }
    // Null when the payment had a refund already: nothing more goes back.
    const refundCents = refundId ? ride.amountCents : 0;
    const about = { actor, at: now, serviceId: ride.serviceId, appointmentId: id };
    await recordAudit(tx, {
      ...about,
      action: 'appointment.cancelled',
      before: { status: from },
      after: { status: 'cancelled', cancelReason: reason, refund, refundCents },
    });
    if (refundId) {
      await recordAudit(tx, {
        ...about,
        action: 'refund.requested',
        before: null,
        after: { refundId, amountCents: refundCents, reason: 'cancelled_by_owner' },
      });
    }
    await deps.recordMessages(tx, {
      kind: 'cancelled',
      appointmentId: id,
      at: now,
      by: 'owner',
      refundCents,
    });
    return { change, refundId };
  });

  if (outcome.refundId) {
    // Best effort now; the `issue-pending-refunds` job issues it if this fails.
    await issueRefund(db, deps.payments, outcome.refundId, now, deps.log).catch((error: unknown) =>
      deps.log.warn({ err: error, appointmentId: id }, 'refund not issued yet'),
    );
  }
  return outcome;
}
