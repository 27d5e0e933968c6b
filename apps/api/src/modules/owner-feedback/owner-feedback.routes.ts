import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import { OwnerFeedbackQuerySchema, type OwnerFeedbackResponse } from '@app/shared';
import { listFeedback } from './list-feedback.ts';

/** The owner's view of the customers' feedback. */
export function registerOwnerFeedbackRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get(
    '/api/admin/feedback',
    { config: { auth: 'owner' } },
    async (request, reply): Promise<OwnerFeedbackResponse> => {
      const query = OwnerFeedbackQuerySchema.parse(request.query);
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await listFeedback(deps.db, query)) };
    },
  );
}
