/**
 * The outbox: every message to a customer or the owner is a row written in the transaction of
 * the change that causes it, then delivered by a job (docs/architecture.md). `push` is a web
 * push notification to one staff member's phone (one row per subscribed browser).
 */
export const MESSAGE_CHANNELS = ['email', 'sms', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Whom a message is for: the ride's customer, the business (an owner, for a push), the
 * account's own address (an account message), or the chauffeur of a ride (a push).
 */
export const MESSAGE_AUDIENCES = ['customer', 'owner', 'account', 'chauffeur'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * `pending` until the provider accepts it (retried with backoff until then), `sent` once it
 * has, `failed` after the last attempt (the owner's console lists it, with a retry).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
