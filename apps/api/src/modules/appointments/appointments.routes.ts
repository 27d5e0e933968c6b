import type { FastifyInstance } from 'fastify';
import type { Database, HoldLimits } from '@app/db';
import {
  BookingRequestSchema,
  CheckoutRequestSchema,
  MESSAGES,
  PaymentDetailsQuerySchema,
  type AppointmentsResponse,
  type BookingResponse,
  type CheckoutResponse,
  type PaymentDetailsResponse,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { bookAppointment } from './book-appointment.ts';
import { getPaymentDetails } from './get-payment-details.ts';
import { listUserAppointments } from './queries.ts';
import { startCheckout } from './start-checkout.ts';
import type { OnAppointmentChanged } from './status.ts';
import type { RecordMessages } from '../notifications/record-messages.ts';

export interface AppointmentRouteDeps {
  db: Database;
  payments: PaymentProvider;
  limiter: Limiter;
  paymentsPerIp: RateLimit;
  holdLimits: HoldLimits;
  /** What a hold keeps of the client address (`lib/client-address.ts`). */
  hashClientAddress: (ip: string) => string;
  publicBaseUrl: string;
  onAppointmentChanged: OnAppointmentChanged;
  /** Writes a change's messages in its transaction (modules/notifications). */
  recordMessages: RecordMessages;
  now: () => Date;
}

/** A customer's own appointments: booking a slot, paying for it, and the list of them. */
export function registerAppointmentRoutes(app: FastifyInstance, deps: AppointmentRouteDeps): void {
  const { db, now } = deps;
  const customer = { config: { auth: 'customer' as const } };
  const countPayment = (ip: string) =>
    deps.limiter.consume(
      rateLimitKeys.paymentByIp(ip),
      deps.paymentsPerIp,
      MESSAGES.tooManyPaymentAttempts,
    );

  app.post('/api/user/book-appointment', customer, async (request): Promise<BookingResponse> => {
    const input = BookingRequestSchema.parse(request.body);
    const { appointmentId, change } = await bookAppointment(db, input, {
      userId: signedInUser(request).id,
      clientAddressHash: deps.hashClientAddress(request.ip),
      limits: deps.holdLimits,
      now: now(),
    });
    if (change) deps.onAppointmentChanged(change);
    return {
      success: true,
      appointmentId,
      message: 'Appointment booked. Continue to payment.',
    };
  });

  app.post(
    '/api/user/create-checkout-session',
    customer,
    async (request): Promise<CheckoutResponse> => {
      await countPayment(request.ip);
      const { appointmentId } = CheckoutRequestSchema.parse(request.body);
      const { url } = await startCheckout(db, deps.payments, {
        userId: signedInUser(request).id,
        appointmentId,
        now: now(),
        publicBaseUrl: deps.publicBaseUrl,
      });
      return { success: true, url };
    },
  );

  app.get(
    '/api/user/stripe-payment-details',
    customer,
    async (request, reply): Promise<PaymentDetailsResponse> => {
      reply.header('cache-control', 'no-store');
      await countPayment(request.ip);
      const { session_id: sessionId } = PaymentDetailsQuerySchema.parse(request.query);
      const { session, refund, change, ride } = await getPaymentDetails(db, deps.payments, {
        userId: signedInUser(request).id,
        sessionId,
        now: now(),
        log: request.log,
        recordMessages: deps.recordMessages,
      });
      if (change) deps.onAppointmentChanged(change);
      return { success: true, session, ...(refund ? { refund } : {}), ride };
    },
  );

  app.get(
    '/api/user/appointments',
    customer,
    async (request, reply): Promise<AppointmentsResponse> => {
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        appointments: await listUserAppointments(db, signedInUser(request).id),
      };
    },
  );
}
