import { and, eq, gte } from 'drizzle-orm';
import { blocks, type Database } from '@app/db';
import { BLOCK_MESSAGES } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { auditState } from './create-block.ts';

/**
 * Removes a block, its slots bookable again at once; with `series`, also the rows of its series
 * (every car's, every repeat's) that start at or after it. One transaction: the delete (which
 * answers the rows, so two deletes cannot both record one) and an audit event per row. Answers
 * how many rows went.
 */
export async function deleteBlock(
  db: Database,
  blockId: string,
  options: { series: boolean },
  by: { actor: AuditActor; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [block] = await tx.delete(blocks).where(eq(blocks.id, blockId)).returning();
    if (!block) throw AppError.notFound(BLOCK_MESSAGES.notFound);
    const removed = [block];
    if (options.series && block.seriesId) {
      removed.push(
        ...(await tx
          .delete(blocks)
          .where(and(eq(blocks.seriesId, block.seriesId), gte(blocks.startsAt, block.startsAt)))
          .returning()),
      );
    }
    for (const row of removed) {
      await recordAudit(tx, {
        actor: by.actor,
        action: 'block.deleted',
        at: by.now,
        serviceId: row.serviceId,
        before: auditState(row),
        after: null,
      });
    }
    return removed.length;
  });
}
