import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  BLOCK_MESSAGES,
  BlockCreateSchema,
  BlockIdSchema,
  type BlockResponse,
  type BlocksResponse,
  type MessageResponse,
} from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { createBlock } from './create-block.ts';
import { deleteBlock } from './delete-block.ts';
import { listBlocks } from './list-blocks.ts';

/** The owner's blocks: list, create, delete. Each change refreshes the service list. */
export function registerBlockRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; onSlotsChanged: () => void },
): void {
  app.get(
    '/api/admin/blocks',
    { config: { auth: 'owner' } },
    async (_request, reply): Promise<BlocksResponse> => {
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await listBlocks(deps.db, deps.now())) };
    },
  );

  app.post(
    '/api/admin/blocks',
    { config: { auth: 'owner' } },
    async (request): Promise<BlockResponse> => {
      const input = BlockCreateSchema.parse(request.body);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      const block = await createBlock(deps.db, input, { actor, now: deps.now() });
      deps.onSlotsChanged();
      return { success: true, message: BLOCK_MESSAGES.created, block };
    },
  );

  app.post<{ Params: { blockId: string } }>(
    '/api/admin/blocks/:blockId/delete',
    { config: { auth: 'owner' } },
    async (request): Promise<MessageResponse> => {
      const blockId = BlockIdSchema.parse(request.params.blockId);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      await deleteBlock(deps.db, blockId, { actor, now: deps.now() });
      deps.onSlotsChanged();
      return { success: true, message: BLOCK_MESSAGES.deleted };
    },
  );
}
