import { and, eq, inArray } from 'drizzle-orm';
import { outboxMessages, pushSubscriptions, users, type Database } from '@app/db';
import {
  MESSAGE_ROUTES,
  STAFF_ROLES,
  type MessageChannel,
  type MessageTemplate,
  type PushedTemplate,
  type PushOnlyTemplate,
} from '@app/shared';

/**
 * What staff are pushed of (`MessageRoute.push` says whom): a ride booked, cancelled or moved
 * and a message that failed for good (every owner), a ride given to a driver and a driver not
 * on the way in time (that driver).
 */
export type PushEvent =
  /** A ride's own event (`paid`, `cancelled`, `rescheduled`), as the message recorder has it. */
  | { kind: Exclude<PushedTemplate, PushOnlyTemplate>; appointmentId: string; at: Date }
  /** A ride given to a driver, or its driver not on the way in time: to that driver. */
  | {
      kind: 'chauffeur_assigned' | 'chauffeur_late';
      appointmentId: string;
      chauffeurId: string;
      at: Date;
    }
  | {
      kind: 'message_failed';
      /** The failed message's ride, if it was about one. */
      appointmentId: string | null;
      at: Date;
      failed: { template: MessageTemplate; channel: MessageChannel };
    };

/**
 * Writes an event's pushes to the outbox, in the caller's transaction: one row per subscribed
 * browser of the staff it is for (none when nobody turned notifications on). The row holds the
 * subscription's id, never the endpoint; what it says is composed when it is sent
 * (`compose-push.ts`), from the ride as it is then.
 */
export async function recordPush(tx: Database, event: PushEvent): Promise<number> {
  const to = MESSAGE_ROUTES[event.kind].push;
  const who =
    event.kind === 'chauffeur_assigned' || event.kind === 'chauffeur_late'
      ? and(eq(users.id, event.chauffeurId), inArray(users.role, [...STAFF_ROLES]))
      : eq(users.role, 'owner');
  const subscribed = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(who);
  if (subscribed.length === 0) return 0;
  const payload = event.kind === 'message_failed' ? { ...event.failed } : {};
  await tx.insert(outboxMessages).values(
    subscribed.map((subscription) => ({
      channel: 'push' as const,
      audience: to === 'chauffeur' ? ('chauffeur' as const) : ('owner' as const),
      template: event.kind,
      recipient: subscription.id,
      userId: subscription.userId,
      appointmentId: event.appointmentId,
      payload,
      nextAttemptAt: event.at,
      createdAt: event.at,
      updatedAt: event.at,
    })),
  );
  return subscribed.length;
}
