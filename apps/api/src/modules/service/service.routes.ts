import type { FastifyInstance } from 'fastify';
import {
  CarSearchQuerySchema,
  ServiceIdSchema,
  parseSearchLength,
  searchCars,
  type CarSearchResponse,
  type ServiceResponse,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { sendEncoded } from '../../http/encoded-body.ts';
import type { ServiceListCache } from './service-list-cache.ts';

export function registerServiceRoutes(
  app: FastifyInstance,
  cache: ServiceListCache,
  now: () => Date,
): void {
  // The answer is a ServiceListResponse, serialized and compressed once per load of the list.
  app.get('/api/service/list', async (request, reply) => {
    const list = await cache.get();
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache');
    return sendEncoded(request, reply, list.body);
  });

  app.get<{ Params: { serviceId: string } }>(
    '/api/service/:serviceId',
    async (request): Promise<ServiceResponse> => {
      const serviceId = ServiceIdSchema.parse(request.params.serviceId);
      const { services } = await cache.get();
      const service = services.find((s) => s._id === serviceId);
      if (!service) throw AppError.notFound('Service not found');
      return { success: true, service };
    },
  );

  // Search by time (ADR 018): over the cached list, by the grid's own rule.
  app.get('/api/service/search', async (request): Promise<CarSearchResponse> => {
    const query = CarSearchQuerySchema.parse(request.query);
    const { kind, length } = parseSearchLength(query.length) ?? { kind: 'hourly', length: 1 };
    const { services } = await cache.get();
    const found = searchCars(
      services,
      { ...query, slotDate: query.date, slotTime: query.time, kind, length },
      now(),
    );
    return {
      success: true,
      free: found.free.map((service) => ({ _id: service._id })),
      busy: found.busy.map(({ service, before, after }) => ({ _id: service._id, before, after })),
    };
  });
}
