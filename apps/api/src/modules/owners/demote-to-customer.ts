import { eq } from 'drizzle-orm';
import {
  calendarFeeds,
  pushSubscriptions,
  recoveryCodes,
  totpFactors,
  users,
  type Database,
} from '@app/db';
import { endAllSessions } from '../auth/sessions.ts';

/**
 * Takes a staff role away, the other half of `promoteToStaff`: the account is a customer again,
 * every session of it ends, and its authenticator secret and recovery codes are forgotten (a
 * customer has no second factor; a later promotion starts afresh), and so are its calendar link
 * (made staff again, the old URL must not come back to life) and its browsers' push
 * subscriptions (what is pushed is for staff only). Its password stays. Pass a transaction; the
 * caller finds and checks the account first and writes the audit event. Answers how many
 * sessions ended.
 */
export async function demoteToCustomer(
  tx: Database,
  userId: string,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  await tx.update(users).set({ role: 'customer', updatedAt: now }).where(eq(users.id, userId));
  const sessionsEnded = await endAllSessions(tx, userId);
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return { sessionsEnded };
}
