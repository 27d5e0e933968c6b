import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { AuthUser } from '../../plugins/auth.ts';
import { verifyPassword } from './passwords.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password.';

/** The user with this email and password, or null (in the same time either way). */
export async function authenticateUser(
  db: Database,
  input: { email: string; password: string },
): Promise<AuthUser | null> {
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email));
  return (await verifyPassword(user?.passwordHash, input.password)) && user
    ? { id: user.id, role: user.role }
    : null;
}
