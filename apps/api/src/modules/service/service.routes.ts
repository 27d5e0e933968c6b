import type { FastifyInstance } from 'fastify';
import { ServiceIdSchema, type ServiceResponse } from '@app/shared';
import { AppError } from '../../errors.ts';
import { sendEncoded } from '../../http/encoded-body.ts';
import type { ServiceListCache } from './service-list-cache.ts';

export function registerServiceRoutes(app: FastifyInstance, cache: ServiceListCache): void {
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
}
