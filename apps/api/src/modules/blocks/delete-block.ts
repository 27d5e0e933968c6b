import { eq } from 'drizzle-orm';
import { blocks, type Database } from '@app/db';
import { BLOCK_MESSAGES } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { auditState } from './create-block.ts';

/**
 * Removes a block, its slots bookable again at once. One transaction: the delete (which answers
 * the row, so two deletes cannot both record it) and its audit event.
 */
export async function deleteBlock(
  db: Database,
  blockId: string,
  by: { actor: AuditActor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [block] = await tx.delete(blocks).where(eq(blocks.id, blockId)).returning();
    if (!block) throw AppError.notFound(BLOCK_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'block.deleted',
      at: by.now,
      serviceId: block.serviceId,
      before: auditState(block),
      after: null,
    });
  });
}
