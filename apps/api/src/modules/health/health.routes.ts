import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import { AppError } from '../../errors.ts';

/** Liveness says the process answers; readiness says it can reach its database. */
export function registerHealthRoutes(app: FastifyInstance, db: DbHandle): void {
  app.get('/api/health', async () => ({ status: 'ok' }));

  app.get('/api/health/ready', async (request) => {
    try {
      await db.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      throw new AppError(503, 'The database is unavailable. Please try again shortly.');
    }
    return { status: 'ready', database: db.kind };
  });
}
