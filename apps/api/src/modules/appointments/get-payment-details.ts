import { and, eq } from 'drizzle-orm';
import { appointments, users, type Database } from '@app/db';
import {
  bookedPriceOf,
  type CustomerCancellation,
  type OwnerCancellation,
  type PaymentDetailsResponse,
  type PaymentSessionResult,
  type RefundView,
  type Trip,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { FulfilCheckout, PaymentProvider } from '../payments/payment-provider.ts';
import { refundOfCheckout } from '../payments/refunds.ts';
import { customerCancellations, ownerCancellations } from './cancellations.ts';
import { tripOf } from './trip.ts';

export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment details not found';

/**
 * The payment result for the caller's own checkout session, asked of the provider every time:
 * the session is the caller's when the appointment it names is (any of its checkouts, not only
 * the latest). The checkout is fulfilled here too (the webhook may not have arrived yet).
 */
export async function getPaymentDetails(
  db: Database,
  provider: PaymentProvider,
  options: {
    userId: string;
    sessionId: string;
    now: Date;
    log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
    /** `fulfilCheckout`, as app.ts hands it to the webhook too. */
    fulfil: FulfilCheckout;
  },
): Promise<{
  session: PaymentSessionResult;
  /** The payment is being given back (it came too late, or twice). */
  refund: RefundView | null;
  ride: Trip & { appointmentId: string; serviceId: string };
  price?: PaymentDetailsResponse['price'];
  /** The business has cancelled the ride since. */
  cancellation: OwnerCancellation | null;
  /** The customer has cancelled the ride since, and what the refund tiers gave back. */
  customerCancellation: CustomerCancellation | null;
}> {
  const session = await provider.retrieveCheckout(options.sessionId);
  if (!session?.appointmentId) throw AppError.notFound(PAYMENT_NOT_FOUND_MESSAGE);
  const [owned] = await db
    .select({ appointment: appointments, name: users.name, email: users.email })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(eq(appointments.id, session.appointmentId), eq(appointments.userId, options.userId)),
    );
  if (!owned) throw AppError.notFound(PAYMENT_NOT_FOUND_MESSAGE);

  await options.fulfil(session, options.now, options.log);
  const [[leg], byOwner, byCustomer] = await Promise.all([
    db.select().from(appointments).where(eq(appointments.returnOf, owned.appointment.id)),
    ownerCancellations(db, [owned.appointment]),
    customerCancellations(db, [owned.appointment]),
  ]);
  const cancellation = byOwner.get(owned.appointment.id) ?? null;
  const customerCancellation = byCustomer.get(owned.appointment.id) ?? null;
  return {
    // The refund of a cancel (the owner's or the customer's) is the cancellation's to tell: read
    // as a payment given back, it would say the ride stays booked.
    refund: cancellation || customerCancellation ? null : await refundOfCheckout(db, session.id),
    ride: {
      appointmentId: owned.appointment.id,
      serviceId: owned.appointment.serviceId,
      ...tripOf(owned.appointment, leg),
    },
    ...priceOf(leg ? [owned.appointment, leg] : [owned.appointment]),
    cancellation,
    customerCancellation,
    session: {
      customer_details: {
        name: session.customerName || owned.name,
        email: session.customerEmail || owned.email,
      },
      amount_total: session.amountTotal,
      payment_status: session.paymentStatus,
      metadata: {
        Date: session.metadata.Date ?? '',
        Time: session.metadata.Time ?? '',
        serviceName: session.metadata.serviceName ?? '',
        serviceAddress: session.metadata.serviceAddress ?? '',
      },
    },
  };
}

/**
 * The legs' price snapshots (each with its reasons), their deposits and what is left; nothing
 * for a booking without a price.
 */
function priceOf(legs: readonly Parameters<typeof bookedPriceOf>[0][]): {
  price?: PaymentDetailsResponse['price'];
} {
  const prices = legs.map(bookedPriceOf);
  if (!prices.every((price) => price !== null)) return {};
  const priceCents = prices.reduce((sum, leg) => sum + leg.priceCents, 0);
  const depositCents = prices.reduce((sum, leg) => sum + leg.depositCents, 0);
  return {
    price: {
      priceCents,
      depositCents,
      balanceCents: Math.max(0, priceCents - depositCents),
      legs: prices,
    },
  };
}
