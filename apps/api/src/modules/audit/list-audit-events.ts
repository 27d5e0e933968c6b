import { and, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditEvents, services, type Database } from '@app/db';
import { bookingReference, readAuditRide, type AuditEvent } from '@app/shared';

export interface AuditPage {
  events: AuditEvent[];
  /** The `before` of the next page; null on the last one. */
  nextBefore: string | null;
}

/**
 * The audit trail, newest first, filtered by car and by ride (its id, or its booking reference:
 * the rides whose id begins with it), a page at a time. Pages are keyset-paged on (at, id): an
 * event written while the owner reads never shifts the next page. Each event carries the car's
 * name as it is now and the ride's booking reference, so the console can say it in words.
 */
export async function listAuditEvents(
  db: Database,
  query: {
    serviceId?: string;
    appointmentId?: string;
    ride?: string;
    before?: string;
    limit: number;
  },
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.serviceId) conditions.push(eq(auditEvents.serviceId, query.serviceId));
  if (query.appointmentId) conditions.push(eq(auditEvents.appointmentId, query.appointmentId));
  const ride = query.ride ? readAuditRide(query.ride) : null;
  if (ride && 'id' in ride) conditions.push(eq(auditEvents.appointmentId, ride.id));
  if (ride && 'reference' in ride) {
    // The ids that begin with those 8 hex digits are one range of uuids: the index serves it.
    conditions.push(
      between(
        auditEvents.appointmentId,
        `${ride.reference}-0000-0000-0000-000000000000`,
        `${ride.reference}-ffff-ffff-ffff-ffffffffffff`,
      ),
    );
  }
  if (query.before) {
    // An unknown `before` compares with null: an empty page.
    conditions.push(
      sql`(${auditEvents.at}, ${auditEvents.id}) < (select "at", "id" from "audit_events" where "id" = ${query.before})`,
    );
  }
  const rows = await db
    .select({ event: auditEvents, carName: services.name })
    .from(auditEvents)
    .leftJoin(services, eq(services.id, auditEvents.serviceId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map(({ event: row, carName }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { userId: row.actorUserId, label: row.actorLabel },
      action: row.action,
      serviceId: row.serviceId,
      carName: carName ?? null,
      appointmentId: row.appointmentId,
      bookingReference: row.appointmentId ? bookingReference(row.appointmentId) : null,
      before: row.before,
      after: row.after,
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.event.id ?? null) : null,
  };
}
