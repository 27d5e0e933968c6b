import { and, eq, inArray, or } from 'drizzle-orm';
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
 * and a message that failed for good (every owner), a ride given to a driver (that driver), and
 * a driver not on the way in time (that driver and every owner).
 */
export type PushEvent =
  /** A ride's own event (`paid`, `cancelled`, `rescheduled`), as the message recorder has it. */
  | { kind: Exclude<PushedTemplate, PushOnlyTemplate>; appointmentId: string; at: Date }
  /** A ride given to a driver, or its driver not on the way in time (`push` says to whom). */
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
  const chauffeurId = 'chauffeurId' in event ? event.chauffeurId : null;
  const theChauffeur = chauffeurId
    ? and(eq(users.id, chauffeurId), inArray(users.role, [...STAFF_ROLES]))
    : undefined;
  const owners = eq(users.role, 'owner');
  const who =
    to === 'chauffeur' ? theChauffeur : to === 'owners' ? owners : or(owners, theChauffeur);
  const subscribed = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(who);
  if (subscribed.length === 0) return 0;
  // The driver the push is about, so an owner's push says who and is dropped if the ride changes hands.
  const payload =
    event.kind === 'message_failed' ? { ...event.failed } : chauffeurId ? { chauffeurId } : {};
  await tx.insert(outboxMessages).values(
    subscribed.map((subscription) => ({
      channel: 'push' as const,
      // An owner who drives the ride is told as its driver: one push, the one that asks to act.
      audience: subscription.userId === chauffeurId ? ('chauffeur' as const) : ('owner' as const),
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
