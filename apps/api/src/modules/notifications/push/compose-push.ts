import { eq } from 'drizzle-orm';
import { appointments, pushSubscriptions, services, users, type Database } from '@app/db';
import {
  firstName,
  formatNewYorkShort,
  isMessageTemplate,
  isPushed,
  MESSAGE_ROUTES,
  STAFF_ROLES,
  type PushedTemplate,
  type PushPayload,
} from '@app/shared';
import type { OutboxMessage } from '../compose-message.ts';
import type { PushTarget } from './push-sender.ts';

/** A push ready to go, or why it does not go after all. */
export type ComposedPush =
  | { channel: 'push'; subscriptionId: string; target: PushTarget; payload: PushPayload }
  | { skip: string };

/**
 * Builds a push row's notification, to the browser it was recorded for while it is still that
 * person's and they are still staff. It says no more than a notification on a locked phone may:
 * what happened, when, the car, and at most the customer's first name; the page it opens
 * (behind sign-in) says the rest.
 */
export async function composePush(
  db: Database,
  row: OutboxMessage,
  settings: { publicBaseUrl: string },
  now: Date,
): Promise<ComposedPush> {
  const [subscription] = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      role: users.role,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.id, row.recipient));
  if (!subscription) return { skip: 'unsubscribed' };
  // The browser was subscribed again since, by someone else: their pushes only.
  if (subscription.userId !== row.userId) return { skip: 'subscription moved' };
  const stillStaff =
    row.audience === 'owner'
      ? subscription.role === 'owner'
      : (STAFF_ROLES as readonly string[]).includes(subscription.role);
  if (!stillStaff) return { skip: 'no longer staff' };

  const base = settings.publicBaseUrl;
  const { endpoint, p256dh, auth } = subscription;
  const pushed = (payload: PushPayload): ComposedPush => ({
    channel: 'push',
    subscriptionId: subscription.id,
    target: { endpoint, p256dh, auth },
    payload,
  });

  const template = row.template;
  if (!isMessageTemplate(template) || !isPushed(template)) return { skip: 'not pushed' };
  if (template === 'message_failed') {
    const failed = row.payload.template;
    const label =
      typeof failed === 'string' && isMessageTemplate(failed)
        ? MESSAGE_ROUTES[failed].label
        : 'A message';
    return pushed({
      title: 'A message was not sent',
      body: `“${label}” could not be sent. Open Messages to retry it.`,
      url: `${base}/admin/messages`,
      tag: 'messages-failed',
    });
  }

  if (!row.appointmentId) return { skip: 'no ride' };
  const [ride] = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      slotStart: appointments.slotStart,
      chauffeurId: appointments.chauffeurId,
      tripStatus: appointments.tripStatus,
      carName: services.name,
      customerName: users.name,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, row.appointmentId));
  if (!ride) return { skip: 'no ride' };
  // The driver a chauffeur's push is about (rows from before `payload.chauffeurId`: the recipient).
  const driver = typeof row.payload.chauffeurId === 'string' ? row.payload.chauffeurId : row.userId;
  // Taken from them, or cancelled, before the push went: it would send them to a ride not theirs.
  if (
    (template === 'chauffeur_assigned' || template === 'chauffeur_late') &&
    (ride.chauffeurId !== driver || ride.status !== 'paid')
  )
    return { skip: 'no longer their ride' };
  // On the way by the time the nudge would go: nothing to nudge.
  if (template === 'chauffeur_late' && ride.tripStatus !== null) return { skip: 'on the way' };
  const facts: RidePushFacts = {
    who: firstName(ride.customerName) || 'A customer',
    when: formatNewYorkShort(ride.slotStart, now),
    carName: ride.carName,
    // The console opens a ride on its Rides screen (`screenPath` in the web app).
    consoleUrl: `${base}/admin/rides?ride=${ride.id}`,
    driveUrl: `${base}/drive`,
  };
  if (template === 'chauffeur_late' && row.audience === 'owner') {
    const [chauffeur] = await db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, driver));
    const late = lateForOwner({
      ...facts,
      driver: firstName(chauffeur?.name ?? '') || 'The chauffeur',
    });
    return pushed({ ...late, tag: `ride-${ride.id}` });
  }
  return pushed({ ...RIDE_PUSHES[template](facts), tag: `ride-${ride.id}` });
}

/** A driver not on the way, as the owners are told it: who, and the ride on the board. */
function lateForOwner(ride: RidePushFacts & { driver: string }): Omit<PushPayload, 'tag'> {
  return {
    title: 'Chauffeur not on the way',
    body: `${ride.driver} has not set off for ${ride.who}’s pickup at ${ride.when} (${ride.carName}).`,
    url: ride.consoleUrl,
  };
}

/** What a ride's push may say: no more than the first name of its customer. */
interface RidePushFacts {
  who: string;
  /** `Dec 5, 9:00 AM`, New York time. */
  when: string;
  carName: string;
  /** The ride's page in the console, for an owner. */
  consoleUrl: string;
  /** The day sheet, for a chauffeur. */
  driveUrl: string;
}

/** Each pushed ride template's notification: one without its entry here does not compile. */
const RIDE_PUSHES: {
  [T in Exclude<PushedTemplate, 'message_failed'>]: (
    ride: RidePushFacts,
  ) => Omit<PushPayload, 'tag'>;
} = {
  paid: (ride) => ({
    title: 'New booking',
    body: `${ride.who} booked the ${ride.carName} for ${ride.when}.`,
    url: ride.consoleUrl,
  }),
  cancelled: (ride) => ({
    title: 'Ride cancelled',
    body: `${ride.who}’s ride on ${ride.when} (${ride.carName}) is cancelled.`,
    url: ride.consoleUrl,
  }),
  rescheduled: (ride) => ({
    title: 'Ride moved',
    body: `${ride.who}’s ride is now ${ride.when} (${ride.carName}).`,
    url: ride.consoleUrl,
  }),
  chauffeur_assigned: (ride) => ({
    title: 'New ride for you',
    body: `${ride.when}: ${ride.who}, the ${ride.carName}.`,
    url: ride.driveUrl,
  }),
  chauffeur_late: (ride) => ({
    title: 'Time to set off',
    body: `${ride.who} is picked up at ${ride.when} (${ride.carName}). Tap “On my way” when you leave.`,
    url: ride.driveUrl,
  }),
};
