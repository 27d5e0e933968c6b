import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import type { NumbersResponse } from '@app/shared';
import { summarizeNumbers } from './summarize-numbers.ts';

/** The owner's numbers: this week and this month. */
export function registerNumbersRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date },
): void {
  app.get(
    '/api/admin/numbers',
    { config: { auth: 'owner' } },
    async (_request, reply): Promise<NumbersResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await summarizeNumbers(deps.db, deps.now())) };
    },
  );
}
