import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { passwordResets, users, type Database } from '@app/db';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/**
 * Issues a reset token for the account with this email, replacing any earlier unused one.
 * Answers null when there is no such account; the caller answers the same either way. The same
 * statements run either way (the writes select the account by email, and find none or one), so
 * the work after the answer, which blocks the event loop on embedded PGlite, does not say
 * whether the account exists.
 */
export async function createPasswordReset(
  db: Database,
  email: string,
  now: Date,
): Promise<{ token: string; name: string } | null> {
  const token = newToken();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, email));
    const account = tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    await tx
      .delete(passwordResets)
      .where(and(inArray(passwordResets.userId, account), isNull(passwordResets.usedAt)));
    const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
    await tx.execute(sql`
      insert into ${passwordResets} (token_hash, user_id, created_at, expires_at)
      select ${hashToken(token)}, ${users.id}, ${now.toISOString()}::timestamptz,
             ${expiresAt.toISOString()}::timestamptz
      from ${users} where ${users.email} = ${email}`);
    return user ? { token, name: user.name } : null;
  });
}

/**
 * A new reset token for an account, valid `lifetimeMs`, replacing any earlier unused one. Pass
 * a transaction: the old token goes and the new one comes together.
 */
export async function issuePasswordReset(
  tx: Database,
  userId: string,
  now: Date,
  lifetimeMs: number,
): Promise<string> {
  const token = newToken();
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return token;
}
