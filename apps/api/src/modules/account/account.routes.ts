import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  SignupSchema,
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
import { updateUserProfile } from './update-user-profile.ts';

export interface AccountRouteDeps {
  db: Database;
  auth: Auth;
  limiter: Limiter;
  signupsPerIp: RateLimit;
  now: () => Date;
}

/** Signing up, and the signed-in user's own profile. */
export function registerAccountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db, limiter, now } = deps;

  app.post('/api/user/register', async (request): Promise<MessageResponse> => {
    await limiter.consume(
      rateLimitKeys.signupByIp(request.ip),
      deps.signupsPerIp,
      MESSAGES.tooManyLoginAttempts,
    );
    await registerUser(db, SignupSchema.parse(request.body));
    return { success: true, message: 'Account created successfully. Please log in.' };
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
