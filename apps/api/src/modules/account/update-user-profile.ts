import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { Gender } from '@app/shared';

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
