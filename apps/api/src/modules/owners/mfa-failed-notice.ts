import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { outboxMessages, users, type Database } from '@app/db';

/** At most one warning of wrong codes per account in this long. */
export const MFA_FAILED_NOTICE_INTERVAL_MS = 15 * 60_000;

/**
 * Tells a staff account's holder, by email through the outbox, that a sign-in got a code wrong:
 * whoever typed it had the password. The account's `mfa_failed_notice_at` is claimed by one
 * conditional update (two instances, or two wrong codes at once, write one email), so an
 * attacker spending the budget sends one email per 15 minutes, not one per code. Pass the
 * transaction that records the refusal. Answers whether an email was written.
 */
export async function recordMfaFailedNotice(
  tx: Database,
  userId: string,
  now: Date,
): Promise<boolean> {
  const due = new Date(now.getTime() - MFA_FAILED_NOTICE_INTERVAL_MS);
  const [claimed] = await tx
    .update(users)
    .set({ mfaFailedNoticeAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.mfaFailedNoticeAt), lte(users.mfaFailedNoticeAt, due)),
      ),
    )
    .returning({ email: users.email });
  if (!claimed) return false;
  await tx.insert(outboxMessages).values({
    channel: 'email',
    audience: 'account',
    template: 'mfa_failed',
    recipient: claimed.email,
    userId,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return true;
}
