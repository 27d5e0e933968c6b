import { and, eq, gte, inArray } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { revokeCalendarFeed } from '../calendar-feeds/calendar-feed.ts';
import { demoteToCustomer } from '../owners/demote-to-customer.ts';

export const NO_SUCH_CHAUFFEUR_MESSAGE = 'No chauffeur has this account.';

/**
 * Makes a chauffeur a customer again, in one transaction: every session ends, the authenticator
 * and recovery codes are forgotten (`demoteToCustomer`), the live rides from now on lose their
 * chauffeur (the past ones keep the name: the history stands), and no car names them its default
 * any more. Found by id (the console) or email (the command line). Writes `chauffeur.removed`.
 */
export async function removeChauffeur(
  db: Database,
  who: { id: string } | { email: string },
  options: { actor: AuditActor; now: Date },
): Promise<{ email: string; sessionsEnded: number; ridesUnassigned: number }> {
  const { actor, now } = options;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where('id' in who ? eq(users.id, who.id) : eq(users.email, who.email))
      .for('update');
    if (!user || user.role !== 'chauffeur') throw AppError.notFound(NO_SUCH_CHAUFFEUR_MESSAGE);
    const { sessionsEnded } = await demoteToCustomer(tx, user.id, now);
    // Their calendar feed stops with the role anyway; its row goes with it.
    await revokeCalendarFeed(tx, user.id);
    const unassigned = await tx
      .update(appointments)
      .set({ chauffeurId: null, updatedAt: now })
      .where(
        and(
          eq(appointments.chauffeurId, user.id),
          inArray(appointments.status, ['pending_payment', 'paid']),
          gte(appointments.slotStart, now),
        ),
      )
      .returning({ id: appointments.id });
    await tx
      .update(services)
      .set({ defaultChauffeurId: null })
      .where(eq(services.defaultChauffeurId, user.id));
    await recordAudit(tx, {
      actor,
      action: 'chauffeur.removed',
      at: now,
      before: { id: user.id, email: user.email, role: 'chauffeur' },
      after: {
        id: user.id,
        email: user.email,
        role: 'customer',
        ridesUnassigned: unassigned.length,
      },
    });
    return { email: user.email, sessionsEnded, ridesUnassigned: unassigned.length };
  });
}
