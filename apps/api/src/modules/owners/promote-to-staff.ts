import { eq } from 'drizzle-orm';
import { passwordResets, recoveryCodes, totpFactors, users, type Database } from '@app/db';
import type { StaffRole } from '@app/shared';
import { endAllSessions } from '../auth/sessions.ts';

/**
 * Gives an account a staff role as a new credential, not a role flag: whatever signed the
 * account in until now stops working in the transaction that changes the role. Its password,
 * its Google link, every session, any authenticator and recovery codes, any unused reset link
 * are gone, so an account someone else registered (with a password they know, sessions they
 * hold, a factor they set up) is handed over empty. The caller then issues the one way in, a
 * set-password link (`issuePasswordReset`), and writes the audit event. Pass a transaction.
 * Answers how many sessions ended.
 */
export async function promoteToStaff(
  tx: Database,
  userId: string,
  role: StaffRole,
  now: Date,
): Promise<{ sessionsEnded: number }> {
  await tx
    .update(users)
    .set({ role, passwordHash: null, googleSub: null, updatedAt: now })
    .where(eq(users.id, userId));
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  return { sessionsEnded: await endAllSessions(tx, userId) };
}
