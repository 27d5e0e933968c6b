import type { FastifyInstance } from 'fastify';
import { ServiceIdSchema } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { ServiceListCache } from './service-list-cache.ts';

export function registerServiceRoutes(app: FastifyInstance, cache: ServiceListCache): void {
  app.get('/api/service/list', async (request, reply) => {
    const list = await cache.get();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(list.body);
    return reply.header('content-encoding', encoding).send(list.encoded(encoding));
  });

  app.get<{ Params: { serviceId: string } }>('/api/service/:serviceId', async (request) => {
    const serviceId = ServiceIdSchema.parse(request.params.serviceId);
    const { services } = await cache.get();
    const service = services.find((s) => s._id === serviceId);
    if (!service) throw AppError.notFound('Service not found');
    return { success: true, service };
  });
}

/** Brotli when the client takes it, else gzip, else none (q=0 means refused). */
function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
