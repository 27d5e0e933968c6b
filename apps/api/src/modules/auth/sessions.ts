import { and, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import {
  emailVerifications,
  passwordResets,
  preparedStatement,
  pushSubscriptions,
  sessions,
  users,
  type Database,
} from '@app/db';
import type { UserRole } from '@app/shared';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SignedIn } from '../../plugins/auth.ts';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however active. */
  maxAgeMs: number;
}

/** Each role's policy: customers' from the configuration, staff's the short one below. */
export type SessionPolicies = Record<UserRole, SessionPolicy>;

/**
 * An owner's session, whatever the customers' settings are: 30 minutes idle, 12 hours at most
 * (docs/security.md, V7.3). Sessions are checked against the role of the moment, so a customer
 * made staff keeps no older, longer session.
 */
export const OWNER_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 30 * 60_000,
  maxAgeMs: 12 * 3_600_000,
};

/**
 * A chauffeur's: a shift's day on one phone, between rides that leave it idle for hours. It sees
 * only its own rides, without money (docs/security.md, V7.3).
 */
export const CHAUFFEUR_SESSION_POLICY: SessionPolicy = {
  idleTimeoutMs: 4 * 3_600_000,
  maxAgeMs: 14 * 3_600_000,
};

export function sessionPolicies(customer: SessionPolicy): SessionPolicies {
  return { customer, owner: OWNER_SESSION_POLICY, chauffeur: CHAUFFEUR_SESSION_POLICY };
}

/** Sessions are not touched on every request: once a minute is precise enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;

/** Starts a session for a user and answers its token (only its hash is stored). */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  policy: SessionPolicy,
  details: { device?: string; mfaVerifiedAt?: Date } = {},
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    device: details.device ?? '',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.maxAgeMs),
    mfaVerifiedAt: details.mfaVerifiedAt ?? null,
  });
  return token;
}

/** Whether a session is still alive under its user's policy of the moment. */
export function isSessionLive(
  session: { createdAt: Date; lastSeenAt: Date; expiresAt: Date },
  policy: SessionPolicy,
  now: Date,
): boolean {
  const at = now.getTime();
  return (
    session.expiresAt.getTime() > at &&
    at - session.lastSeenAt.getTime() < policy.idleTimeoutMs &&
    at - session.createdAt.getTime() < policy.maxAgeMs
  );
}

/** Every request of a signed-in user asks this: prepared, so PostgreSQL plans it once. */
const sessionByToken = preparedStatement((db) =>
  db
    .select({
      userId: users.id,
      role: users.role,
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_by_token'),
);

/**
 * The user a session token belongs to and the session itself, or null when unknown, idle too
 * long or expired (under the policy of the user's role now).
 */
export async function findSessionUser(
  db: Database,
  token: string,
  now: Date,
  policies: SessionPolicies,
): Promise<SignedIn | null> {
  const tokenHash = hashToken(token);
  const [session] = await sessionByToken(db).execute({ tokenHash, now });
  if (!session || !isSessionLive(session, policies[session.role], now)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return {
    user: { id: session.userId, role: session.role },
    session: { id: session.id, mfaVerifiedAt: session.mfaVerifiedAt },
  };
}

/**
 * Replaces a session with a new one, a new id and a new token, once it has passed the second
 * factor: the old token is dead at once, so a token seen before the code (on a shared screen,
 * in a proxy's log, set by someone else: session fixation) opens nothing after it. The user,
 * device, start and end stay: renewing is not signing in again. Pass the transaction that
 * records the factor. Answers the new token and when it ends, or null when the session has
 * ended meanwhile.
 */
export async function renewSessionPastMfa(
  tx: Database,
  sessionId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  const [old] = await tx.delete(sessions).where(eq(sessions.id, sessionId)).returning();
  if (!old) return null;
  const token = newToken();
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: old.userId,
    device: old.device,
    createdAt: old.createdAt,
    lastSeenAt: now,
    expiresAt: old.expiresAt,
    mfaVerifiedAt: now,
  });
  return { token, expiresAt: old.expiresAt };
}

/** Ends every session of a user (a change of role, a new credential); answers how many. */
export async function endAllSessions(tx: Database, userId: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Housekeeping (a job, every hour): sessions past their absolute end, reset links past their
 * hour, address confirmation links past their day. A session past its end that subscribed a
 * browser to pushes stays (it opens nothing) until it is ended on purpose: deleting it would
 * silence the phone's notifications twelve hours after signing in.
 */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(
    and(
      lt(sessions.expiresAt, now),
      notExists(
        db
          .select({ one: sql`1` })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.sessionId, sessions.id)),
      ),
    ),
  );
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
  await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, now));
}
