import { and, eq } from 'drizzle-orm';
import { appointments, type Appointment, type Database } from '@app/db';
import { cancellationRefund, type RefundTier } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditEntry } from '../audit/record-audit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { issueRefund, requestRefund } from '../payments/refunds.ts';
import { readRefundTiers } from '../refund-policy/refund-policy-source.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { checkoutOfFirstLeg } from './cancel-ride.ts';
import {
  RIDE_CHANGED_ELSEWHERE_MESSAGE,
  assertChangeable,
  findOwnRide,
  type ChangePolicy,
  type OwnRide,
} from './own-ride.ts';
import { changeStatus } from './status.ts';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a customer's cancel gave back: of the deposits of the rides it cancelled. */
export interface CustomerCancellation extends OwnRide {
  refund: { depositCents: number; refundCents: number };
}

/**
 * The customer cancels their paid ride, up to the policy's limit before pickup: the slot is
 * freed by one conditional update (still paid, still at the slot read), with the messages and
 * the audit event in its transaction. A round trip's first leg takes its return leg with it when
 * the customer says so (`withReturn`).
 *
 * What comes back of each ride's deposit is the owner's refund tiers at this instant, read in
 * this transaction (none by default: the booking fee is non-refundable). Each leg with something
 * to give back gets its refund row here, in the same transaction, as an owner's cancel does (a
 * round trip's one payment is refunded by the leg); after the commit it goes to the provider,
 * and the `issue-pending-refunds` job catches up if that fails.
 */
export async function cancelAppointment(
  changes: AppointmentChanges,
  input: { appointmentId: string; userId: string; withReturn?: boolean | undefined },
  deps: { now: Date; policy: ChangePolicy; db: Database; payments: PaymentProvider; log: Log },
): Promise<CustomerCancellation> {
  const { now } = deps;
  const { result, refundIds } = await changes.run(async (tx) => {
    const ride = await findOwnRide(tx, input.appointmentId, input.userId);
    const before = ride.appointment;
    assertChangeable(before, now, deps.policy);

    const [change] = await changeStatus(
      tx,
      and(eq(appointments.id, before.id), eq(appointments.slotStart, before.slotStart)),
      'paid',
      'cancelled',
      now,
      { cancelledBy: 'customer' },
    );
    // Cancelled or moved since we read it (another tab, the owner): theirs stands.
    if (!change) throw AppError.conflict(RIDE_CHANGED_ELSEWHERE_MESSAGE);
    // A round trip's return leg goes too when the customer says so.
    const returns = input.withReturn
      ? await changeStatus(tx, eq(appointments.returnOf, before.id), 'paid', 'cancelled', now, {
          cancelledBy: 'customer',
        })
      : [];
    const returnLegs = returns.length
      ? await tx.select().from(appointments).where(eq(appointments.returnOf, before.id))
      : [];

    const tiers = await readRefundTiers(tx);
    const checkoutSessionId = before.checkoutSessionId ?? (await checkoutOfFirstLeg(tx, before));
    const legs = [
      before,
      ...returnLegs.filter((leg) => returns.some((r) => r.appointmentId === leg.id)),
    ];
    const refunds = [];
    for (const leg of legs) {
      refunds.push(await refundLeg(tx, leg, { tiers, now, checkoutSessionId }));
    }
    const refundCents = refunds.reduce((sum, refund) => sum + refund.refundCents, 0);
    const depositCents = refunds.reduce((sum, refund) => sum + refund.depositCents, 0);

    const audit: AuditEntry[] = [];
    for (const [i, leg] of legs.entries()) {
      const refund = refunds[i];
      if (!refund) continue;
      const about = {
        actor: ride.actor,
        at: now,
        serviceId: before.serviceId,
        appointmentId: leg.id,
      };
      audit.push({
        ...about,
        action: 'appointment.cancelled',
        before: { status: 'paid' },
        after: {
          status: 'cancelled',
          cancelledBy: 'customer',
          refundCents: refund.refundCents,
          ...(leg.id === before.id ? {} : { with: before.id }),
        },
      });
      if (refund.refundId) {
        audit.push({
          ...about,
          action: 'refund.requested',
          before: null,
          after: {
            refundId: refund.refundId,
            amountCents: refund.refundCents,
            reason: 'cancelled_by_customer',
            percent: refund.percent,
          },
        });
      }
    }

    const cancelled = {
      ...before,
      status: 'cancelled' as const,
      cancelledAt: now,
      cancelledBy: 'customer' as const,
      updatedAt: now,
    };
    return {
      change,
      consequences: {
        audit,
        message: {
          kind: 'cancelled',
          appointmentId: before.id,
          at: now,
          by: 'customer',
          refundCents,
        },
      },
      result: {
        result: { ...ride, appointment: cancelled, refund: { depositCents, refundCents } },
        refundIds: refunds.flatMap((refund) => (refund.refundId ? [refund.refundId] : [])),
      },
    };
  });

  for (const refundId of refundIds) {
    // Best effort now; the `issue-pending-refunds` job issues it if this fails.
    await issueRefund(deps.db, deps.payments, refundId, now, deps.log).catch((error: unknown) =>
      deps.log.warn({ err: error, appointmentId: input.appointmentId }, 'refund not issued yet'),
    );
  }
  return result;
}

/** One cancelled leg's share of the payment back by the tiers: its refund row, if any. */
async function refundLeg(
  tx: Database,
  leg: Appointment,
  context: { tiers: readonly RefundTier[]; now: Date; checkoutSessionId: string | null },
) {
  const refund = cancellationRefund(leg.amountCents, leg.slotStart, context.now, context.tiers);
  if (refund.refundCents <= 0) return { ...refund, refundCents: 0, refundId: null };
  if (!leg.paymentIntentId || !context.checkoutSessionId)
    throw new Error(`paid appointment ${leg.id} without its payment`);
  const refundId = await requestRefund(tx, {
    appointmentId: leg.id,
    checkoutSessionId: context.checkoutSessionId,
    paymentIntentId: leg.paymentIntentId,
    amountCents: refund.refundCents,
    reason: 'cancelled_by_customer',
    at: context.now,
  });
  // Null when this payment already had a refund for this ride: nothing more goes back.
  return { ...refund, refundCents: refundId ? refund.refundCents : 0, refundId };
}
