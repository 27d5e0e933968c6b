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
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
    });
  });
  return { token, name: user.name };
}
