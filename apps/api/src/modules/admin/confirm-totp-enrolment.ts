import { and, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, totpFactors, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ownerActor, recordAudit } from '../audit/record-audit.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { findTotpFactor, markSessionVerified } from './second-factor.ts';
import { ALREADY_ENROLLED_MESSAGE } from './start-totp-enrolment.ts';
import { stepOfCode } from './totp.ts';

export const NOTHING_TO_CONFIRM_MESSAGE =
  'Start setting up two-step sign-in first: there is no code to confirm yet.';
export const WRONG_CODE_MESSAGE =
  'That code is not right. Enter the code your authenticator app shows now.';

/**
 * Confirms an owner's new TOTP secret with a code from it, in one transaction: the factor is
 * confirmed (once: a second confirmation finds it done), ten recovery codes replace any older
 * ones, this session has passed the second factor, and the audit trail says so. Answers the
 * recovery codes, which are never shown again.
 */
export async function confirmTotpEnrolment(
  db: Database,
  box: SecretBox,
  input: { userId: string; sessionId: string; code: string; now: Date },
): Promise<string[]> {
  const { userId, now } = input;
  const factor = await findTotpFactor(db, box, userId);
  if (!factor) throw AppError.conflict(NOTHING_TO_CONFIRM_MESSAGE);
  if (factor.confirmed) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
  const step = stepOfCode(factor.secret, input.code, now);
  if (step === null) throw AppError.badRequest(WRONG_CODE_MESSAGE);

  const codes = newRecoveryCodes();
  const actor = await ownerActor(db, userId);
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(totpFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
      .returning({ userId: totpFactors.userId });
    if (!confirmed) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ codeHash: hashRecoveryCode(code), userId, createdAt: now })));
    await markSessionVerified(tx, input.sessionId, now);
    await recordAudit(tx, {
      actor,
      action: 'mfa.enrolled',
      at: now,
      after: { recoveryCodes: codes.length },
    });
  });
  return codes;
}
