import { and, eq, isNull } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { normalizeEmail } from '@app/shared';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { GoogleIdentity } from './google-verifier.ts';
import { endAllSessions } from './sessions.ts';

export const EMAIL_LINKED_ELSEWHERE_MESSAGE =
  'This email already belongs to an account linked to another Google account.';

/**
 * The account for a verified Google identity: found by Google's `sub`; else an existing
 * account with the same (verified) email and no Google link yet, now linked; else a new
 * account. An account already linked to another Google identity is never taken over. Google
 * vouched for the address (the verifier refuses a token without `email_verified`), so the
 * account is verified; an unverified account linked this way was registered by someone who
 * never proved the address: its password and sessions end, as a reset link's would.
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

  const linked = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ...signedIn, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.googleSub)))
      .for('update');
    if (!found) return undefined;
    const unverified = !found.verifiedAt;
    await tx
      .update(users)
      .set({
        googleSub: identity.sub,
        updatedAt: now,
        ...(unverified ? { emailVerifiedAt: now, passwordHash: null } : {}),
      })
      .where(eq(users.id, found.id));
    if (unverified) await endAllSessions(tx, found.id);
    return { id: found.id, role: found.role };
  });
  if (linked) return linked;

  try {
    const [created] = await db
      .insert(users)
      .values({
        name: identity.name,
        email,
        googleSub: identity.sub,
        emailVerifiedAt: now,
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
