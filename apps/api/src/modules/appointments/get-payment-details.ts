import { and, eq } from 'drizzle-orm';
import { appointments, users, type Database } from '@app/db';
import type { PaymentSessionResult, RefundView, Trip } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { refundOfCheckout } from '../payments/refunds.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { tripOf } from './trip.ts';
import type { AppointmentChange } from './status.ts';

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
    recordMessages: RecordMessages;
  },
): Promise<{
  session: PaymentSessionResult;
  /** The payment is being given back (it came too late, or twice). */
  refund: RefundView | null;
  change: AppointmentChange | null;
  ride: Trip & { appointmentId: string };
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

  const change = await fulfilCheckout(
    db,
    provider,
    session,
    options.now,
    options.log,
    options.recordMessages,
  );
  return {
    change,
    refund: await refundOfCheckout(db, session.id),
    ride: { appointmentId: owned.appointment.id, ...tripOf(owned.appointment) },
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
