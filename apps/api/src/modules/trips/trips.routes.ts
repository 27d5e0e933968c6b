import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import { MESSAGES, TripTokenParamsSchema, type TripResponse } from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { getTrip } from './get-trip.ts';
import type { TripLinks } from './trip-link.ts';
import type { TravelSettingsSource } from '../travel-settings/travel-settings-source.ts';

export const TRIP_NOT_FOUND_MESSAGE = 'Trip not found';

export interface TripRouteDeps {
  db: Database;
  limiter: Limiter;
  links: TripLinks;
  /**
   * Looks per client address (`RATE_LIMIT_TRIP_PER_IP`): a page asking every 10 seconds for an
   * hour is 360; a family behind one address watching two rides stays under it, a scan of
   * tokens does not.
   */
  looksPerIp: RateLimit;
  /** The offline estimate's settings in force (`modules/travel-settings`), for how far the car is. */
  travel: TravelSettingsSource;
  now: () => Date;
}

/**
 * `GET /api/trip/:token`: the live trip page's answer, for whoever holds the link (no sign-in):
 * one ride's trip, read-only; a token not made here, or a ride over for a day, is 404 alike.
 */
export function registerTripRoutes(app: FastifyInstance, deps: TripRouteDeps): void {
  app.get('/api/trip/:token', async (request, reply): Promise<TripResponse> => {
    reply.header('cache-control', 'no-store');
    // The token is the only key: a page that links elsewhere must not leak it (docs/security.md).
    reply.header('referrer-policy', 'no-referrer');
    await deps.limiter.consume(
      rateLimitKeys.tripByIp(request.ip),
      deps.looksPerIp,
      MESSAGES.tooManyRequests,
    );
    const parsed = TripTokenParamsSchema.safeParse(request.params);
    const rideId = parsed.success ? deps.links.rideOf(parsed.data.token) : null;
    const trip = rideId
      ? await getTrip(deps.db, rideId, deps.now(), await deps.travel.current())
      : null;
    if (!trip) throw AppError.notFound(TRIP_NOT_FOUND_MESSAGE);
    return { success: true, trip };
  });
}
