import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  MfaConfirmSchema,
  MfaVerifySchema,
  type AdminSessionResponse,
  type MfaConfirmResponse,
  type MfaEnrolResponse,
  type MfaVerifyResponse,
} from '@app/shared';
import type { Database } from '@app/db';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { signedInSession, signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { confirmTotpEnrolment } from './confirm-totp-enrolment.ts';
import { getMfaState } from './second-factor.ts';
import { startTotpEnrolment } from './start-totp-enrolment.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

export interface AdminRouteDeps {
  db: Database;
  /** Seals the owners' TOTP secrets. */
  totpSecrets: SecretBox;
  limiter: Limiter;
  limits: Pick<Config['rateLimits'], 'mfaPerUser' | 'mfaPerIp'>;
  /** Names the business in the owner's authenticator app. */
  issuer: string;
  now: () => Date;
}

/**
 * The owner's second factor: where the session stands, enrolment, and passing it. These need
 * an owner's session only (`mfa: false`); every other owner route needs the factor passed.
 */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const { db, totpSecrets, limiter, limits, now } = deps;
  const beforeSecondFactor = { config: { auth: 'owner', mfa: false } } as const;

  /**
   * Runs a code check, rate-limited per account and per address: a refused code (400) counts,
   * a good one clears the account's count.
   */
  const checkingCode = async <T>(request: FastifyRequest, check: () => Promise<T>) => {
    const userKey = rateLimitKeys.mfaByUser(signedInUser(request).id);
    const ipKey = rateLimitKeys.mfaByIp(request.ip);
    await limiter.check(userKey, limits.mfaPerUser, MESSAGES.tooManyLoginAttempts);
    await limiter.check(ipKey, limits.mfaPerIp, MESSAGES.tooManyLoginAttempts);
    try {
      const result = await check();
      await limiter.reset(userKey);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_REQUEST') {
        await Promise.all([
          limiter.record(userKey, limits.mfaPerUser),
          limiter.record(ipKey, limits.mfaPerIp),
        ]);
      }
      throw error;
    }
  };

  app.get(
    '/api/admin/session',
    beforeSecondFactor,
    async (request, reply): Promise<AdminSessionResponse> => {
      reply.header('cache-control', 'no-store');
      const state = await getMfaState(db, signedInUser(request).id, signedInSession(request));
      return { success: true, ...state };
    },
  );

  app.post(
    '/api/admin/mfa/enrol',
    beforeSecondFactor,
    async (request, reply): Promise<MfaEnrolResponse> => {
      reply.header('cache-control', 'no-store');
      const enrolment = await startTotpEnrolment(db, totpSecrets, signedInUser(request).id, {
        issuer: deps.issuer,
        now: now(),
      });
      return { success: true, ...enrolment };
    },
  );

  app.post(
    '/api/admin/mfa/confirm',
    beforeSecondFactor,
    async (request, reply): Promise<MfaConfirmResponse> => {
      const { code } = MfaConfirmSchema.parse(request.body);
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await checkingCode(request, () =>
        confirmTotpEnrolment(db, totpSecrets, {
          userId: signedInUser(request).id,
          sessionId: signedInSession(request).id,
          code,
          now: now(),
        }),
      );
      return { success: true, message: 'Two-step sign-in is set up.', recoveryCodes };
    },
  );

  app.post(
    '/api/admin/mfa/verify',
    beforeSecondFactor,
    async (request): Promise<MfaVerifyResponse> => {
      const input = MfaVerifySchema.parse(request.body);
      const { recoveryCodesLeft } = await checkingCode(request, () =>
        verifySecondFactor(db, totpSecrets, {
          userId: signedInUser(request).id,
          sessionId: signedInSession(request).id,
          ...input,
          now: now(),
        }),
      );
      return { success: true, message: 'Signed in to the console.', recoveryCodesLeft };
    },
  );
}
