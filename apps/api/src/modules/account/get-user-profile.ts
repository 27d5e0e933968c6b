import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { isStaffRole, type Gender, type SignedInProfile, type UserProfile } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { awaitsMfa, type Auth } from '../../plugins/auth.ts';

/** The profile page's fields (and `role` for staff); a user deleted since their session began is signed out. */
export async function getUserProfile(db: Database, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.unauthorized();
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    gender: user.gender as Gender,
    dob: user.dob ?? '',
    // Only staff's answer names the role: a customer's is as it always was.
    ...(isStaffRole(user.role) ? { role: user.role } : {}),
  };
}

/**
 * Who sent the request: the signed-in user's profile, or null for a visitor. A staff session
 * that has not passed the second factor learns its role and email only (docs/security.md, V8).
 */
export async function visitorProfile(
  db: Database,
  auth: Auth,
  request: FastifyRequest,
): Promise<SignedInProfile | null> {
  const signedIn = await auth.resolve(request);
  if (!signedIn) return null;
  const { role } = signedIn.user;
  if (awaitsMfa(signedIn) && isStaffRole(role)) {
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, signedIn.user.id));
    if (!user) throw AppError.unauthorized();
    return { email: user.email, role, secondFactor: 'required' };
  }
  return getUserProfile(db, signedIn.user.id);
}
