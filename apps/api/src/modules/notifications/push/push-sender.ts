import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '@app/shared';
import type { VapidKeys } from '../../../config/env.ts';

/** Where one push goes: a browser's subscription, as it subscribed. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends web pushes. `gone`: the push service no longer knows the subscription (404/410), so it
 * is to be dropped, not retried. Any other refusal throws, and the outbox retries it.
 */
export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/** A push about a ride is stale after this: a phone offline longer does not get it late. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

/**
 * Pushes through the `web-push` library (RFC 8030 with VAPID, payload encrypted aes128gcm).
 * `agent`: a test's, trusting its local push service's certificate; production leaves it unset.
 */
export function createWebPushSender(settings: {
  keys: VapidKeys;
  subject: string;
  agent?: Agent;
  timeoutMs?: number;
}): PushSender {
  const vapidDetails = { subject: settings.subject, ...settings.keys };
  return {
    publicKey: settings.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            timeout: settings.timeoutMs ?? 10_000,
            ...(settings.agent ? { agent: settings.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        if (
          error instanceof webpush.WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        )
          return 'gone';
        throw error;
      }
    },
  };
}
