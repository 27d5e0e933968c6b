import { and, count, eq, isNull } from 'drizzle-orm';
import { recoveryCodes, totpFactors, type Database } from '@app/db';
import type { MfaState } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { renewSessionPastMfa } from '../auth/sessions.ts';

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
): Promise<{
  secret: string;
  confirmed: boolean;
  /** While being set up: the session that started it, and when. */
  enrolment: { sessionId: string | null; startedAt: Date } | null;
} | null> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!factor) return null;
  return {
    secret: box.open(factor.secret, userId),
    confirmed: factor.confirmedAt !== null,
    enrolment: factor.confirmedAt
      ? null
      : { sessionId: factor.enrolmentSessionId, startedAt: factor.createdAt },
  };
}

/** A session renewed past the second factor: its new token, for the cookie, and its end. */
export interface RenewedSession {
  token: string;
  expiresAt: Date;
}

/**
 * This session has passed the second factor: it is renewed, a new id and token, the old token
 * dead (`renewSessionPastMfa`). A session ended meanwhile (signed out, its account's
 * role changed) is refused, and the transaction with it.
 */
export async function passMfa(tx: Database, sessionId: string, now: Date): Promise<RenewedSession> {
  const renewed = await renewSessionPastMfa(tx, sessionId, now);
  if (!renewed) throw AppError.unauthorized();
  return renewed;
}

/** The purpose the TOTP secrets' key is derived for (lib/secret-box.ts). */
export const TOTP_SECRET_PURPOSE = 'totp-secret';
