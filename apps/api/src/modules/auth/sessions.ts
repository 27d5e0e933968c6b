import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { passwordResets, preparedStatement, sessions, users, type Database } from '@app/db';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuthUser } from '../../plugins/auth.ts';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleTimeoutMs: number;
  /** A session ends this long after sign-in, however active. */
  maxAgeMs: number;
}

/** Sessions are not touched on every request: once a minute is precise enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;

/** Starts a session for a user and answers its token (only its hash is stored). */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  policy: SessionPolicy,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.maxAgeMs),
  });
  return token;
}

/** Every request of a signed-in user asks this: prepared, so PostgreSQL plans it once. */
const liveSession = preparedStatement((db) =>
  db
    .select({ id: users.id, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .prepare('live_session'),
);

/** The user a session token belongs to, or null when unknown, idle too long or expired. */
export async function findSessionUser(
  db: Database,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const [session] = await liveSession(db).execute({
    tokenHash,
    now,
    idleSince: new Date(now.getTime() - policy.idleTimeoutMs),
  });
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { id: session.id, role: session.role };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Housekeeping (a job, every hour): sessions past their absolute end, reset links past their hour. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
}
