import { and, eq, ne } from 'drizzle-orm';
import { sessions, type Database } from '@app/db';
import { AppError } from '../../errors.ts';

export const SESSION_NOT_FOUND_MESSAGE = 'That session has already ended.';

/**
 * Ends one of the user's own sessions by its id. Another user's id is answered like an unknown
 * one (404): nobody learns whether it exists.
 */
export async function endUserSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw AppError.notFound(SESSION_NOT_FOUND_MESSAGE);
}

/** Ends every session of the user but this one; answers how many ended. */
export async function endOtherSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
