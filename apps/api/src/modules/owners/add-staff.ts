import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { StaffRole } from '@app/shared';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { promoteToStaff } from './promote-to-staff.ts';

/** A staff member's link to set a password is good for a day (a customer's reset link: an hour). */
export const STAFF_PASSWORD_LINK_LIFETIME_MS = 24 * 3_600_000;

/**
 * Why an account may not be given a staff role: its address was never confirmed (whoever
 * registered it may not hold it), or it is an owner (never made a chauffeur). The caller says it
 * in its own words and error (the command line's, or the console's 409).
 */
export type StaffRefusal = 'unverified' | 'owner';

/**
 * Gives the account with this (normalized) email a staff role, in the caller's transaction: a
 * new account with the given name (and phone), or an existing one promoted as a new credential
 * (`promoteToStaff`: whatever signed it in stops working). An existing account whose address
 * nobody confirmed is refused, as is an owner asked to be anything else (`refuse` makes the
 * error). One that has the role already is left as it is. Writes `<role>.added` (not when it had
 * the role); the caller then gives the way in, a set-password link.
 */
export async function addStaff(
  tx: Database,
  role: StaffRole,
  account: { email: string; name: string; phone?: string },
  options: { actor: AuditActor; now: Date; refuse: (reason: StaffRefusal) => Error },
): Promise<{ id: string; created: boolean; hadRole: boolean }> {
  const { actor, now } = options;
  const { email } = account;
  const [existing] = await tx
    .select({ id: users.id, role: users.role, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .for('update');
  if (existing?.role === 'owner' && role !== 'owner') throw options.refuse('owner');
  if (existing && existing.role !== role && !existing.verifiedAt) {
    throw options.refuse('unverified');
  }
  let id = existing?.id;
  if (!id) {
    const [created] = await tx
      .insert(users)
      .values({
        name: account.name,
        email,
        phone: account.phone,
        role,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    id = (created as { id: string }).id;
  }
  const hadRole = existing?.role === role;
  if (!hadRole) {
    const { sessionsEnded } = existing
      ? await promoteToStaff(tx, id, role, now)
      : { sessionsEnded: 0 };
    await recordAudit(tx, {
      actor,
      action: `${role}.added`,
      at: now,
      before: existing ? { email, role: existing.role } : null,
      after: {
        // The chauffeurs' list finds a chauffeur's latest event by it (`list-chauffeurs.ts`).
        ...(role === 'chauffeur' ? { id } : {}),
        email,
        role,
        ...(existing ? { sessionsEnded } : {}),
      },
    });
  }
  return { id, created: !existing, hadRole };
}
