import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { recoveryCodes, totpFactors, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ownerActor, recordAudit } from '../audit/record-audit.ts';
import { WRONG_CODE_MESSAGE } from './confirm-totp-enrolment.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { findTotpFactor, passMfa, recoveryCodesLeft, type RenewedSession } from './mfa.ts';
import { stepOfCode } from './totp.ts';

export const NOT_ENROLLED_MESSAGE = 'Set up two-step sign-in first.';
export const CODE_ALREADY_USED_MESSAGE =
  'That code has already been used. Wait for the next code in your authenticator app.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not valid or has been used.';

/**
 * Passes the second factor for this session with a TOTP code (of a step later than the last
 * one taken: a code works once) or an unused recovery code (used up by a conditional update), in
 * one transaction with the session's renewal (a new id and token) and the audit event. Answers
 * how many recovery codes are left, and the renewed session.
 */
export async function verifyMfa(
  db: Database,
  box: SecretBox,
  input: {
    userId: string;
    sessionId: string;
    code?: string | undefined;
    recoveryCode?: string | undefined;
    now: Date;
  },
): Promise<{ recoveryCodesLeft: number; session: RenewedSession }> {
  const { userId, sessionId, now } = input;
  const factor = await findTotpFactor(db, box, userId);
  if (!factor?.confirmed) throw AppError.conflict(NOT_ENROLLED_MESSAGE);
  const actor = await ownerActor(db, userId);

  if (input.code !== undefined) {
    const step = stepOfCode(factor.secret, input.code, now);
    if (step === null) throw AppError.badRequest(WRONG_CODE_MESSAGE);
    return db.transaction(async (tx) => {
      const [taken] = await tx
        .update(totpFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(totpFactors.userId, userId),
            isNotNull(totpFactors.confirmedAt),
            or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
          ),
        )
        .returning({ userId: totpFactors.userId });
      if (!taken) throw AppError.badRequest(CODE_ALREADY_USED_MESSAGE);
      const session = await passMfa(tx, sessionId, now);
      await recordAudit(tx, {
        actor,
        action: 'mfa.verified',
        at: now,
        after: { factor: 'authenticator' },
      });
      return { recoveryCodesLeft: await recoveryCodesLeft(tx, userId), session };
    });
  }

  const codeHash = hashRecoveryCode(input.recoveryCode ?? '');
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.codeHash, codeHash),
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ codeHash: recoveryCodes.codeHash });
    if (!used) throw AppError.badRequest(WRONG_RECOVERY_CODE_MESSAGE);
    const session = await passMfa(tx, sessionId, now);
    const left = await recoveryCodesLeft(tx, userId);
    await recordAudit(tx, {
      actor,
      action: 'mfa.recovery_code_used',
      at: now,
      after: { recoveryCodesLeft: left },
    });
    return { recoveryCodesLeft: left, session };
  });
}
