import type { FastifyInstance } from 'fastify';
import {
  EMAIL_VERIFIED_MESSAGE,
  MESSAGES,
  ResendVerifyEmailSchema,
  SignupSchema,
  VERIFY_EMAIL_SENT_MESSAGE,
  VerifyEmailSchema,
  UpdateProfileSchema,
  type MessageResponse,
  type ProfileResponse,
} from '@app/shared';
import type { Database } from '@app/db';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser, type Auth } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { visitorProfile } from './get-user-profile.ts';
import { registerUser } from './register-user.ts';
import { requestVerifyEmail, verifyEmail } from './email-verification.ts';
import { updateUserProfile } from './update-user-profile.ts';

export interface AccountRouteDeps {
  db: Database;
  auth: Auth;
  limiter: Limiter;
  signupsPerIp: RateLimit;
  /** Confirmation links and their resends count as the reset links do (per address, per email). */
  linksPerIp: RateLimit;
  linksPerEmail: RateLimit;
  now: () => Date;
}

/** Signing up and confirming the address, and the signed-in user's own profile. */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, limiter, now } = deps;

  app.post('/api/user/register', async (request): Promise<MessageResponse> => {
    await limiter.consume(
      rateLimitKeys.signupByIp(request.ip),
      deps.signupsPerIp,
      MESSAGES.tooManyLoginAttempts,
    );
    await registerUser(db, SignupSchema.parse(request.body), now());
    return { success: true, message: 'Account created successfully. Please log in.' };
  });

  // A POST from the page's button, never the link's GET: a mail scanner opening links must not
  // confirm an address nobody read.
  app.post('/api/user/verify-email', async (request): Promise<MessageResponse> => {
    await limiter.consume(
      rateLimitKeys.verifyByIp(request.ip),
      deps.linksPerIp,
      MESSAGES.tooManyRequests,
    );
    const { token } = VerifyEmailSchema.parse(request.body);
    await verifyEmail(db, token, now());
    return { success: true, message: EMAIL_VERIFIED_MESSAGE };
  });

  // The same answer whether the address is unknown, verified or waiting: it says nothing of
  // who has an account.
  app.post('/api/user/verify-email/resend', async (request): Promise<MessageResponse> => {
    const { email } = ResendVerifyEmailSchema.parse(request.body);
    await limiter.consume(
      rateLimitKeys.verifyByIp(request.ip),
      deps.linksPerIp,
      MESSAGES.tooManyRequests,
    );
    await limiter.consume(
      rateLimitKeys.verifyByEmail(email),
      deps.linksPerEmail,
      MESSAGES.tooManyRequests,
    );
    await requestVerifyEmail(db, email, now());
    return { success: true, message: VERIFY_EMAIL_SENT_MESSAGE };
  });

  // A visitor is not an error: `user` is null until someone signs in.
  app.get('/api/user/profile', async (request, reply): Promise<ProfileResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, user: await visitorProfile(db, deps.auth, request) };
  });

  app.post(
    '/api/user/update-profile',
    { config: { auth: 'customer' } },
    async (request): Promise<MessageResponse> => {
      const input = UpdateProfileSchema.parse(request.body);
      await updateUserProfile(db, signedInUser(request).id, input, now());
      return { success: true, message: 'Profile updated successfully' };
    },
  );
}
