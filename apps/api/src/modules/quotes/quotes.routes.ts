import type { FastifyInstance } from 'fastify';
import { MESSAGES, QuoteRequestSchema, ServiceIdSchema, type QuoteResponse } from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import type { OfflineTravelTime } from '../../travel/offline-travel-time.ts';
import type { TravelTime } from '../../travel/travel-time.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../appointments/book-appointment.ts';
import type { ServiceListCache } from '../service/service-list-cache.ts';
import { quoteRide } from './quote-ride.ts';
import type { ReachCheck } from './reach.ts';

export interface QuoteRouteDeps {
  /** The cached list the car page's grid is drawn from: the same taken times, no query per quote. */
  serviceList: ServiceListCache;
  limiter: Limiter;
  /** Quotes per client address: each may ask Google's Routes API, which is paid per call. */
  quotesPerIp: RateLimit;
  travelTime: TravelTime;
  offlineTravelTime: OfflineTravelTime;
  /** The business's phone, in the answer to a trip too long to book online. */
  phone: string;
  /** Whether the car can reach each start (`reachFromBookings`). */
  canReach: ReachCheck;
  now: () => Date;
}

/**
 * `POST /api/service/:serviceId/quote` (docs/product.md, A price from the route). A POST so the
 * addresses stay out of URLs and access logs; open to visitors, CSRF-checked like every POST.
 */
export function registerQuoteRoutes(app: FastifyInstance, deps: QuoteRouteDeps): void {
  app.post<{ Params: { serviceId: string } }>(
    '/api/service/:serviceId/quote',
    async (request, reply): Promise<QuoteResponse> => {
      reply.header('cache-control', 'no-store');
      const serviceId = ServiceIdSchema.parse(request.params.serviceId);
      const input = QuoteRequestSchema.parse(request.body);
      await deps.limiter.consume(
        rateLimitKeys.quoteByIp(request.ip),
        deps.quotesPerIp,
        MESSAGES.tooManyRequests,
      );
      const { services } = await deps.serviceList.get();
      const service = services.find((s) => s._id === serviceId);
      if (!service) throw AppError.notFound('Service not found');
      if (!service.available) throw AppError.conflict(SERVICE_UNAVAILABLE_MESSAGE);
      return quoteRide(service, input, {
        travelTime: deps.travelTime,
        offlineTravelTime: deps.offlineTravelTime,
        phone: deps.phone,
        canReach: deps.canReach,
        now: deps.now(),
      });
    },
  );
}
