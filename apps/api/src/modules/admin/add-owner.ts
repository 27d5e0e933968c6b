import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { CLI_ACTOR, recordAudit } from '../audit/record-audit.ts';
import { issuePasswordReset } from '../auth/create-password-reset.ts';

/** The owner's link to set a password is good for a day (a customer's reset link: an hour). */
export const OWNER_PASSWORD_LINK_LIFETIME_MS = 24 * 3_600_000;

/**
 * Makes the account with this (normalized) email an owner, creating it if needed with a name
 * taken from the address until the owner sets one, and issues a one-time token to set its
 * password. One transaction; a change of role is written to the audit trail, by the command
 * line.
 */
export async function addOwner(
  db: Database,
  email: string,
  now: Date,
): Promise<{ created: boolean; wasOwner: boolean; token: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    let userId = existing?.id;
    if (!userId) {
      const [created] = await tx
        .insert(users)
        .values({
          name: nameFromEmail(email),
          email,
          role: 'owner',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      userId = (created as { id: string }).id;
    } else if (existing?.role !== 'owner') {
      await tx.update(users).set({ role: 'owner', updatedAt: now }).where(eq(users.id, userId));
    }
    const wasOwner = existing?.role === 'owner';
    if (!wasOwner) {
      await recordAudit(tx, {
        actor: CLI_ACTOR,
        action: 'owner.added',
        at: now,
        before: existing ? { email, role: existing.role } : null,
        after: { email, role: 'owner' },
      });
    }
    const token = await issuePasswordReset(tx, userId, now, OWNER_PASSWORD_LINK_LIFETIME_MS);
    return { created: !existing, wasOwner, token };
  });
}

/** `ann.smith@example.com` → `ann.smith`: a name to show until the owner sets their own. */
function nameFromEmail(email: string): string {
  return email.split('@')[0] || email;
}
