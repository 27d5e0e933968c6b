import { outboxMessages, type Database } from '@app/db';
import type { AddChauffeurSchema } from '@app/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { issuePasswordReset } from '../auth/create-password-reset.ts';
import { addStaff, STAFF_PASSWORD_LINK_LIFETIME_MS } from '../owners/add-staff.ts';

export const UNVERIFIED_CHAUFFEUR_MESSAGE =
  'This account never confirmed its email address, so whoever registered it may not hold it. ' +
  'Ask them to use "Forgot password" on the site (the emailed link confirms the address), then add them again.';
export const OWNER_NOT_CHAUFFEUR_MESSAGE =
  'This account is an owner: an owner cannot be a chauffeur.';

export type AddChauffeurInput = z.output<typeof AddChauffeurSchema>;

/**
 * How the new chauffeur gets in: an emailed invitation (an outbox row; its link is made when it
 * is sent), or a link answered to the caller (the command line, which may have no mailer). Not
 * both: a link made later replaces the earlier one.
 */
export type Invite = 'email' | 'link';

/**
 * Makes the account with this (normalized) email a chauffeur, in one transaction: a new account
 * with the form's name and phone, or a customer promoted (`promoteToStaff`: whatever signed it
 * in stops working). An existing account whose address nobody confirmed is refused, as is an
 * owner (`addStaff`). A chauffeur already is invited again. Writes `chauffeur.added` (not for a
 * re-invite).
 */
export async function addChauffeur(
  db: Database,
  input: AddChauffeurInput,
  options: { actor: AuditActor; now: Date; invite: Invite },
): Promise<{ id: string; created: boolean; wasChauffeur: boolean; token: string | null }> {
  const { actor, now } = options;
  const { email } = input;
  return db.transaction(async (tx) => {
    const { id, created, hadRole } = await addStaff(tx, 'chauffeur', input, {
      actor,
      now,
      refuse: (reason) =>
        AppError.conflict(
          reason === 'owner' ? OWNER_NOT_CHAUFFEUR_MESSAGE : UNVERIFIED_CHAUFFEUR_MESSAGE,
        ),
    });
    let token: string | null = null;
    if (options.invite === 'link') {
      token = await issuePasswordReset(tx, id, now, STAFF_PASSWORD_LINK_LIFETIME_MS);
    } else {
      await tx.insert(outboxMessages).values({
        channel: 'email',
        audience: 'account',
        template: 'chauffeur_invite',
        recipient: email,
        userId: id,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { id, created, wasChauffeur: hadRole, token };
  });
}
