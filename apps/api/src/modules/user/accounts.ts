import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { UserProfile, Gender } from '@app/shared';
import { AppError } from '../../errors.ts';
import { isUniqueViolation } from '../../db-errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please log in.';
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password.';

/** Creates an account. Emails arrive normalized (trimmed, lower-cased) from the schema. */
export async function registerUser(
  db: Database,
  input: { name: string; email: string; password: string; phone: string },
): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (existing) throw new AppError(409, DUPLICATE_EMAIL_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
      .returning({ id: users.id });
    return (created as { id: string }).id;
  } catch (error) {
    // Two signups for one email at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

/** The user id for a correct email and password, or null (in the same time either way). */
export async function authenticateUser(
  db: Database,
  input: { email: string; password: string },
): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email));
  return (await verifyPassword(user?.passwordHash, input.password)) && user ? user.id : null;
}

export async function getUserProfile(db: Database, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'Please log in to continue.');
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    gender: user.gender as Gender,
    dob: user.dob ?? '',
  };
}

export async function updateUserProfile(
  db: Database,
  userId: string,
  input: { name: string; address: string; phone: string; gender: Gender; dob: string },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      name: input.name,
      address: input.address,
      phone: input.phone,
      gender: input.gender,
      dob: input.dob,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
