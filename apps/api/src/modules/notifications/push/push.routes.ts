import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  type PushKeyResponse,
  type PushSubscriptionResponse,
} from '@app/shared';
import { AppError } from '../../../errors.ts';
import { signedInSession, signedInUser } from '../../../plugins/auth.ts';
import { mayPushTo, subscribePush, unsubscribePush } from './push-subscriptions.ts';

export const NOT_A_PUSH_SERVICE_MESSAGE =
  'This browser’s push service is not one we can send to. Try Chrome, Firefox, Edge or Safari.';

export interface PushRouteDeps {
  db: Database;
  /** The VAPID public key: read when asked (the sender is made on first use). */
  publicKey: () => string;
  isProduction: boolean;
  now: () => Date;
}

/**
 * Notifications on a staff member's phone: the key to subscribe with, a browser's subscription
 * and its end. Staff only (owners and chauffeurs); what is pushed is in `record-push.ts`.
 */
export function registerPushRoutes(app: FastifyInstance, deps: PushRouteDeps): void {
  const { db, now } = deps;
  const staff = { config: { auth: 'staff' as const } };

  app.get('/api/staff/push', staff, async (_request, reply): Promise<PushKeyResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, publicKey: deps.publicKey() };
  });

  app.post(
    '/api/staff/push/subscriptions',
    staff,
    async (request): Promise<PushSubscriptionResponse> => {
      const subscription = PushSubscriptionSchema.parse(request.body);
      if (!mayPushTo(subscription.endpoint, deps.isProduction))
        throw AppError.badRequest(NOT_A_PUSH_SERVICE_MESSAGE);
      await subscribePush(
        db,
        { userId: signedInUser(request).id, sessionId: signedInSession(request).id },
        subscription,
        now(),
      );
      return { success: true, message: 'Notifications are on for this browser.' };
    },
  );

  // A POST, as every change of the console is (`/…/remove`), not a DELETE.
  app.post(
    '/api/staff/push/subscriptions/remove',
    staff,
    async (request): Promise<PushSubscriptionResponse> => {
      const { endpoint } = PushUnsubscribeSchema.parse(request.body);
      const removed = await unsubscribePush(db, signedInUser(request).id, endpoint);
      return {
        success: true,
        message: removed
          ? 'Notifications are off for this browser.'
          : 'Notifications were already off for this browser.',
      };
    },
  );
}
