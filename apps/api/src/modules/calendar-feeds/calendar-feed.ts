import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { appointments, calendarFeeds, services, users, type Database } from '@app/db';
import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BEHIND, STAFF_ROLES } from '@app/shared';
import type { DriveCalendarRide } from '../../calendar/drive-calendar.ts';

const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The staff member's subscription as it stands, or null. */
export async function findCalendarFeed(db: Database, userId: string) {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastReadAt: calendarFeeds.lastReadAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feed ?? null;
}

/**
 * A new subscription URL's token (256 bits, only its SHA-256 kept), replacing the account's
 * last one in the same statement: the old URL stops working at once.
 */
export async function issueCalendarFeed(db: Database, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token), createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashOf(token), createdAt: now, lastReadAt: null },
    });
  return token;
}

/** Ends the account's subscription; answers whether there was one. */
export async function revokeCalendarFeed(db: Database, userId: string): Promise<boolean> {
  const gone = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return gone.length > 0;
}

/**
 * The rides a feed's token shows, paid or done, from a week back to three months ahead: an
 * owner's, every ride of the business (the owner answers for all of them); a chauffeur's, those
 * they drive. Null for a token that names no subscription or an account no longer staff
 * (a role taken away ends its feeds with its sessions). Notes the read.
 */
export async function readCalendarFeed(
  db: Database,
  token: string,
  now: Date,
): Promise<DriveCalendarRide[] | null> {
  const [feed] = await db
    .update(calendarFeeds)
    .set({ lastReadAt: now })
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashOf(token)),
        sql`exists (select 1 from ${users} where ${users.id} = ${calendarFeeds.userId} and ${inArray(users.role, [...STAFF_ROLES])})`,
      ),
    )
    .returning({ userId: calendarFeeds.userId });
  if (!feed) return null;
  const [holder] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, feed.userId));
  const theirs = holder?.role === 'owner' ? undefined : eq(appointments.chauffeurId, feed.userId);
  return db
    .select({
      id: appointments.id,
      slotStart: appointments.slotStart,
      endsAt: appointments.endsAt,
      sequence: appointments.calendarSequence,
      carName: services.name,
      plate: services.plate,
      serviceType: appointments.serviceType,
      pickupAddress: appointments.pickupAddress,
      dropoffAddress: appointments.dropoffAddress,
      pickupNotes: appointments.pickupNotes,
      customerName: users.name,
      phone: appointments.phone,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        theirs,
        inArray(appointments.status, ['paid', 'completed']),
        gte(appointments.slotStart, new Date(now.getTime() - CALENDAR_FEED_DAYS_BEHIND * DAY_MS)),
        lt(appointments.slotStart, new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY_MS)),
      ),
    )
    .orderBy(asc(appointments.slotStart));
}
