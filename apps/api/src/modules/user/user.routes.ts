import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ForgotPasswordSchema,
  LoginSchema,
  MESSAGES,
  ResetPasswordSchema,
  SignupSchema,
  UpdateProfileSchema,
} from '@app/shared';
import type { Database } from '@app/db';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../plugins/auth.ts';
import { emailKey, type Limiter } from '../../plugins/rate-limit.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { SessionCookie } from '../../plugins/session-cookie.ts';
import { clearSessionCookie, readSessionToken } from '../../plugins/session-cookie.ts';
import { deleteSession } from '../session/sessions.ts';
import type { StartSession } from '../session/start-session.ts';
import {
  INVALID_LOGIN_MESSAGE,
  authenticateUser,
  getUserProfile,
  registerUser,
  updateUserProfile,
} from './accounts.ts';
import { createPasswordReset, resetPassword } from './password-reset.ts';
import { buildResetEmail } from './reset-email.ts';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset your password.';

export interface UserRouteDeps {
  db: Database;
  config: Config;
  auth: Auth;
  limiter: Limiter;
  mailer: Mailer;
  cookie: SessionCookie;
  startSession: StartSession;
  now: () => Date;
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDeps): void {
  const { db, config, limiter, now } = deps;
  const limits = config.rateLimits;

  app.post('/api/user/register', async (request) => {
    await limiter.consume(
      `signup:ip:${request.ip}`,
      limits.signupPerIp,
      MESSAGES.tooManyLoginAttempts,
    );
    await registerUser(db, SignupSchema.parse(request.body));
    return { success: true, message: 'Account created successfully. Please log in.' };
  });

  app.post('/api/user/login', async (request, reply) => {
    const input = LoginSchema.parse(request.body);
    const loginEmailKey = emailKey('login', input.email);
    const ipKey = `login:ip:${request.ip}`;
    await limiter.check(loginEmailKey, limits.loginPerEmail, MESSAGES.tooManyLoginAttempts);
    await limiter.check(ipKey, limits.loginPerIp, MESSAGES.tooManyLoginAttempts);
    const userId = await authenticateUser(db, input);
    if (!userId) {
      await Promise.all([
        limiter.record(loginEmailKey, limits.loginPerEmail),
        limiter.record(ipKey, limits.loginPerIp),
      ]);
      throw new AppError(401, INVALID_LOGIN_MESSAGE);
    }
    await limiter.reset(loginEmailKey);
    await deps.startSession(request, reply, userId);
    return { success: true, message: 'Logged in successfully' };
  });

  app.post('/api/user/logout', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readSessionToken(request, deps.cookie);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, deps.cookie);
    return { success: true, message: MESSAGES.loggedOut };
  });

  // A visitor is not an error: `user` is null until someone signs in.
  app.get('/api/user/profile', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const userId = await deps.auth.resolveUserId(request);
    return { success: true, user: userId ? await getUserProfile(db, userId) : null };
  });

  app.post('/api/user/update-profile', { config: { auth: true } }, async (request) => {
    const input = UpdateProfileSchema.parse(request.body);
    await updateUserProfile(db, request.userId as string, input, now());
    return { success: true, message: 'Profile updated successfully' };
  });

  app.post('/api/user/forgot-password', async (request) => {
    const { email } = ForgotPasswordSchema.parse(request.body);
    await limiter.consume(`reset:ip:${request.ip}`, limits.resetPerIp, MESSAGES.tooManyRequests);
    await limiter.consume(emailKey('reset', email), limits.resetPerEmail, MESSAGES.tooManyRequests);
    // After the answer has gone (the token's database writes included, which block the event
    // loop on embedded PGlite): the answer must take as long whether or not the account exists.
    const requestedAt = now();
    const issueLink = async () => {
      const reset = await createPasswordReset(db, email, requestedAt);
      if (!reset) return;
      const link = `${config.publicBaseUrl}/reset-password/${reset.token}`;
      await deps.mailer.send(
        buildResetEmail({ to: email, name: reset.name, link, business: config.business }),
      );
    };
    setImmediate(() => {
      issueLink().catch((error: unknown) =>
        request.log.error({ err: error }, 'reset email failed'),
      );
    });
    return { success: true, message: FORGOT_PASSWORD_MESSAGE };
  });

  app.post('/api/user/reset-password', async (request) => {
    await limiter.consume(`reset:ip:${request.ip}`, limits.resetPerIp, MESSAGES.tooManyRequests);
    const input = ResetPasswordSchema.parse(request.body);
    await resetPassword(db, input.token, input.newPassword, now());
    return { success: true, message: 'Your password has been reset. Please log in.' };
  });
}
