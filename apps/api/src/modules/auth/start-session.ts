import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@app/db';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  readSessionToken,
  writeSessionCookie,
  type SessionCookie,
} from '../../plugins/session-cookie.ts';
import { deviceOf } from './device.ts';
import { createSession, deleteSession, type SessionPolicies } from './sessions.ts';

export type StartSession = (
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
) => Promise<void>;

/**
 * Signs a browser in: a new token every time (the visitor's token, or an older session, is
 * never promoted: that would allow session fixation), set in the cookie for the session's life
 * under the policy of the user's role.
 */
export function sessionStarter(options: {
  db: Database;
  cookie: SessionCookie;
  policies: SessionPolicies;
  now: () => Date;
}): StartSession {
  return async (request, reply, user) => {
    const previous = readSessionToken(request, options.cookie);
    if (previous) await deleteSession(options.db, previous);
    const policy = options.policies[user.role];
    const token = await createSession(options.db, user.id, options.now(), policy, {
      device: deviceOf(request.headers['user-agent']),
    });
    writeSessionCookie(reply, options.cookie, token, policy.maxAgeMs);
    // From here on the request is this user's (the sign-in's security event names them).
    request.user = user;
  };
}
