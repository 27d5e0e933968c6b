import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { checkoutLines, type CheckoutSession, type PaymentProvider } from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in; production leaves these unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

function toSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    status: oneOf(session.status, ['complete', 'expired'] as const) ?? 'open',
    paymentStatus:
      oneOf(session.payment_status, ['paid', 'no_payment_required'] as const) ?? 'unpaid',
    amountTotal: session.amount_total ?? 0,
    customerName: session.customer_details?.name ?? '',
    customerEmail: session.customer_details?.email ?? session.customer_email ?? '',
    metadata: Object.fromEntries(
      Object.entries(session.metadata ?? {}).map(([key, value]) => [key, String(value)]),
    ),
    appointmentId: z.uuid().safeParse(session.client_reference_id).success
      ? session.client_reference_id
      : null,
    paymentIntentId:
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    purpose: session.metadata?.purpose === 'balance' ? 'balance' : 'deposit',
  };
}

/** Stripe hosted Checkout through the official SDK; webhooks verified by signature. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  return {
    name: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: checkoutLines(request).map((line) => ({
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: line.amountCents,
              product_data: {
                name: line.name,
                ...(line.description ? { description: line.description } : {}),
              },
            },
          })),
          customer_email: request.customerEmail,
          client_reference_id: request.appointmentId,
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveCheckout(id) {
      try {
        return toSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },
    async refund(request) {
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentIntentId, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      // pending and requires_action still end in the customer's account; failed and canceled do not.
      const declined = refund.status === 'failed' || refund.status === 'canceled';
      return { id: refund.id, status: declined ? 'failed' : 'succeeded' };
    },
    createCustomer() {
      throw new Error('TODO(saved-card): createCustomer');
    },
    savedCard() {
      throw new Error('TODO(saved-card): savedCard');
    },
    chargeSavedCard() {
      throw new Error('TODO(saved-card): chargeSavedCard');
    },
    async parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature ?? '',
          options.webhookSecret,
        );
      } catch {
        throw AppError.badRequest('Invalid webhook signature');
      }
      if (
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        return { id: event.id, type: 'checkout.completed', session: toSession(event.data.object) };
      }
      if (event.type === 'checkout.session.expired') {
        return { id: event.id, type: 'checkout.expired', session: toSession(event.data.object) };
      }
      return { id: event.id, type: 'other', session: null };
    },
  };
}
