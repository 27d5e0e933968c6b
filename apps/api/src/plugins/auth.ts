import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaffRole, type UserRole } from '@app/shared';
import { AppError } from '../errors.ts';
import { readSessionToken, type SessionCookie } from './session-cookie.ts';

export const OWNER_ONLY_MESSAGE = 'Only the business owner can do this.';
export const MFA_REQUIRED_MESSAGE = 'Enter the code from your authenticator app to continue.';

/** Who a request is signed in as. */
export interface AuthUser {
  id: string;
  role: UserRole;
}

/** The session a signed-in request came with. */
export interface AuthSession {
  /** Opaque: names the session to its user (never the token or its hash). */
  id: string;
  /** When this session passed the second factor; null until it has (staff roles only ask). */
  mfaVerifiedAt: Date | null;
}

/**
 * Who may call a route: `'customer'` any signed-in user, `'staff'` a staff role (`STAFF_ROLES`),
 * `'owner'` an owner only; anyone else signed in gets 403, a visitor 401.
 */
export type RouteAccess = UserRole | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`RouteAccess`). `request.user` and `request.session` are set before the handler runs. */
    auth?: RouteAccess;
    /**
     * A staff session must have passed the second factor to call any route that asks for a
     * signed-in user (else 403, `code: 'mfa_required'`), except the second factor's own
     * routes, which say `mfa: false`.
     */
    mfa?: false;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    session: AuthSession | null;
  }
}

export interface SignedIn {
  user: AuthUser;
  session: AuthSession;
}

export interface Auth {
  /** The signed-in user and session of a request, or null (for routes that answer visitors too). */
  resolve(request: FastifyRequest): Promise<SignedIn | null>;
}

/**
 * A staff account's session that has not passed the second factor yet: it may pass it, sign out
 * and learn who is signed in (`GET /api/user/profile`), nothing else (docs/security.md, V8).
 */
export function awaitsMfa({ user, session }: SignedIn): boolean {
  return isStaffRole(user.role) && session.mfaVerifiedAt === null;
}

/**
 * Resolves sessions for the routes that ask for a signed-in user and refuses the others. The
 * session store is the auth module's, handed in by the app: plugins never import modules.
 */
export function registerAuth(
  app: FastifyInstance,
  options: {
    cookie: SessionCookie;
    /** The user and session of a live session token, or null (unknown, idle too long or expired). */
    findSessionUser(token: string): Promise<SignedIn | null>;
  },
): Auth {
  const resolve = async (request: FastifyRequest) => {
    const token = readSessionToken(request, options.cookie);
    return token ? options.findSessionUser(token) : null;
  };

  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    const config = request.is404 ? undefined : request.routeOptions.config;
    const needed = config?.auth;
    if (!needed) return;
    const signedIn = await resolve(request);
    request.user = signedIn?.user ?? null;
    request.session = signedIn?.session ?? null;
    if (!signedIn) throw AppError.unauthorized();
    if (!mayCall(signedIn.user.role, needed)) throw AppError.forbidden(OWNER_ONLY_MESSAGE);
    // Every route, a customer's too: a staff password alone opens nothing but the code screen.
    if (config.mfa !== false && awaitsMfa(signedIn))
      throw AppError.forbidden(MFA_REQUIRED_MESSAGE, 'mfa_required');
  });
  return { resolve };
}

function mayCall(role: UserRole, needed: RouteAccess): boolean {
  if (needed === 'customer') return true;
  if (needed === 'staff') return isStaffRole(role);
  return role === needed;
}

/** The user of a route that asks for one (`config.auth`): the pre-handler has set it. */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/** The session of a route that asks for a signed-in user. */
export function signedInSession(request: FastifyRequest): AuthSession {
  if (!request.session) throw AppError.unauthorized();
  return request.session;
}
