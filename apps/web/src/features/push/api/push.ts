import type { PushKeyResponse, PushSubscriptionResponse } from '@app/shared';
import { api } from '../../../lib/api-client.ts';

/** Notifications on a staff member's phone (`/api/staff/push…`). */

/** The VAPID public key this browser subscribes with. */
export const getPushKey = () => api.get<PushKeyResponse>('/staff/push');

/** This browser's subscription (`PushSubscriptionSchema` checks it), for this sign-in. */
export const savePushSubscription = (subscription: PushSubscription) =>
  api.post<PushSubscriptionResponse>('/staff/push/subscriptions', subscription.toJSON());

export const removePushSubscription = (endpoint: string) =>
  api.post<PushSubscriptionResponse>('/staff/push/subscriptions/remove', { endpoint });
