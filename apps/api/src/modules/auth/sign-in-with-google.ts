import { and, eq, isNull } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { normalizeEmail } from '@app/shared';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { GoogleIdentity } from './google-verifier.ts';

export const EMAIL_LINKED_ELSEWHERE_MESSAGE =
  'This email already belongs to an account linked to another Google account.';

/**
 * The account for a verified Google identity: found by Google's `sub`; else an existing
 * account with the same (verified) email and no Google link yet, now linked; else a new
 * account. An account already linked to another Google identity is never taken over.
 */
export async function signInWithGoogle(
  db: Database,
  identity: GoogleIdentity,
  now: Date,
  attempt = 1,
): Promise<AuthUser> {
  const email = normalizeEmail(identity.email);
  const signedIn = { id: users.id, role: users.role };
  const [bySub] = await db.select(signedIn).from(users).where(eq(users.googleSub, identity.sub));
  if (bySub) return bySub;

  const [linked] = await db
    .update(users)
    .set({ googleSub: identity.sub, updatedAt: now })
    .where(and(eq(users.email, email), isNull(users.googleSub)))
    .returning(signedIn);
  if (linked) return linked;

  try {
    const [created] = await db
      .insert(users)
      .values({
        name: identity.name,
        email,
        googleSub: identity.sub,
        createdAt: now,
        updatedAt: now,
      })
      .returning(signedIn);
    return created as AuthUser;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same Google account signing in twice at once: the other request created it.
    if (isUniqueViolation(error, 'users_google_sub_unique') && attempt === 1) {
      return signInWithGoogle(db, identity, now, attempt + 1);
    }
    throw AppError.conflict(EMAIL_LINKED_ELSEWHERE_MESSAGE);
  }
}
