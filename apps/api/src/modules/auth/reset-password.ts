import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets, sessions, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/common-passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import { hashPassword } from './passwords.ts';

export const INVALID_RESET_LINK_MESSAGE = 'This reset link is invalid or has expired.';

/**
 * Sets a new password with a reset token: the token is used up by a conditional update (so two
 * concurrent uses cannot both succeed), and every session of the account ends. The address is
 * verified too: the link came by email to it (or, for a new owner, from the command line), so
 * whoever uses it holds the address; that is how an address someone else registered is
 * reclaimed (their password and sessions go with it).
 */
export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  now: Date,
): Promise<void> {
  // Refused before the link is used up, so the customer can try another password with it.
  if (isCommonPassword(newPassword)) throw AppError.badRequest(COMMON_PASSWORD_MESSAGE);
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
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
  });
}
