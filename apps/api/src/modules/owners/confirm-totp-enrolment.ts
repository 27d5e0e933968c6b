import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, totpFactors, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ownerActor, recordAudit } from '../audit/record-audit.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { findTotpFactor, passMfa, type RenewedSession } from './mfa.ts';
import {
  ALREADY_ENROLLED_MESSAGE,
  ENROLMENT_ELSEWHERE_MESSAGE,
  ENROLMENT_LIFETIME_MS,
} from './start-totp-enrolment.ts';
import { stepOfCode } from './totp.ts';

export const NOTHING_TO_CONFIRM_MESSAGE =
  'Start setting up two-step sign-in first: there is no code to confirm yet.';
export const ENROLMENT_EXPIRED_MESSAGE =
  'Setting up took too long. Reload the page to get a new key, and scan it again.';
export const WRONG_CODE_MESSAGE =
  'That code is not right. Enter the code your authenticator app shows now.';

/**
 * Confirms an owner's new TOTP secret with a code from it, from the session that started the
 * enrolment and before it expires, in one transaction: the factor is confirmed (once: a second
 * confirmation finds it done), ten recovery codes replace any older ones, this session passes
 * the second factor (renewed: a new id and token), and the audit trail says so. Answers the
 * recovery codes, which are never shown again, and the renewed session.
 */
export async function confirmTotpEnrolment(
  db: Database,
  box: SecretBox,
  input: { userId: string; sessionId: string; code: string; now: Date },
): Promise<{ recoveryCodes: string[]; session: RenewedSession }> {
  const { userId, sessionId, now } = input;
  const factor = await findTotpFactor(db, box, userId);
  if (!factor) throw AppError.conflict(NOTHING_TO_CONFIRM_MESSAGE);
  const { enrolment } = factor;
  if (factor.confirmed || !enrolment) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
  if (enrolment.sessionId !== sessionId) throw AppError.conflict(ENROLMENT_ELSEWHERE_MESSAGE);
  if (now.getTime() - enrolment.startedAt.getTime() >= ENROLMENT_LIFETIME_MS) {
    throw AppError.conflict(ENROLMENT_EXPIRED_MESSAGE);
  }
  const step = stepOfCode(factor.secret, input.code, now);
  if (step === null) throw AppError.badRequest(WRONG_CODE_MESSAGE);

  const codes = newRecoveryCodes();
  const actor = await ownerActor(db, userId);
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(totpFactors)
      .set({ confirmedAt: now, lastStep: step, enrolmentSessionId: null })
      .where(
        and(
          eq(totpFactors.userId, userId),
          isNull(totpFactors.confirmedAt),
          // Still the enrolment read, not restarted since with another secret.
          eq(totpFactors.enrolmentSessionId, sessionId),
          eq(totpFactors.createdAt, enrolment.startedAt),
        ),
      )
      .returning({ userId: totpFactors.userId });
    if (!confirmed) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ codeHash: hashRecoveryCode(code), userId, createdAt: now })));
    const session = await passMfa(tx, sessionId, now);
    await recordAudit(tx, {
      actor,
      action: 'mfa.enrolled',
      at: now,
      after: { recoveryCodes: codes.length },
    });
    return { recoveryCodes: codes, session };
  });
}
