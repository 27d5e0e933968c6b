import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import { totpFactors, users, type Database } from '@app/db';
import type { StaffRole } from '@app/shared';
import { secretBox } from '../lib/secret-box.ts';
import { TOTP_SECRET_PURPOSE } from '../modules/owners/mfa.ts';
import { newTotpSecret } from '../modules/owners/totp.ts';
import {
  CHAUFFEUR_SESSION_POLICY,
  createSession,
  OWNER_SESSION_POLICY,
} from '../modules/auth/sessions.ts';
import { Browser } from './browser.ts';
import { testConfig } from './config.ts';

/** The secret box of an app built with `testConfig()`. */
export const TEST_TOTP_SECRETS = secretBox(testConfig().sessionSecret, TOTP_SECRET_PURPOSE);

/** The code an authenticator app shows for a secret at an instant. */
export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/** A 6-digit code that the secret does not give within a step of `at`: a wrong guess. */
export function wrongTotpCode(secret: string, at: Date): string {
  const valid = [-1, 0, 1].map((step) => totpCode(secret, new Date(at.getTime() + step * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

export interface SignedInOwner {
  browser: Browser;
  userId: string;
  email: string;
  /** The TOTP secret, when the owner has an authenticator. */
  secret: string | undefined;
}

/**
 * An owner (or another staff `role`) made without the command line or signup: a user row with the role, optionally
 * an authenticator already set up (`enrolled`, the default), and a signed-in session that has
 * passed the second factor (`mfa`, the default) or not.
 */
export async function signedInOwner(
  app: FastifyInstance,
  db: Database,
  now: Date,
  options: { enrolled?: boolean; mfa?: boolean; role?: StaffRole } = {},
): Promise<SignedInOwner> {
  const { enrolled = true, mfa = true, role = 'owner' } = options;
  const email = `owner-${randomBytes(6).toString('hex')}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ name: role === 'owner' ? 'Olive Owner' : 'Dana Driver', email, role })
    .returning({ id: users.id });
  const userId = (user as { id: string }).id;
  let secret: string | undefined;
  if (enrolled) {
    secret = newTotpSecret();
    await db.insert(totpFactors).values({
      userId,
      secret: TEST_TOTP_SECRETS.seal(secret, userId),
      confirmedAt: now,
      createdAt: now,
    });
  }
  const policy = role === 'owner' ? OWNER_SESSION_POLICY : CHAUFFEUR_SESSION_POLICY;
  const token = await createSession(db, userId, now, policy, {
    ...(mfa ? { mfaVerifiedAt: now } : {}),
  });
  const browser = new Browser(app);
  browser.setSid(token);
  return { browser, userId, email, secret };
}
