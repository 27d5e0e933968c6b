import { and, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { sessions, totpFactors, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { ownerActor, recordAudit } from '../audit/record-audit.ts';
import { newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

export const ALREADY_ENROLLED_MESSAGE = 'Two-step sign-in is already set up for this account.';
/** An unconfirmed enrolment is its session's alone this long; then another may start over. */
export const ENROLMENT_LIFETIME_MS = 15 * 60_000;
export const ENROLMENT_ELSEWHERE_MESSAGE =
  'Two-step sign-in is being set up in another browser. Finish it there, or try again in 15 minutes.';

/**
 * A new TOTP secret for an owner who has none confirmed yet: its URI and QR code for the
 * authenticator app, and the secret as text for typing in. One enrolment at a time per account:
 * it belongs to the session that started it, which alone may confirm or restart it, until it
 * expires (`ENROLMENT_LIFETIME_MS`) or that session has ended; another session is refused
 * meanwhile, so an attacker with the password cannot swap their app in under the owner's set-up.
 * A confirmed factor is never replaced. Written to the audit trail.
 */
export async function startTotpEnrolment(
  db: Database,
  box: SecretBox,
  owner: { userId: string; sessionId: string },
  options: { issuer: string; now: Date },
): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const { userId, sessionId } = owner;
  const { now } = options;
  const secret = newTotpSecret();
  const sealed = box.seal(secret, userId);
  const actor = await ownerActor(db, userId);
  const expiredBefore = new Date(now.getTime() - ENROLMENT_LIFETIME_MS);
  await db.transaction(async (tx) => {
    // The conditional upsert changes no row when the factor is confirmed, or is another live
    // session's enrolment.
    const [started] = await tx
      .insert(totpFactors)
      .values({ userId, secret: sealed, enrolmentSessionId: sessionId, createdAt: now })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secret: sealed, lastStep: null, enrolmentSessionId: sessionId, createdAt: now },
        setWhere: and(
          isNull(totpFactors.confirmedAt),
          or(
            isNull(totpFactors.enrolmentSessionId),
            eq(totpFactors.enrolmentSessionId, sessionId),
            lte(totpFactors.createdAt, expiredBefore),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(sessions)
                .where(eq(sessions.id, totpFactors.enrolmentSessionId)),
            ),
          ),
        ),
      })
      .returning({ userId: totpFactors.userId });
    if (!started) {
      const [factor] = await tx
        .select({ confirmedAt: totpFactors.confirmedAt })
        .from(totpFactors)
        .where(eq(totpFactors.userId, userId));
      throw AppError.conflict(
        factor?.confirmedAt ? ALREADY_ENROLLED_MESSAGE : ENROLMENT_ELSEWHERE_MESSAGE,
      );
    }
    await recordAudit(tx, { actor, action: 'mfa.enrolment_started', at: now });
  });
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const otpauthUri = totpUri(secret, { issuer: options.issuer, label: user?.email ?? userId });
  return { secret, otpauthUri, qrSvg: await qrCodeSvg(otpauthUri) };
}
