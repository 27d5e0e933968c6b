import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import type { RateLimitStore } from '../../plugins/rate-limit.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';

/** A database that does not answer a ping this fast is not ready (a silent network included). */
const PING_TIMEOUT_MS = 2000;

/**
 * Liveness says the process answers; readiness says it can reach its database, and where its
 * rate-limit counters are: `memory-fallback` while Redis is away. That stays 200: the instance
 * serves every request then (with per-instance counts), and pulling every instance out of the
 * load balancer over a Redis outage would be the outage it avoids.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  db: DbHandle,
  rateLimitStore: Pick<RateLimitStore, 'state'>,
): void {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/health/ready', async (request) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.ping(), timeout]);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      throw AppError.unavailable(DATABASE_UNAVAILABLE_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ready', database: db.kind, rateLimits: rateLimitStore.state() };
  });
}
