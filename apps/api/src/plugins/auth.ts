import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRole } from '@app/shared';
import { AppError } from '../errors.ts';
import { readSessionToken, type SessionCookie } from './session-cookie.ts';

export const OWNER_ONLY_MESSAGE = 'Only the business owner can do this.';

/** Who a request is signed in as. */
export interface AuthUser {
  id: string;
  role: UserRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: `'customer'` any signed-in user, `'owner'` an owner only (a
     * customer gets 403); a visitor gets 401. `request.user` is set before the handler runs.
     */
    auth?: UserRole;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export interface Auth {
  /** The signed-in user of a request, or null (for routes that answer visitors too). */
  resolveUser(request: FastifyRequest): Promise<AuthUser | null>;
}

/**
 * Resolves sessions for the routes that ask for a signed-in user and refuses the others. The
 * session store is the auth module's, handed in by the app: plugins never import modules.
 */
export function registerAuth(
  app: FastifyInstance,
  options: {
    cookie: SessionCookie;
    /** The user of a live session token, or null (unknown, idle too long or expired). */
    findSessionUser(token: string): Promise<AuthUser | null>;
  },
): Auth {
  const resolveUser = async (request: FastifyRequest) => {
    const token = readSessionToken(request, options.cookie);
    return token ? options.findSessionUser(token) : null;
  };

  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    const needed = request.is404 ? undefined : request.routeOptions.config.auth;
    if (!needed) return;
    request.user = await resolveUser(request);
    if (!request.user) throw AppError.unauthorized();
    if (needed === 'owner' && request.user.role !== 'owner')
      throw AppError.forbidden(OWNER_ONLY_MESSAGE);
  });
  return { resolveUser };
}

/** The user of a route that asks for one (`config.auth`): the pre-handler has set it. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}
