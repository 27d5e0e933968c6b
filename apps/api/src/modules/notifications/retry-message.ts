import { and, eq } from 'drizzle-orm';
import { outboxMessages, type Database } from '@app/db';
import { MESSAGE_NOT_FAILED, MESSAGE_NOT_FOUND } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * An owner's retry of a failed message: back to pending, due now, with its attempts afresh, in
 * one conditional update (two clicks retry it once) and the audit event in its transaction.
 */
export async function retryMessage(
  db: Database,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [retried] = await tx
      .update(outboxMessages)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
      .returning({
        appointmentId: outboxMessages.appointmentId,
        template: outboxMessages.template,
        channel: outboxMessages.channel,
        lastError: outboxMessages.lastError,
      });
    if (!retried) {
      const [exists] = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
      throw exists ? AppError.conflict(MESSAGE_NOT_FAILED) : AppError.notFound(MESSAGE_NOT_FOUND);
    }
    await recordAudit(tx, {
      actor,
      action: 'message.retried',
      at: now,
      appointmentId: retried.appointmentId,
      // What the message was, not whom it was for: the trail keeps no addresses.
      before: {
        messageId: id,
        template: retried.template,
        channel: retried.channel,
        status: 'failed',
        lastError: retried.lastError,
      },
      after: { messageId: id, status: 'pending' },
    });
  });
}
