import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  CancelRideRequestSchema,
  MESSAGES,
  RescheduleRequestSchema,
  RideParamsSchema,
  formatCents,
  formatSlotDateLong,
  cancelRefundInWords,
  type RideChangeResponse,
  type CustomerRideResponse,
} from '@app/shared';
import type { CalendarSettings } from '../../calendar/ride-calendar.ts';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { cancelAppointment } from './cancel-appointment.ts';
import { getRide } from './get-ride.ts';
import { getRideCalendar } from './get-ride-calendar.ts';
import { rideView, type ChangePolicy } from './own-ride.ts';
import { rescheduleAppointment } from './reschedule-appointment.ts';
import type { TravelSettingsSource } from '../travel-settings/travel-settings-source.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { readRefundTiers } from '../refund-policy/refund-policy-source.ts';

/** Changes of plan per account: far above a customer's need, a bound on churning slots. */
export const RIDE_CHANGES_PER_USER: RateLimit = { max: 20, windowMs: 60 * 60_000 };

export interface RideRouteDeps {
  db: Database;
  limiter: Limiter;
  policy: ChangePolicy;
  /** The offline estimate's settings in force, read per request: a move must reach its neighbours (ADR 020). */
  travel: TravelSettingsSource;
  /** A ride's live trip token (`modules/trips`), for its page. */
  tripToken: (rideId: string) => string;
  /** For the ride's calendar file and its Google Calendar link. */
  calendar: CalendarSettings;
  /** How every change of an appointment is made and told (`appointment-changes.ts`). */
  changes: AppointmentChanges;
  /** Where a cancel's refund is issued, after its commit. */
  payments: PaymentProvider;
  now: () => Date;
}

/**
 * The customer's ride page: the ride, moving it to another slot, cancelling it. Only the
 * customer's own rides (anyone else's is 404); the GET changes nothing, so a mail scanner
 * following a message's link to the page changes nothing either.
 */
export function registerCustomerRideRoutes(app: FastifyInstance, deps: RideRouteDeps): void {
  const { db, now, policy, calendar } = deps;
  // The drive settings in force, read once per request (`modules/travel-settings`).
  const viewSettings = async () => ({
    policy,
    calendar,
    travel: await deps.travel.current(),
    tripToken: deps.tripToken,
    refundTiers: await readRefundTiers(db),
  });
  const customer = { config: { auth: 'customer' as const } };
  const countChange = (userId: string) =>
    deps.limiter.consume(
      rateLimitKeys.rideChangesByUser(userId),
      RIDE_CHANGES_PER_USER,
      MESSAGES.tooManyRequests,
    );

  app.get(
    '/api/appointments/:id',
    customer,
    async (request, reply): Promise<CustomerRideResponse> => {
      reply.header('cache-control', 'no-store');
      const { id } = RideParamsSchema.parse(request.params);
      const ride = await getRide(
        db,
        { appointmentId: id, userId: signedInUser(request).id, now: now() },
        await viewSettings(),
      );
      return { success: true, ride };
    },
  );

  // The same calendar entry as the emails' attachment, to download from the ride's page.
  app.get('/api/appointments/:id/calendar.ics', customer, async (request, reply) => {
    const { id } = RideParamsSchema.parse(request.params);
    const ics = await getRideCalendar(
      db,
      { appointmentId: id, userId: signedInUser(request).id, now: now() },
      calendar,
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="ride.ics"')
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });

  app.post(
    '/api/appointments/:id/reschedule',
    customer,
    async (request): Promise<RideChangeResponse> => {
      const { id } = RideParamsSchema.parse(request.params);
      const slot = RescheduleRequestSchema.parse(request.body);
      const userId = signedInUser(request).id;
      await countChange(userId);
      const at = now();
      const ride = await rescheduleAppointment(
        deps.changes,
        { ...slot, appointmentId: id, userId },
        { now: at, policy, travel: await deps.travel.current() },
      );
      return {
        success: true,
        message: `Your ride is now on ${formatSlotDateLong(slot.slotDate)} at ${slot.slotTime}.`,
        ride: await rideView(db, ride, at, await viewSettings()),
      };
    },
  );

  app.post(
    '/api/appointments/:id/cancel',
    customer,
    async (request): Promise<RideChangeResponse> => {
      const { id } = RideParamsSchema.parse(request.params);
      const { withReturn, seenRefundCents } = CancelRideRequestSchema.parse(request.body ?? {});
      const userId = signedInUser(request).id;
      await countChange(userId);
      const at = now();
      const ride = await cancelAppointment(
        deps.changes,
        { appointmentId: id, userId, withReturn },
        { now: at, policy, db, payments: deps.payments, log: request.log },
      );
      const { refund } = ride;
      const changed = seenRefundCents !== undefined && seenRefundCents !== refund.refundCents;
      return {
        success: true,
        message: cancelledMessage(refund, changed),
        ride: await rideView(db, ride, at, await viewSettings()),
        refund: { ...refund, words: cancelRefundInWords(refund), changed },
      };
    },
  );
}

/** What a cancel says: the refund given, and that it is not the one shown if the tier changed. */
function cancelledMessage(
  refund: { depositCents: number; refundCents: number },
  changed: boolean,
): string {
  const given =
    refund.refundCents > 0
      ? ` $${formatCents(refund.refundCents)} of your deposit is refunded to your card.`
      : '';
  if (!changed) return `Your ride is cancelled.${given}`;
  return `Your ride is cancelled. The refund is the one in force when you confirmed, not the one shown before (pickup came nearer):${given || ' your deposit is not refundable.'}`;
}
