import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one cookie the site sets: a random opaque token. Before sign-in it only anchors the CSRF
 * token; after sign-in the same cookie carries the session token (stored hashed server-side).
 */
export interface SessionCookie {
  /** `__Host-sid` in production: Secure, host-only, path `/`. */
  name: string;
  secure: boolean;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sessionCookieFor(isProduction: boolean): SessionCookie {
  return { name: isProduction ? '__Host-sid' : 'sid', secure: isProduction };
}

export function readSessionToken(
  request: FastifyRequest,
  cookie: SessionCookie,
): string | undefined {
  const value = request.cookies[cookie.name];
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

export function writeSessionCookie(
  reply: FastifyReply,
  cookie: SessionCookie,
  token: string,
  maxAgeMs?: number,
): void {
  reply.setCookie(cookie.name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  reply.clearCookie(cookie.name, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
  });
}
