import { asc, eq, sql } from 'drizzle-orm';
import { auditEvents, calendarFeeds, sessions, totpFactors, users, type Database } from '@app/db';
import type { Chauffeur } from '@app/shared';

/**
 * The chauffeurs, by name. Ready: they set their password and their authenticator (the
 * invitation was used: a confirmed factor). Added: their latest `chauffeur.added` event (its `after.id`), or the
 * account's creation for one made a chauffeur otherwise. Then what a lost phone would still
 * hold: their sessions and calendar link (`signOutChauffeur` ends both).
 */
export async function listChauffeurs(db: Database): Promise<Chauffeur[]> {
  const addedAt = sql<Date | string | null>`(
    select max(${auditEvents.at}) from ${auditEvents}
    where ${auditEvents.action} = 'chauffeur.added' and ${auditEvents.after}->>'id' = ${users.id}::text
  )`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      factor: totpFactors.confirmedAt,
      addedAt,
      createdAt: users.createdAt,
      // Every session row: one past its time still carries a phone's notifications.
      sessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id})`,
      calendarLink: sql<boolean>`exists (select 1 from ${calendarFeeds} where ${calendarFeeds.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(eq(users.role, 'chauffeur'))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    ready: Boolean(r.hasPassword) && r.factor !== null,
    addedAt: new Date(r.addedAt ?? r.createdAt).toISOString(),
    sessions: Number(r.sessions),
    calendarLink: Boolean(r.calendarLink),
  }));
}
