import { and, desc, eq, ne } from 'drizzle-orm';
import { outboxMessages, type Database } from '@app/db';
import { FAILED_MESSAGES_SHOWN, type FailedMessage } from '@app/shared';

/**
 * A message that failed for good, as the console shows it: an email or a text. A push is a
 * nudge to a phone (the owners' email and the console say the same), never offered to retry.
 */
export const FAILED_FOR_THE_CONSOLE = and(
  eq(outboxMessages.status, 'failed'),
  ne(outboxMessages.channel, 'push'),
);

/** Messages that failed for good, newest first: what the owner's console offers to retry. */
export async function listFailedMessages(db: Database): Promise<FailedMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(FAILED_FOR_THE_CONSOLE)
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
