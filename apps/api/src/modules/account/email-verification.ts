import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailVerifications, outboxMessages, users, type Database } from '@app/db';
import { INVALID_VERIFY_LINK_MESSAGE } from '@app/shared';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** A confirmation link works for a day. */
export const VERIFY_LINK_LIFETIME_MS = 24 * 3_600_000;

/**
 * Writes a confirmation email for the account to the outbox, in the caller's transaction (the
 * signup's). The row holds no token: the delivery job makes one when it sends the email.
 */
export async function recordVerifyEmail(
  tx: Database,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  await tx.insert(outboxMessages).values({
    channel: 'email',
    audience: 'account',
    template: 'verify_email',
    recipient: user.email,
    userId: user.id,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A new confirmation email for the unverified account with this (normalized) email, if there is
 * one. One statement either way (an insert that selects the account and finds none or one), so
 * the caller's answer, the same whatever happened, takes as long.
 */
export async function requestVerifyEmail(db: Database, email: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into ${outboxMessages}
      (channel, audience, template, recipient, user_id, next_attempt_at, created_at, updated_at)
    select 'email', 'account', 'verify_email', ${users.email}, ${users.id},
           ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${users}
    where ${users.email} = ${email} and ${users.emailVerifiedAt} is null`);
}

/**
 * Makes the token of a confirmation link as its email is sent: only its hash is kept, bound to
 * the address it goes to. Earlier links stay good until they expire (the customer may open the
 * first email of two).
 */
export async function issueEmailVerification(
  db: Database,
  user: { id: string; email: string },
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS),
  });
  return token;
}

/**
 * Confirms the address a link was sent to: the token is used up by a conditional update (a
 * link works once, and not after its day), and the account is marked verified only while its
 * address is still the one the link went to. A link of an account verified since is accepted.
 */
export async function verifyEmail(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!used) throw AppError.badRequest(INVALID_VERIFY_LINK_MESSAGE);
    const [account] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, used.userId));
    if (account?.email !== used.email) throw AppError.badRequest(INVALID_VERIFY_LINK_MESSAGE);
    if (account.verifiedAt) return;
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, used.userId));
  });
}
