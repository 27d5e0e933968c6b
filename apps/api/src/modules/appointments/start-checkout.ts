import { and, eq } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from './holds.ts';

export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found';
export const BOOKING_EXPIRED_MESSAGE = 'This booking has expired. Please choose your time again.';
export const ALREADY_PAID_MESSAGE = 'This appointment is already paid.';

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
  if (appointment.status === 'paid') throw AppError.conflict(ALREADY_PAID_MESSAGE);
  if (appointment.status !== 'pending_payment' || appointment.holdExpiresAt <= options.now) {
    throw AppError.conflict(BOOKING_EXPIRED_MESSAGE);
  }

  if (appointment.checkoutSessionId) {
    const open = await provider.retrieveCheckout(appointment.checkoutSessionId);
    if (open?.status === 'open' && open.url) return { url: open.url };
    // Paid, the webhook not in yet: a new session would charge twice and lose this payment.
    if (open?.status === 'complete') throw AppError.conflict(ALREADY_PAID_MESSAGE);
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
  if (!held) throw AppError.conflict(BOOKING_EXPIRED_MESSAGE);
  return { url };
}
