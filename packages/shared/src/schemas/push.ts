import { z } from 'zod';

/*
 * Web push to staff (`/api/staff/push…`): an owner's or chauffeur's browser subscribes with the
 * business's VAPID public key, and the server pushes to the subscription's endpoint, encrypted
 * with its keys, what it must tell them (a new booking, a new ride to drive…).
 */

/** What a refused subscription is told: only a broken or hostile browser sends one. */
export const BAD_PUSH_SUBSCRIPTION_MESSAGE =
  'This browser’s notification subscription is not valid. Try turning notifications on again.';

/** base64url of `bytes` bytes, unpadded or padded, as `PushSubscription.toJSON()` gives it. */
const base64url = (bytes: number) =>
  z
    .string({ error: BAD_PUSH_SUBSCRIPTION_MESSAGE })
    .trim()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`),
      BAD_PUSH_SUBSCRIPTION_MESSAGE,
    )
    .transform((v) => v.replace(/=+$/, ''));

/**
 * `POST /api/staff/push/subscriptions`: `PushSubscription.toJSON()`. The endpoint is the push
 * service's https address; in production the server also wants it to be a known push service.
 */
export const PushSubscriptionSchema = z.object(
  {
    endpoint: z
      .url({ protocol: /^https$/, error: BAD_PUSH_SUBSCRIPTION_MESSAGE })
      .max(2048, BAD_PUSH_SUBSCRIPTION_MESSAGE),
    expirationTime: z.number({ error: BAD_PUSH_SUBSCRIPTION_MESSAGE }).nullable().optional(),
    keys: z.object(
      {
        /** The browser's P-256 public key, uncompressed: 65 bytes. */
        p256dh: base64url(65),
        /** The shared authentication secret: 16 bytes. */
        auth: base64url(16),
      },
      { error: BAD_PUSH_SUBSCRIPTION_MESSAGE },
    ),
  },
  { error: BAD_PUSH_SUBSCRIPTION_MESSAGE },
);
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;

/** `POST /api/staff/push/subscriptions/remove`: the endpoint this browser no longer wants pushes at. */
export const PushUnsubscribeSchema = z.object(
  {
    endpoint: z
      .string({ error: BAD_PUSH_SUBSCRIPTION_MESSAGE })
      .min(1, BAD_PUSH_SUBSCRIPTION_MESSAGE)
      .max(2048, BAD_PUSH_SUBSCRIPTION_MESSAGE),
  },
  { error: BAD_PUSH_SUBSCRIPTION_MESSAGE },
);

/** `GET /api/staff/push`: the key a browser subscribes with. */
export const PushKeyResponseSchema = z.object({
  success: z.literal(true),
  /** The VAPID public key, base64url: `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
});
export type PushKeyResponse = z.infer<typeof PushKeyResponseSchema>;

export const PushSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponseSchema>;

/** What a push says, as the service worker shows it: a title, a line, and the page to open. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Absolute: the console's ride page for an owner, the day sheet for a chauffeur. */
  url: z.string(),
  /** Same tag: a newer notification replaces an older one about the same thing. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
