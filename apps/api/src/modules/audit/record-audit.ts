import { eq } from 'drizzle-orm';
import { auditEvents, users, type Database } from '@app/db';
import { CLI_ACTOR_LABEL, type AuditAction } from '@app/shared';

/** Who did something: an owner (their id, and their email at the time), or the command line. */
export interface AuditActor {
  userId: string | null;
  label: string;
}

export const CLI_ACTOR: AuditActor = { userId: null, label: CLI_ACTOR_LABEL };

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  at: Date;
  /** The car the event is about, if any. */
  serviceId?: string | null;
  /** The ride the event is about, if any. */
  appointmentId?: string | null;
  /** What changed: the fields before and after (null for what did not exist). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends an event to the audit trail. Pass the transaction of the change it records: the
 * event and the change are committed together or not at all.
 */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    at: entry.at,
    actorUserId: entry.actor.userId,
    actorLabel: entry.actor.label,
    action: entry.action,
    serviceId: entry.serviceId ?? null,
    appointmentId: entry.appointmentId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The actor for a signed-in owner: the label is their email as it is now. */
export async function ownerActor(db: Database, userId: string): Promise<AuditActor> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { userId, label: user?.email ?? userId };
}
