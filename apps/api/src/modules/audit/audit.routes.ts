import type { FastifyInstance } from 'fastify';
import { AuditQuerySchema, type AuditResponse } from '@app/shared';
import type { Database } from '@app/db';
import { listAuditEvents } from './list-audit-events.ts';

/** The owner's view of the audit trail. */
export function registerAuditRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get(
    '/api/admin/audit',
    { config: { auth: 'owner' } },
    async (request, reply): Promise<AuditResponse> => {
      const query = AuditQuerySchema.parse(request.query);
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await listAuditEvents(deps.db, query)) };
    },
  );
}
