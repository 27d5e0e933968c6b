import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { CLI_ACTOR, recordAudit } from '../audit/record-audit.ts';
import { issuePasswordReset } from '../auth/create-password-reset.ts';
import { promoteToStaff } from './promote-to-staff.ts';

/** The owner's link to set a password is good for a day (a customer's reset link: an hour). */
export const UNVERIFIED_ACCOUNT_MESSAGE =
  'Refused: this account never confirmed its email address, so whoever registered it may not hold it. ' +
  'Have the address\'s holder use "Forgot password" on the site (the emailed link confirms the address and ends the other sign-ins), then run this again.';

/** An existing account whose address nobody proved: never made an owner. */
export class UnverifiedAccountError extends Error {
  constructor() {
    super(UNVERIFIED_ACCOUNT_MESSAGE);
    this.name = 'UnverifiedAccountError';
  }
}

export const OWNER_PASSWORD_LINK_LIFETIME_MS = 24 * 3_600_000;

/**
 * Makes the account with this (normalized) email an owner, creating it if needed with a name
 * taken from the address until the owner sets one, and issues a one-time token to set its
 * password. A customer made an owner keeps nothing that signed it in (`promoteToStaff`): the
 * link is its only way in. An existing account whose address was never confirmed is refused
 * (`UnverifiedAccountError`): anyone may have registered it. One transaction; a change of role is
 * written to the audit trail, by the command line.
 */
export async function addOwner(
  db: Database,
  email: string,
  now: Date,
): Promise<{ created: boolean; wasOwner: boolean; token: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (existing && existing.role !== 'owner' && !existing.verifiedAt) {
      throw new UnverifiedAccountError();
    }
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
    }
    const wasOwner = existing?.role === 'owner';
    if (!wasOwner) {
      const { sessionsEnded } = existing
        ? await promoteToStaff(tx, userId, 'owner', now)
        : { sessionsEnded: 0 };
      await recordAudit(tx, {
        actor: CLI_ACTOR,
        action: 'owner.added',
        at: now,
        before: existing ? { email, role: existing.role } : null,
        after: { email, role: 'owner', ...(existing ? { sessionsEnded } : {}) },
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
