import { and, desc, eq, gt } from 'drizzle-orm';
import { sessions, users, type Database } from '@app/db';
import type { UserSession } from '@app/shared';
import { UNKNOWN_DEVICE } from './device.ts';
import { isSessionLive, type SessionPolicies } from './sessions.ts';

/** The user's live sessions, the one used last first; `current` marks the asking browser's. */
export async function listUserSessions(
  db: Database,
  user: { id: string; sessionId: string },
  now: Date,
  policies: SessionPolicies,
): Promise<UserSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows
    .filter((row) => isSessionLive(row, policies[row.role], now))
    .map((row) => ({
      id: row.id,
      device: row.device || UNKNOWN_DEVICE,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastSeenAt.toISOString(),
      current: row.id === user.sessionId,
    }));
}
