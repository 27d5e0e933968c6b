import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pushSubscriptions, type Database } from '@app/db';

/** Browsers one person may have subscribed at once: the oldest goes when one more subscribes. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * The push services of the browsers staff use (Chrome and Android, Firefox, Edge, Safari). In
 * production an endpoint must be one of them: the server POSTs to whatever address is stored, so
 * an arbitrary one would let a staff account make it call into the private network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/**
 * Whether the server will push to this https endpoint: in production only a known push service
 * on the standard port; outside production any (tests run a local push service, `test/`).
 */
export function mayPushTo(endpoint: string, isProduction: boolean): boolean {
  if (!isProduction) return true;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some(
    (host) => url.hostname === host || url.hostname.endsWith(`.${host}`),
  );
}

/**
 * Stores a browser's subscription for this person and this sign-in (it ends with the session):
 * a browser subscribed before (by them or by whoever signed in on it before) is theirs now, with
 * its new keys. One statement per step, in one transaction, with the oldest of more than the
 * allowed number dropped.
 */
export async function subscribePush(
  db: Database,
  signedIn: { userId: string; sessionId: string },
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  now: Date,
): Promise<void> {
  const { userId, sessionId } = signedIn;
  const { endpoint, keys } = subscription;
  const row = { userId, sessionId, p256dh: keys.p256dh, auth: keys.auth, createdAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ ...row, endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Forgets this person's subscription at this endpoint; answers whether there was one. */
export async function unsubscribePush(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
