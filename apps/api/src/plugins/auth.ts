import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@app/db';
import { AppError } from '../errors.ts';
import { findSessionUserId, type SessionPolicy } from '../modules/session/sessions.ts';
import { readSessionToken, type SessionCookie } from './session-cookie.ts';

export const NOT_SIGNED_IN_MESSAGE = 'Please log in to continue.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user; `request.userId` is set before the handler runs. */
    auth?: true;
  }
  interface FastifyRequest {
    userId: string | null;
  }
}

export interface Auth {
  /** The signed-in user of a request, or null. */
  resolveUserId(request: FastifyRequest): Promise<string | null>;
}

/** Resolves sessions for the routes that ask for a signed-in user and refuses the others. */
export function registerAuth(
  app: FastifyInstance,
  options: { db: Database; cookie: SessionCookie; policy: SessionPolicy; now: () => Date },
): Auth {
  const resolveUserId = async (request: FastifyRequest) => {
    const token = readSessionToken(request, options.cookie);
    return token ? findSessionUserId(options.db, token, options.now(), options.policy) : null;
  };

  app.decorateRequest('userId', null);
  app.addHook('preHandler', async (request) => {
    if (request.is404 || request.routeOptions.config.auth !== true) return;
    request.userId = await resolveUserId(request);
    if (!request.userId) throw new AppError(401, NOT_SIGNED_IN_MESSAGE);
  });
  return { resolveUserId };
}
