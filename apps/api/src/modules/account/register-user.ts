import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../lib/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recordVerifyEmail } from './email-verification.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please log in.';

/**
 * Creates an account, unverified, and in the same transaction the email that confirms its
 * address. Emails arrive normalized (trimmed, lower-cased) from the schema.
 */
export async function registerUser(
  db: Database,
  input: { name: string; email: string; password: string; phone: string },
  now: Date,
): Promise<string> {
  if (isCommonPassword(input.password)) throw AppError.badRequest(COMMON_PASSWORD_MESSAGE);
  // Hashed whether or not the email is taken: the 409 must not come back faster than a signup.
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (existing) throw AppError.conflict(DUPLICATE_EMAIL_MESSAGE);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id, email: users.email });
      const user = created as { id: string; email: string };
      await recordVerifyEmail(tx, user, now);
      return user.id;
    });
  } catch (error) {
    // Two signups for one email at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw AppError.conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}
