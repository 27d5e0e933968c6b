import { desc, eq } from 'drizzle-orm';
import { outboxMessages, type Database } from '@app/db';
import { FAILED_MESSAGES_SHOWN, type FailedMessage } from '@app/shared';

/** Messages that failed for good, newest first: what the owner's console offers to retry. */
export async function listFailedMessages(db: Database): Promise<FailedMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'failed'))
    .orderBy(desc(outboxMessages.updatedAt))
    .limit(FAILED_MESSAGES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    audience: row.audience,
    template: row.template,
    recipient: row.recipient,
    appointmentId: row.appointmentId,
    attempts: row.attempts,
    lastError: row.lastError,
    failedAt: row.updatedAt.toISOString(),
  }));
}
