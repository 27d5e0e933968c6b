import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets, sessions, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../plugins/session-cookie.ts';
import { hashPassword } from './passwords.ts';

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

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

/**
 * Sets a new password with a reset token: the token is used up by a conditional update (so two
 * concurrent uses cannot both succeed), and every session of the account ends.
 */
export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  now: Date,
): Promise<void> {
  // Hash before the transaction: PGlite runs one transaction at a time, never hold it for argon2.
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw AppError.badRequest(INVALID_RESET_LINK_MESSAGE);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
  });
}
