import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  BookingRequestSchema,
  CheckoutRequestSchema,
  MESSAGES,
  PaymentDetailsQuerySchema,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import type { Limiter } from '../../plugins/rate-limit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { getPaymentDetails, listUserAppointments, startCheckout } from './checkout.ts';
import { createBooking } from './create-booking.ts';

export interface BookingRouteDeps {
  db: Database;
  payments: PaymentProvider;
  limiter: Limiter;
  paymentsPerIp: RateLimit;
  publicBaseUrl: string;
  /** Called when a slot is taken or freed, so the service list shows it. */
  onSlotsChanged: () => void;
  now: () => Date;
}

export function registerBookingRoutes(app: FastifyInstance, deps: BookingRouteDeps): void {
  const { db, now } = deps;
  const auth = { config: { auth: true as const } };

  app.post('/api/user/book-appointment', auth, async (request) => {
    const input = BookingRequestSchema.parse(request.body);
    const { appointmentId } = await createBooking(db, request.userId as string, input, now());
    deps.onSlotsChanged();
    return { success: true, appointmentId, message: 'Appointment booked. Continue to payment.' };
  });

  app.post('/api/user/create-checkout-session', auth, async (request) => {
    await deps.limiter.consume(
      `payment:ip:${request.ip}`,
      deps.paymentsPerIp,
      MESSAGES.tooManyPaymentAttempts,
    );
    const { appointmentId } = CheckoutRequestSchema.parse(request.body);
    const { url } = await startCheckout(db, deps.payments, {
      userId: request.userId as string,
      appointmentId,
      now: now(),
      publicBaseUrl: deps.publicBaseUrl,
    });
    return { success: true, url };
  });

  app.get('/api/user/stripe-payment-details', auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await deps.limiter.consume(
      `payment:ip:${request.ip}`,
      deps.paymentsPerIp,
      MESSAGES.tooManyPaymentAttempts,
    );
    const { session_id: sessionId } = PaymentDetailsQuerySchema.parse(request.query);
    const { session, changed } = await getPaymentDetails(db, deps.payments, {
      userId: request.userId as string,
      sessionId,
      now: now(),
      log: request.log,
    });
    if (changed) deps.onSlotsChanged();
    return { success: true, session };
  });

  app.get('/api/user/appointments', auth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      success: true,
      appointments: await listUserAppointments(db, request.userId as string),
    };
  });
}
