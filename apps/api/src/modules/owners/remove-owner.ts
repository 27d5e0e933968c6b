import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { CLI_ACTOR, recordAudit } from '../audit/record-audit.ts';
import { demoteToCustomer } from './demote-to-customer.ts';

export const NO_SUCH_ACCOUNT_MESSAGE = 'No account has this email.';
export const NOT_AN_OWNER_MESSAGE = 'This account is not an owner.';

/**
 * Makes an owner a customer again, in one transaction: every session of the account ends, its
 * authenticator secret and recovery codes are forgotten (`demoteToCustomer`), and the audit
 * trail says so (by the command line). Answers how many sessions ended.
 */
export async function removeOwner(
  db: Database,
  email: string,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    if (!user) throw AppError.notFound(NO_SUCH_ACCOUNT_MESSAGE);
    if (user.role !== 'owner') throw AppError.conflict(NOT_AN_OWNER_MESSAGE);
    const { sessionsEnded } = await demoteToCustomer(tx, user.id, now);
    await recordAudit(tx, {
      actor: CLI_ACTOR,
      action: 'owner.removed',
      at: now,
      before: { email, role: 'owner' },
      after: { email, role: 'customer' },
    });
    return { sessionsEnded };
  });
}
