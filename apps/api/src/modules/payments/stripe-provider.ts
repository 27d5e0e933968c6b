import Stripe from 'stripe';
import { z } from 'zod';
import { SAVE_CARD_CONSENT } from '@app/shared';
import { AppError } from '../../errors.ts';
import {
  KEY_METADATA,
  checkoutLines,
  type CheckoutSession,
  type OffSessionCharge,
  type PaymentProvider,
  type ProviderRefund,
} from './payment-provider.ts';

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

/** An id Stripe answers either as the id or, expanded, as the object. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

/**
 * A bank's refusal of an off-session charge, as Stripe throws it (a card error, HTTP 402):
 * authentication asked for, or a decline. Anything else is not an answer and is thrown again.
 */
function refusal(error: unknown): OffSessionCharge | null {
  if (!(error instanceof Stripe.errors.StripeCardError)) return null;
  return {
    status: error.code === 'authentication_required' ? 'requires_action' : 'declined',
    paymentIntentId: error.payment_intent?.id ?? null,
    declineCode: error.decline_code ?? error.code ?? null,
  };
}

/**
 * An off-session charge's payment intent as the bank left it, read as `refusal` reads the error
 * its confirmation threw. Neither paid nor refused yet (processing) is thrown, for a retry.
 */
function offSessionOutcome(intent: Stripe.PaymentIntent): OffSessionCharge {
  if (intent.status === 'succeeded') {
    const card = typeof intent.payment_method === 'string' ? null : intent.payment_method?.card;
    return {
      status: 'succeeded',
      paymentIntentId: intent.id,
      brand: card?.brand ?? '',
      last4: card?.last4 ?? '',
    };
  }
  if (intent.status === 'requires_action') {
    return { status: 'requires_action', paymentIntentId: intent.id, declineCode: null };
  }
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
    const failure = intent.last_payment_error;
    return {
      status: failure?.code === 'authentication_required' ? 'requires_action' : 'declined',
      paymentIntentId: intent.id,
      declineCode: failure?.decline_code ?? failure?.code ?? null,
    };
  }
  throw new Error(`Stripe left off-session payment ${intent.id} ${intent.status}`);
}

/** pending and requires_action still end in the customer's account; failed and canceled do not. */
function providerRefund(refund: Stripe.Refund): ProviderRefund {
  const declined = refund.status === 'failed' || refund.status === 'canceled';
  return { id: refund.id, status: declined ? 'failed' : 'succeeded' };
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
    paymentIntentId: idOf(session.payment_intent),
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
      const metadata = { ...request.metadata, purpose: request.purpose ?? 'deposit' };
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
          // The account's customer keeps the card (and knows its email); without one, the email.
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_email: request.customerEmail }),
          client_reference_id: request.appointmentId,
          metadata,
          payment_intent_data: {
            metadata,
            ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          },
          // The consent to the later charge, beside Stripe's Pay button.
          ...(request.saveCard ? { custom_text: { submit: { message: SAVE_CARD_CONSENT } } } : {}),
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
        {
          payment_intent: request.paymentIntentId,
          amount: request.amountCents,
          metadata: { [KEY_METADATA]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return providerRefund(refund);
    },
    async findRefund(request) {
      // Refunds have no search: a payment's own are few, listed newest first.
      for await (const refund of stripe.refunds.list({
        payment_intent: request.paymentIntentId,
        limit: 100,
      })) {
        if (refund.metadata?.[KEY_METADATA] === request.idempotencyKey)
          return providerRefund(refund);
      }
      return null;
    },
    async createCustomer(request) {
      const customer = await stripe.customers.create(
        { email: request.email, name: request.name, metadata: { userId: request.userId } },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: customer.id };
    },
    async savedCard(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
        expand: ['payment_method'],
      });
      const method = intent.payment_method;
      // Kept for later only when Checkout attached the card to the customer.
      if (!method || typeof method === 'string' || !method.card) return null;
      const customerId = idOf(method.customer);
      if (!customerId || customerId !== idOf(intent.customer)) return null;
      return {
        customerId,
        paymentMethodId: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
      };
    },
    async chargeSavedCard(request) {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        // A refusal is the bank's answer; the network or Stripe failing is thrown for a retry.
        const refused = refusal(error);
        if (refused) return refused;
        throw error;
      }
      return offSessionOutcome(intent);
    },
    async findOffSessionCharge(idempotencyKey) {
      // Keys are ours (`bill-charge-<uuid>`): nothing in one can break out of the quotes.
      if (!/^[\w-]+$/.test(idempotencyKey)) throw new Error('An idempotency key of words only');
      const found = await stripe.paymentIntents.search({
        query: `metadata['${KEY_METADATA}']:'${idempotencyKey}'`,
        expand: ['data.payment_method'],
      });
      const intent = found.data.find((i) => i.status === 'succeeded') ?? found.data[0];
      return intent ? offSessionOutcome(intent) : null;
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
