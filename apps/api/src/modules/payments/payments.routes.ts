import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { paymentEvents, type Database } from '@app/db';
import type { FulfilCheckout, PaymentProvider } from './payment-provider.ts';

/** The webhook's answer: the provider only reads its status code. */
interface WebhookResponse {
  received: true;
  duplicate?: true;
}

/**
 * The provider's webhook: verified by signature on the raw body (so it needs no CSRF token),
 * deduplicated by event id, and idempotent in effect whatever the number of deliveries.
 */
export async function registerPaymentWebhook(
  app: FastifyInstance,
  deps: {
    db: Database;
    payments: PaymentProvider;
    fulfil: FulfilCheckout;
    now: () => Date;
  },
): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: keep the body raw on this route only.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post(
      '/api/payments/webhook',
      { config: { csrf: false } },
      async (request): Promise<WebhookResponse> => {
        const signature = request.headers['stripe-signature'];
        const event = await deps.payments.parseWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        const [seen] = await deps.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.eventId, event.id));
        if (seen) return { received: true, duplicate: true };

        // A completed session paid, or an expired one: the same fulfilment as the success page's.
        if (event.type !== 'other' && event.session)
          await deps.fulfil(event.session, deps.now(), request.log);
        // Recorded after the effect: a delivery that failed half-way is processed again.
        await deps.db
          .insert(paymentEvents)
          .values({ eventId: event.id, type: event.type })
          .onConflictDoNothing();
        return { received: true };
      },
    );
  });
}
