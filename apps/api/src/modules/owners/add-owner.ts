import type { Database } from '@app/db';
import { CLI_ACTOR } from '../audit/record-audit.ts';
import { issuePasswordReset } from '../auth/create-password-reset.ts';
import { addStaff, STAFF_PASSWORD_LINK_LIFETIME_MS } from './add-staff.ts';

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

/**
 * Makes the account with this (normalized) email an owner, creating it if needed with a name
 * taken from the address until the owner sets one, and issues a one-time token to set its
 * password. A customer made an owner keeps nothing that signed it in (`promoteToStaff`): the
 * link is its only way in. An existing account whose address was never confirmed is refused
 * (`UnverifiedAccountError`): anyone may have registered it. One transaction; a change of role is
 * written to the audit trail, by the command line (`addStaff`).
 */
export async function addOwner(
  db: Database,
  email: string,
  now: Date,
): Promise<{ created: boolean; wasOwner: boolean; token: string }> {
  return db.transaction(async (tx) => {
    const { id, created, hadRole } = await addStaff(
      tx,
      'owner',
      { email, name: nameFromEmail(email) },
      { actor: CLI_ACTOR, now, refuse: () => new UnverifiedAccountError() },
    );
    const token = await issuePasswordReset(tx, id, now, STAFF_PASSWORD_LINK_LIFETIME_MS);
    return { created, wasOwner: hadRole, token };
  });
}

/** `ann.smith@example.com` → `ann.smith`: a name to show until the owner sets their own. */
function nameFromEmail(email: string): string {
  return email.split('@')[0] || email;
}
