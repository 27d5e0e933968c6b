import type { FastifyInstance } from 'fastify';
import {
  ForgotPasswordSchema,
  GoogleLoginSchema,
  LoginSchema,
  MESSAGES,
  ResetPasswordSchema,
  RevokeSessionSchema,
  googleNonce,
  type Business,
  type MessageResponse,
  type RevokeOtherSessionsResponse,
  type UserSessionsResponse,
} from '@app/shared';
import type { Database } from '@app/db';
import type { Config } from '../../config/env.ts';
import { passwordResetEmail } from '../../email/password-reset.ts';
import type { Mailer } from '../../email/transport.ts';
import { AppError } from '../../errors.ts';
import { signedInSession, signedInUser } from '../../plugins/auth.ts';
import { CSRF_HEADER } from '../../plugins/csrf.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import {
  clearSessionCookie,
  readSessionToken,
  type SessionCookie,
} from '../../plugins/session-cookie.ts';
import { INVALID_LOGIN_MESSAGE, authenticateUser } from './authenticate-user.ts';
import { createPasswordReset } from './create-password-reset.ts';
import { endOtherSessions, endUserSession } from './end-user-sessions.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import { listUserSessions } from './list-user-sessions.ts';
import { resetPassword } from './reset-password.ts';
import { deleteSession, type SessionPolicies } from './sessions.ts';
import { signInWithGoogle } from './sign-in-with-google.ts';
import type { StartSession } from './start-session.ts';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset your password.';

export interface AuthRouteDeps {
  db: Database;
  limiter: Limiter;
  limits: Config['rateLimits'];
  mailer: Mailer;
  cookie: SessionCookie;
  startSession: StartSession;
  policies: SessionPolicies;
  /** Unset: Google sign-in answers 404. */
  googleVerifier: GoogleVerifier | undefined;
  /** Reset links are built from it, never from the request's Host. */
  publicBaseUrl: string;
  business: Business;
  now: () => Date;
}

/**
 * Signing in (password or Google) and out, resetting a forgotten password, and the user's own
 * list of signed-in browsers.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { db, limiter, limits, now } = deps;

  app.post('/api/user/login', async (request, reply): Promise<MessageResponse> => {
    const input = LoginSchema.parse(request.body);
    const emailKey = rateLimitKeys.loginByEmail(input.email);
    const ipKey = rateLimitKeys.loginByIp(request.ip);
    await limiter.check(emailKey, limits.loginPerEmail, MESSAGES.tooManyLoginAttempts);
    await limiter.check(ipKey, limits.loginPerIp, MESSAGES.tooManyLoginAttempts);
    const user = await authenticateUser(db, input);
    if (!user) {
      await Promise.all([
        limiter.record(emailKey, limits.loginPerEmail),
        limiter.record(ipKey, limits.loginPerIp),
      ]);
      throw AppError.unauthorized(INVALID_LOGIN_MESSAGE);
    }
    // The failures stay counted until their window ends: were a good sign-in to clear them,
    // an account's own holder signing in would give whoever guesses at it a fresh five.
    await deps.startSession(request, reply, user);
    return { success: true, message: 'Logged in successfully' };
  });

  app.post('/api/auth/google', async (request, reply): Promise<MessageResponse> => {
    if (!deps.googleVerifier) throw AppError.notFound('Google sign-in is not available.');
    const { token } = GoogleLoginSchema.parse(request.body);
    const ipKey = rateLimitKeys.loginByIp(request.ip);
    await limiter.check(ipKey, limits.loginPerIp, MESSAGES.tooManyLoginAttempts);
    // The CSRF check has already matched this header to the visitor's cookie.
    const nonce = await googleNonce(String(request.headers[CSRF_HEADER]));
    const identity = await deps.googleVerifier
      .verify(token, nonce)
      .catch(async (error: unknown) => {
        request.log.info(
          { reason: error instanceof Error ? error.message : 'unknown' },
          'Google token refused',
        );
        await limiter.record(ipKey, limits.loginPerIp);
        throw AppError.unauthorized(MESSAGES.googleLoginFailed);
      });
    await deps.startSession(request, reply, await signInWithGoogle(db, identity, now()));
    return { success: true, message: 'Logged in with Google' };
  });

  app.post('/api/user/logout', async (request, reply): Promise<MessageResponse> => {
    const token = readSessionToken(request, deps.cookie);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, deps.cookie);
    return { success: true, message: MESSAGES.loggedOut };
  });

  app.post('/api/user/forgot-password', async (request): Promise<MessageResponse> => {
    const { email } = ForgotPasswordSchema.parse(request.body);
    await limiter.consume(
      rateLimitKeys.resetByIp(request.ip),
      limits.resetPerIp,
      MESSAGES.tooManyRequests,
    );
    await limiter.consume(
      rateLimitKeys.resetByEmail(email),
      limits.resetPerEmail,
      MESSAGES.tooManyRequests,
    );
    // After the answer has gone (the token's database writes included, which block the event
    // loop on embedded PGlite): the answer must take as long whether or not the account exists.
    const requestedAt = now();
    const issueLink = async () => {
      const reset = await createPasswordReset(db, email, requestedAt);
      if (!reset) return;
      const link = `${deps.publicBaseUrl}/reset-password/${reset.token}`;
      // Sent here, not through the outbox: the link carries the reset token, a secret the
      // outbox must not store (the database keeps only its hash). Lost if sending fails; the
      // customer asks again.
      await deps.mailer.send(
        passwordResetEmail({ to: email, name: reset.name, link, business: deps.business }),
      );
    };
    setImmediate(() => {
      issueLink().catch((error: unknown) =>
        request.log.error({ err: error }, 'reset email failed'),
      );
    });
    return { success: true, message: FORGOT_PASSWORD_MESSAGE };
  });

  app.post('/api/user/reset-password', async (request): Promise<MessageResponse> => {
    await limiter.consume(
      rateLimitKeys.resetByIp(request.ip),
      limits.resetPerIp,
      MESSAGES.tooManyRequests,
    );
    const input = ResetPasswordSchema.parse(request.body);
    await resetPassword(db, input.token, input.newPassword, now());
    return { success: true, message: 'Your password has been reset. Please log in.' };
  });

  // The signed-in user's sessions: each browser by its opaque id, never its token or hash.
  app.get(
    '/api/user/sessions',
    { config: { auth: 'customer' } },
    async (request, reply): Promise<UserSessionsResponse> => {
      reply.header('cache-control', 'no-store');
      const user = { id: signedInUser(request).id, sessionId: signedInSession(request).id };
      return { success: true, sessions: await listUserSessions(db, user, now(), deps.policies) };
    },
  );

  app.post(
    '/api/user/sessions/revoke',
    { config: { auth: 'customer' } },
    async (request, reply): Promise<MessageResponse> => {
      const { id } = RevokeSessionSchema.parse(request.body);
      await endUserSession(db, signedInUser(request).id, id);
      // Ending this browser's own session is signing out.
      if (id === signedInSession(request).id) clearSessionCookie(reply, deps.cookie);
      return { success: true, message: 'Signed out of that device.' };
    },
  );

  app.post(
    '/api/user/sessions/revoke-others',
    { config: { auth: 'customer' } },
    async (request): Promise<RevokeOtherSessionsResponse> => {
      const ended = await endOtherSessions(
        db,
        signedInUser(request).id,
        signedInSession(request).id,
      );
      return { success: true, message: 'Signed out of every other device.', ended };
    },
  );
}
