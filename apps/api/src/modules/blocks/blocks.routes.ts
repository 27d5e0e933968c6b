import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  BLOCK_MESSAGES,
  BlockCreateSchema,
  BlockDeleteSchema,
  BlockIdSchema,
  type BlockResponse,
  type BlocksResponse,
  type MessageResponse,
} from '@app/shared';
import { signedInUser } from '../../plugins/auth.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { createBlocks } from './create-block.ts';
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
      const made = await createBlocks(deps.db, input, { actor, now: deps.now() });
      deps.onSlotsChanged();
      const [block] = made;
      if (!block) throw new Error('no block was made');
      const message = made.length > 1 ? BLOCK_MESSAGES.createdSeries : BLOCK_MESSAGES.created;
      return { success: true, message, block, blocks: made };
    },
  );

  app.post<{ Params: { blockId: string } }>(
    '/api/admin/blocks/:blockId/delete',
    { config: { auth: 'owner' } },
    async (request): Promise<MessageResponse> => {
      const blockId = BlockIdSchema.parse(request.params.blockId);
      const options = BlockDeleteSchema.parse(request.body ?? undefined);
      const actor = await ownerActor(deps.db, signedInUser(request).id);
      const removed = await deleteBlock(deps.db, blockId, options, { actor, now: deps.now() });
      deps.onSlotsChanged();
      const message = removed > 1 ? BLOCK_MESSAGES.deletedSeries : BLOCK_MESSAGES.deleted;
      return { success: true, message };
    },
  );
}
