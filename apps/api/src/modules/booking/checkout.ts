import { and, asc, eq } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import type { AppointmentView, PaymentSessionResult } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS, markAppointmentPaid, releaseHold } from './holds.ts';

export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found';
export const BOOKING_EXPIRED_MESSAGE = 'This booking has expired. Please choose your time again.';
export const ALREADY_PAID_MESSAGE = 'This appointment is already paid.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment details not found';

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Opens the provider's hosted checkout for the caller's own held appointment, for the amount
 * the server computed. A retry gets the session already open.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  options: { userId: string; appointmentId: string; now: Date; publicBaseUrl: string },
): Promise<{ url: string }> {
  const [row] = await db
    .select({ appointment: appointments, service: services, email: users.email })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(eq(appointments.id, options.appointmentId), eq(appointments.userId, options.userId)),
    );
  if (!row) throw AppError.notFound(APPOINTMENT_NOT_FOUND_MESSAGE);
  const { appointment, service } = row;
  if (appointment.status === 'paid') throw new AppError(409, ALREADY_PAID_MESSAGE);
  if (appointment.status !== 'pending_payment' || appointment.holdExpiresAt <= options.now) {
    throw new AppError(409, BOOKING_EXPIRED_MESSAGE);
  }

  if (appointment.checkoutSessionId) {
    const open = await provider.retrieveCheckout(appointment.checkoutSessionId);
    if (open?.status === 'open' && open.url) return { url: open.url };
    // Paid, the webhook not in yet: a new session would charge twice and lose this payment.
    if (open?.status === 'complete') throw new AppError(409, ALREADY_PAID_MESSAGE);
  }

  // Whole minutes, so a retry within the minute sends the very same request under the same key.
  const expiresAt = new Date(
    Math.ceil((options.now.getTime() + CHECKOUT_LIFETIME_MS) / 60_000) * 60_000,
  );
  const { id, url } = await provider.createCheckout({
    appointmentId: appointment.id,
    amountCents: appointment.amountCents,
    productName: `${service.name} booking deposit`,
    customerEmail: row.email,
    metadata: {
      Date: appointment.slotDate,
      Time: appointment.slotTime,
      serviceName: service.name,
      serviceAddress: service.address,
    },
    successUrl: `${options.publicBaseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${options.publicBaseUrl}/appointment/${service.id}`,
    expiresAt,
    // Network retries of this very request reuse the key; a later attempt gets a new session.
    idempotencyKey: `checkout-${appointment.id}-${Math.floor(expiresAt.getTime() / 60_000)}`,
  });
  const [held] = await db
    .update(appointments)
    .set({
      checkoutSessionId: id,
      holdExpiresAt: new Date(expiresAt.getTime() + HOLD_GRACE_MS),
      updatedAt: options.now,
    })
    .where(and(eq(appointments.id, appointment.id), eq(appointments.status, 'pending_payment')))
    .returning({ id: appointments.id });
  if (!held) throw new AppError(409, BOOKING_EXPIRED_MESSAGE);
  return { url };
}

/**
 * The payment result for the caller's own checkout session, asked of the provider every time;
 * a paid session is fulfilled here too (the webhook may not have arrived yet).
 */
export async function getPaymentDetails(
  db: Database,
  provider: PaymentProvider,
  options: { userId: string; sessionId: string; now: Date; log: Logger },
): Promise<{ session: PaymentSessionResult; changed: boolean }> {
  const [owned] = await db
    .select({ id: appointments.id, name: users.name, email: users.email })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        eq(appointments.checkoutSessionId, options.sessionId),
        eq(appointments.userId, options.userId),
      ),
    );
  if (!owned) throw AppError.notFound(PAYMENT_NOT_FOUND_MESSAGE);
  const session = await provider.retrieveCheckout(options.sessionId);
  if (!session) throw AppError.notFound(PAYMENT_NOT_FOUND_MESSAGE);

  let changed = false;
  if (session.status === 'complete' && session.paymentStatus === 'paid') {
    changed = await markAppointmentPaid(db, session.id, options.now, options.log);
  } else if (session.status === 'expired') {
    changed = await releaseHold(db, session.id, options.now);
  }
  return {
    changed,
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

/** The caller's appointments, oldest first (the page shows the paid ones, newest first). */
export async function listUserAppointments(
  db: Database,
  userId: string,
): Promise<AppointmentView[]> {
  const rows = await db
    .select({ appointment: appointments, service: services })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.userId, userId))
    .orderBy(asc(appointments.createdAt));
  return rows
    .filter(({ appointment }) => appointment.status !== 'expired')
    .map(({ appointment, service }) => ({
      _id: appointment.id,
      serviceData: { image: service.image, name: service.name, address: service.address },
      type: appointment.serviceType,
      slotDate: appointment.slotDate,
      slotTime: appointment.slotTime,
      payment: appointment.paidAt !== null,
      cancelled: appointment.status === 'cancelled',
      isCompleted: appointment.status === 'completed',
    }));
}
