import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { Gender, UserProfile } from '@app/shared';
import { AppError } from '../../errors.ts';

/** The profile page's fields (and `role` for an owner); a user deleted since their session began is signed out. */
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
    // Only an owner's answer names the role: a customer's is as it always was.
    ...(user.role === 'owner' ? { role: 'owner' as const } : {}),
  };
}
