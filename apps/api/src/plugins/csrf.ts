import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FAILED_MESSAGE = 'Invalid or missing CSRF token. Please refresh the page.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that authenticate otherwise (a signed payment webhook) opt out. */
    csrf?: false;
  }
}

export interface CsrfOptions {
  secret: string;
  /** `__Host-sid` in production: Secure, host-only, path `/`. */
  cookieName: string;
  secureCookie: boolean;
}

/**
 * CSRF tokens bound to the visitor's cookie: the cookie carries a random id (the session token
 * once signed in), the token is an HMAC of it. Nothing is stored for a visitor, a forged request
 * from another site cannot read the token, and a new cookie (at sign-in) makes a new token.
 */
export function registerCsrf(app: FastifyInstance, options: CsrfOptions): void {
  const tokenFor = (cookieValue: string) =>
    createHmac('sha256', options.secret).update(`csrf:${cookieValue}`).digest('base64url');

  const ensureCookie = (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = request.cookies[options.cookieName];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const value = randomBytes(32).toString('base64url');
    reply.setCookie(options.cookieName, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookie,
    });
    return value;
  };

  app.get('/api/csrf-token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { csrfToken: tokenFor(ensureCookie(request, reply)) };
  });

  app.addHook('preHandler', async (request) => {
    // Unknown routes answer 404 whatever the method; there is nothing to protect there.
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    const cookie = request.cookies[options.cookieName];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(header, tokenFor(cookie))) {
      throw AppError.forbidden(CSRF_FAILED_MESSAGE);
    }
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
