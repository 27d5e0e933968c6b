import { eq, isNull } from 'drizzle-orm';
import { totpFactors, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

export const ALREADY_ENROLLED_MESSAGE = 'Two-step sign-in is already set up for this account.';

/**
 * A new TOTP secret for an owner who has none confirmed yet, replacing any earlier unconfirmed
 * one: its URI and QR code for the authenticator app, and the secret as text for typing in.
 */
export async function startTotpEnrolment(
  db: Database,
  box: SecretBox,
  userId: string,
  options: { issuer: string; now: Date },
): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const secret = newTotpSecret();
  const sealed = box.seal(secret, userId);
  // A confirmed factor is never replaced: the conditional upsert changes no row then.
  const [started] = await db
    .insert(totpFactors)
    .values({ userId, secret: sealed, createdAt: options.now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: sealed, lastStep: null, createdAt: options.now },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  if (!started) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const otpauthUri = totpUri(secret, { issuer: options.issuer, label: user?.email ?? userId });
  return { secret, otpauthUri, qrSvg: await qrCodeSvg(otpauthUri) };
}
