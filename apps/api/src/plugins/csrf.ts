import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CsrfTokenResponse } from '@app/shared';
import { AppError } from '../errors.ts';
import { newToken } from '../lib/tokens.ts';
import { readSessionToken, writeSessionCookie, type SessionCookie } from './session-cookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FAILED_MESSAGE = 'Invalid or missing CSRF token. Please refresh the page.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that authenticate otherwise (a signed payment webhook) opt out. */
    csrf?: false;
  }
}

/**
 * CSRF tokens bound to the visitor's cookie: the cookie carries a random token (the session
 * token once signed in), the CSRF token is an HMAC of it. Nothing is stored for a visitor, a
 * forged request from another site cannot read the token, and a new cookie (at sign-in) makes
 * a new token (ADR 003).
 */
export function registerCsrf(
  app: FastifyInstance,
  options: { secret: string; cookie: SessionCookie },
): void {
  const tokenFor = (cookieValue: string) =>
    createHmac('sha256', options.secret).update(`csrf:${cookieValue}`).digest('base64url');

  app.get('/api/csrf-token', async (request, reply): Promise<CsrfTokenResponse> => {
    reply.header('cache-control', 'no-store');
    let cookieValue = readSessionToken(request, options.cookie);
    if (!cookieValue) {
      cookieValue = newToken();
      writeSessionCookie(reply, options.cookie, cookieValue);
    }
    return { csrfToken: tokenFor(cookieValue) };
  });

  app.addHook('preHandler', async (request) => {
    // Unknown routes answer 404 whatever the method; there is nothing to protect there.
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    const cookie = readSessionToken(request, options.cookie);
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
