import { and, count, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, sessions, totpFactors, type Database } from '@app/db';
import type { MfaState } from '@app/shared';
import type { SecretBox } from '../../lib/secret-box.ts';

/** Where an owner and their session stand with the second factor. */
export async function getMfaState(
  db: Database,
  userId: string,
  session: { mfaVerifiedAt: Date | null },
): Promise<{ mfa: MfaState; recoveryCodesLeft: number }> {
  const [factor] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  if (!factor?.confirmedAt) return { mfa: 'enrol', recoveryCodesLeft: 0 };
  return {
    mfa: session.mfaVerifiedAt ? 'verified' : 'verify',
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
  };
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** The owner's TOTP factor, its secret opened. */
export async function findTotpFactor(
  db: Database,
  box: SecretBox,
  userId: string,
): Promise<{ secret: string; confirmed: boolean } | null> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!factor) return null;
  return { secret: box.open(factor.secret, userId), confirmed: factor.confirmedAt !== null };
}

/** This session has passed the second factor. */
export async function markSessionVerified(
  tx: Database,
  sessionId: string,
  now: Date,
): Promise<void> {
  await tx.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, sessionId));
}

/** The purpose the TOTP secrets' key is derived for (lib/secret-box.ts). */
export const TOTP_SECRET_PURPOSE = 'totp-secret';
