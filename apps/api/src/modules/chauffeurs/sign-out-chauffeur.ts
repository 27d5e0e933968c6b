import { eq } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feed.ts';
import { NO_SUCH_CHAUFFEUR_MESSAGE } from './remove-chauffeur.ts';

/**
 * A chauffeur's phone lost or handed on: every session ends (and with them the phones'
 * notifications, tied to the sessions) and the calendar link stops, in one transaction; the
 * chauffeur stays one and signs in again with the password and authenticator. Writes
 * `chauffeur.signed_out`.
 */
export async function signOutChauffeur(
  db: Database,
  id: string,
  options: { actor: AuditActor; now: Date },
): Promise<{ name: string; sessionsEnded: number; calendarStopped: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!user || user.role !== 'chauffeur') throw AppError.notFound(NO_SUCH_CHAUFFEUR_MESSAGE);
    const sessionsEnded = await endAllSessions(tx, user.id);
    const calendarStopped = await revokeCalendarFeed(tx, user.id);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'chauffeur.signed_out',
      at: options.now,
      before: { id: user.id, email: user.email },
      after: { id: user.id, email: user.email, sessionsEnded, calendarStopped },
    });
    return { name: user.name, sessionsEnded, calendarStopped };
  });
}
