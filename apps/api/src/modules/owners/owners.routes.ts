import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  MfaConfirmSchema,
  MfaVerifySchema,
  type AdminSessionResponse,
  type MfaConfirmResponse,
  type MfaEnrolResponse,
  type MfaVerifyResponse,
} from '@app/shared';
import type { Database } from '@app/db';
import type { SecretBox } from '../../lib/secret-box.ts';
import { signedInSession, signedInUser } from '../../plugins/auth.ts';
import type { Limiter } from '../../plugins/rate-limit.ts';
import { writeSessionCookie, type SessionCookie } from '../../plugins/session-cookie.ts';
import { codeAttempts, type CodeLimits } from './code-attempts.ts';
import { confirmTotpEnrolment } from './confirm-totp-enrolment.ts';
import { getMfaState, type RenewedSession } from './mfa.ts';
import { startTotpEnrolment } from './start-totp-enrolment.ts';
import { verifyMfa } from './verify-mfa.ts';

export interface OwnerRouteDeps {
  db: Database;
  /** Seals the owners' TOTP secrets. */
  totpSecrets: SecretBox;
  limiter: Limiter;
  limits: CodeLimits;
  /** The session cookie, set anew when a session passes the second factor. */
  cookie: SessionCookie;
  /** Names the business in the owner's authenticator app. */
  issuer: string;
  now: () => Date;
}

/**
 * The second factor of every staff role: where the session stands, enrolment, and passing it.
 * These need a staff session only (`mfa: false`); every other signed-in route needs the factor
 * passed (plugins/auth.ts).
 */
export function registerOwnerRoutes(app: FastifyInstance, deps: OwnerRouteDeps): void {
  const { db, totpSecrets, now } = deps;
  const beforeMfa = { config: { auth: 'staff', mfa: false } } as const;
  const checkCode = codeAttempts(deps);
  // The session passed: the browser gets its new token, good until the session's end.
  const setRenewedCookie = (reply: FastifyReply, session: RenewedSession) =>
    writeSessionCookie(
      reply,
      deps.cookie,
      session.token,
      session.expiresAt.getTime() - now().getTime(),
    );

  app.get(
    '/api/admin/session',
    beforeMfa,
    async (request, reply): Promise<AdminSessionResponse> => {
      reply.header('cache-control', 'no-store');
      const state = await getMfaState(db, signedInUser(request).id, signedInSession(request));
      return { success: true, ...state };
    },
  );

  app.post('/api/admin/mfa/enrol', beforeMfa, async (request, reply): Promise<MfaEnrolResponse> => {
    reply.header('cache-control', 'no-store');
    const enrolment = await startTotpEnrolment(
      db,
      totpSecrets,
      { userId: signedInUser(request).id, sessionId: signedInSession(request).id },
      { issuer: deps.issuer, now: now() },
    );
    return { success: true, ...enrolment };
  });

  app.post(
    '/api/admin/mfa/confirm',
    beforeMfa,
    async (request, reply): Promise<MfaConfirmResponse> => {
      const { code } = MfaConfirmSchema.parse(request.body);
      reply.header('cache-control', 'no-store');
      const owner = { userId: signedInUser(request).id, sessionId: signedInSession(request).id };
      const { recoveryCodes, session } = await checkCode(
        { ...owner, ip: request.ip, factor: 'authenticator', step: 'confirm' },
        () => confirmTotpEnrolment(db, totpSecrets, { ...owner, code, now: now() }),
      );
      setRenewedCookie(reply, session);
      return { success: true, message: 'Two-step sign-in is set up.', recoveryCodes };
    },
  );

  app.post(
    '/api/admin/mfa/verify',
    beforeMfa,
    async (request, reply): Promise<MfaVerifyResponse> => {
      const input = MfaVerifySchema.parse(request.body);
      const owner = { userId: signedInUser(request).id, sessionId: signedInSession(request).id };
      const { recoveryCodesLeft, session } = await checkCode(
        {
          ...owner,
          ip: request.ip,
          factor: input.code === undefined ? 'recovery code' : 'authenticator',
          step: 'verify',
        },
        () => verifyMfa(db, totpSecrets, { ...owner, ...input, now: now() }),
      );
      setRenewedCookie(reply, session);
      return { success: true, message: 'Signed in to the console.', recoveryCodesLeft };
    },
  );
}
