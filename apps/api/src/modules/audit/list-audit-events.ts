import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditEvents, type Database } from '@app/db';
import type { AuditEvent } from '@app/shared';

export interface AuditPage {
  events: AuditEvent[];
  /** The `before` of the next page; null on the last one. */
  nextBefore: string | null;
}

/**
 * The audit trail, newest first, filtered by car and by ride, a page at a time. Pages are
 * keyset-paged on (at, id): an event written while the owner reads never shifts the next page.
 */
export async function listAuditEvents(
  db: Database,
  query: { serviceId?: string; appointmentId?: string; before?: string; limit: number },
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.serviceId) conditions.push(eq(auditEvents.serviceId, query.serviceId));
  if (query.appointmentId) conditions.push(eq(auditEvents.appointmentId, query.appointmentId));
  if (query.before) {
    // An unknown `before` compares with null: an empty page.
    conditions.push(
      sql`(${auditEvents.at}, ${auditEvents.id}) < (select "at", "id" from "audit_events" where "id" = ${query.before})`,
    );
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { userId: row.actorUserId, label: row.actorLabel },
      action: row.action,
      serviceId: row.serviceId,
      appointmentId: row.appointmentId,
      before: row.before,
      after: row.after,
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
