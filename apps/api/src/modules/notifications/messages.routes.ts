import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  MessageParamsSchema,
  type FailedMessagesResponse,
  type RetryMessageResponse,
} from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { listFailedMessages } from './list-failed-messages.ts';
import { retryMessage } from './retry-message.ts';

/** The console's Messages area: failed messages and their retry (owner only). */
export function registerMessageRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date },
): void {
  const owner = { config: { auth: 'owner' as const } };
  app.get(
    '/api/admin/messages',
    owner,
    async (_request, reply): Promise<FailedMessagesResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, messages: await listFailedMessages(deps.db) };
    },
  );
  app.post<{ Params: { id: string } }>(
    '/api/admin/messages/:id/retry',
    owner,
    async (request): Promise<RetryMessageResponse> => {
      const { id } = MessageParamsSchema.parse(request.params);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      await retryMessage(deps.db, id, actor, deps.now());
      return { success: true, message: 'The message will be sent again shortly.' };
    },
  );
}
