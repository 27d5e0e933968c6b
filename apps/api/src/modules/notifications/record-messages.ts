import { eq } from 'drizzle-orm';
import { appointments, outboxMessages, users, type Database } from '@app/db';
import type { CancelledBy, MessageAudience } from '@app/shared';

/** What happened to a ride that the customer, and for some the owner, must hear of. */
export type AppointmentEvent =
  | { kind: 'paid'; appointmentId: string; at: Date }
  | {
      kind: 'cancelled';
      appointmentId: string;
      at: Date;
      by: CancelledBy;
      /** What goes back to the customer: 0 when nothing does. */
      refundCents: number;
    }
  | { kind: 'rescheduled'; appointmentId: string; at: Date; previousSlotStart: Date }
  | { kind: 'completed'; appointmentId: string; at: Date };

/** The owner hears of each booking and each change of plan; a finished ride is news to no one. */
const OWNER_HEARS_OF: ReadonlySet<AppointmentEvent['kind']> = new Set([
  'paid',
  'cancelled',
  'rescheduled',
]);

/** Writes an event's messages to the outbox, in the caller's transaction. */
export type RecordMessages = (tx: Database, event: AppointmentEvent) => Promise<void>;

/**
 * Built once in app.ts. Call it in the transaction of the change itself: the change and its
 * messages are committed together or not at all, and the delivery job sends them after.
 */
export function messageRecorder(settings: { ownerEmail: string }): RecordMessages {
  return async (tx, event) => {
    const [ride] = await tx
      .select({ customerEmail: users.email })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(eq(appointments.id, event.appointmentId));
    if (!ride) throw new Error(`No appointment ${event.appointmentId} to tell anyone about`);

    const { kind, appointmentId, at, ...details } = event;
    const payload = JSON.parse(JSON.stringify(details)) as Record<string, unknown>;
    const row = (audience: MessageAudience, recipient: string) => ({
      channel: 'email' as const,
      audience,
      template: kind,
      recipient,
      appointmentId,
      payload,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    });
    const rows = [row('customer', ride.customerEmail)];
    if (OWNER_HEARS_OF.has(kind)) rows.push(row('owner', settings.ownerEmail));
    await tx.insert(outboxMessages).values(rows);
  };
}
