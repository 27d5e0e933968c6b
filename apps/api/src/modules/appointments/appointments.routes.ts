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
  type MyRidesResponse,
  type PaymentDetailsResponse,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import type { FulfilCheckout, PaymentProvider } from '../payments/payment-provider.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { bookAppointment, type BookingRoutes } from './book-appointment.ts';
import { getPaymentDetails } from './get-payment-details.ts';
import { listMyRides } from './list-my-rides.ts';
import { listUserAppointments } from './queries.ts';
import { startCheckout } from './start-checkout.ts';

export interface AppointmentRouteDeps {
  db: Database;
  payments: PaymentProvider;
  limiter: Limiter;
  paymentsPerIp: RateLimit;
  holdLimits: HoldLimits;
  /** A ride's length from its route: the drive estimate (`services.travelTime`) and the business's phone. */
  routes: BookingRoutes;
  /** What a hold keeps of the client address (`lib/client-address.ts`). */
  hashClientAddress: (ip: string) => string;
  publicBaseUrl: string;
  /** How every change of an appointment is made and told (`appointment-changes.ts`). */
  changes: AppointmentChanges;
  /** `fulfilCheckout`, the one fulfilment the webhook and the sandbox page call too. */
  fulfil: FulfilCheckout;
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
    const { appointmentId, returnAppointmentId } = await bookAppointment(db, deps.changes, input, {
      userId: signedInUser(request).id,
      clientAddressHash: deps.hashClientAddress(request.ip),
      limits: deps.holdLimits,
      routes: deps.routes,
      now: now(),
    });
    return {
      success: true,
      appointmentId,
      ...(returnAppointmentId ? { returnAppointmentId } : {}),
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
      const { session, refund, ride, price, cancellation, customerCancellation } =
        await getPaymentDetails(db, deps.payments, {
          userId: signedInUser(request).id,
          sessionId,
          now: now(),
          log: request.log,
          fulfil: deps.fulfil,
        });
      return {
        success: true,
        session,
        ...(refund ? { refund } : {}),
        ride,
        ...(price ? { price } : {}),
        ...(cancellation ? { cancellation } : {}),
        ...(customerCancellation ? { customerCancellation } : {}),
      };
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

  // My rides (docs/product.md): every ride of the customer, beside the spec's list above.
  app.get('/api/user/rides', customer, async (request, reply): Promise<MyRidesResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, ...(await listMyRides(db, signedInUser(request).id, now())) };
  });
}
