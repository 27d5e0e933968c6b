import type { FastifyInstance } from 'fastify';
import { GoogleLoginSchema, MESSAGES, googleNonce } from '@app/shared';
import type { Database } from '@app/db';
import type { RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { CSRF_HEADER } from '../../plugins/csrf.ts';
import type { Limiter } from '../../plugins/rate-limit.ts';
import type { StartSession } from '../session/start-session.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import { signInWithGoogle } from './sign-in-with-google.ts';

export function registerGoogleRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    verifier: GoogleVerifier | undefined;
    limiter: Limiter;
    failuresPerIp: RateLimit;
    startSession: StartSession;
    now: () => Date;
  },
): void {
  app.post('/api/auth/google', async (request, reply) => {
    if (!deps.verifier) throw AppError.notFound('Google sign-in is not available.');
    const { token } = GoogleLoginSchema.parse(request.body);
    const ipKey = `login:ip:${request.ip}`;
    await deps.limiter.check(ipKey, deps.failuresPerIp, MESSAGES.tooManyLoginAttempts);
    // The CSRF check has already matched this header to the visitor's cookie.
    const nonce = await googleNonce(String(request.headers[CSRF_HEADER]));
    const identity = await deps.verifier.verify(token, nonce).catch(async (error: unknown) => {
      request.log.info(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'Google token refused',
      );
      await deps.limiter.record(ipKey, deps.failuresPerIp);
      throw new AppError(401, MESSAGES.googleLoginFailed);
    });
    await deps.startSession(request, reply, await signInWithGoogle(deps.db, identity, deps.now()));
    return { success: true, message: 'Logged in with Google' };
  });
}
