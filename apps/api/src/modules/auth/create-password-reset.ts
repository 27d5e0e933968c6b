import { and, eq, isNull } from 'drizzle-orm';
import { passwordResets, users, type Database } from '@app/db';
import { hashToken, newToken } from '../../lib/tokens.ts';

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/**
 * Issues a reset token for the account with this email, replacing any earlier unused one.
 * Answers null when there is no such account; the caller answers the same either way.
 */
export async function createPasswordReset(
  db: Database,
  email: string,
  now: Date,
): Promise<{ token: string; name: string } | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return null;
  const token = await db.transaction((tx) =>
    issuePasswordReset(tx, user.id, now, RESET_LINK_LIFETIME_MS),
  );
  return { token, name: user.name };
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
