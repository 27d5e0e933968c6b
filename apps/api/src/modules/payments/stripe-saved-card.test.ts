import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { SAVE_CARD_CONSENT } from '@app/shared';
import {
  STAND_IN_CARDS,
  startStripeStandIn,
  type StandInCard,
  type StripeStandIn,
} from '../../test/stripe-stand-in.ts';
import type {
  CheckoutRequest,
  OffSessionCharge,
  OffSessionChargeRequest,
  PaymentProvider,
  SavedCard,
} from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * The provider's saved-card calls through the official SDK against the local Stripe stand-in:
 * what is asked of Stripe (the request bodies and keys) and how its answers are read.
 */
describe('the saved card through Stripe', () => {
  let stripe: StripeStandIn;
  let provider: PaymentProvider;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    provider = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_test',
      host: stripe.host,
      port: stripe.port,
      protocol: 'http',
    });
  });
  afterAll(async () => {
    await stripe.close();
  });

  const lastRequest = (path: string) => {
    const request = stripe.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1);
    if (!request) throw new Error(`nothing was asked of ${path}`);
    return request;
  };

  const newCustomer = () => {
    const userId = randomUUID();
    return provider.createCustomer({
      email: `${userId}@example.com`,
      name: 'Ann Rider',
      userId,
      idempotencyKey: `customer-${userId}`,
    });
  };

  const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    appointmentId: randomUUID(),
    amountCents: 6600,
    productName: 'Tesla Model S booking deposit',
    customerEmail: 'ann@example.com',
    metadata: { Date: '1_12_2026', Time: '9:00 AM' },
    successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/appointment/x',
    expiresAt: new Date(Date.now() + 31 * 60_000),
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  });

  /** A deposit paid on Stripe's page with this test card, its card kept on a new customer. */
  const paidWith = async (card: StandInCard): Promise<SavedCard> => {
    const { id: customerId } = await newCustomer();
    const { id } = await provider.createCheckout(
      checkoutRequest({ customerId, saveCard: true, purpose: 'deposit' }),
    );
    const session = stripe.complete(id, { name: 'Ann Rider', email: 'ann@example.com' }, card);
    const saved = await provider.savedCard(session.payment_intent as string);
    if (!saved) throw new Error('no card was kept');
    return saved;
  };

  const chargeRequest = (
    saved: SavedCard,
    overrides: Partial<OffSessionChargeRequest> = {},
  ): OffSessionChargeRequest => ({
    customerId: saved.customerId,
    paymentMethodId: saved.paymentMethodId,
    amountCents: 12_345,
    description: 'Tesla Model S ride, balance and tip',
    metadata: { billId: randomUUID() },
    idempotencyKey: `charge-${randomUUID()}`,
    ...overrides,
  });

  /** The stand-in's off-session payments made for this request's bill. */
  const chargesOf = (request: OffSessionChargeRequest) =>
    [...stripe.paymentIntents.values()].filter(
      (intent) => intent.off_session && intent.metadata.billId === request.metadata.billId,
    );

  it('makes a customer with the account’s email, name and id, once per key', async () => {
    const userId = randomUUID();
    const request = {
      email: 'ann@example.com',
      name: 'Ann Rider',
      userId,
      idempotencyKey: `customer-${userId}`,
    };
    const first = await provider.createCustomer(request);
    const asked = lastRequest('/v1/customers');
    expect(asked.form.get('email')).toBe('ann@example.com');
    expect(asked.form.get('name')).toBe('Ann Rider');
    expect(asked.form.get('metadata[userId]')).toBe(userId);
    expect(asked.headers['idempotency-key']).toBe(`customer-${userId}`);
    expect(await provider.createCustomer(request)).toEqual(first);
    const made = [...stripe.customers.values()].filter((c) => c.metadata.userId === userId);
    expect(made.map((c) => c.id)).toEqual([first.id]);
  });

  it('opens a checkout that saves the card on the customer, with the consent and purpose', async () => {
    const { id: customerId } = await newCustomer();
    await provider.createCheckout(checkoutRequest({ customerId, saveCard: true }));
    const { form } = lastRequest('/v1/checkout/sessions');
    expect(form.get('customer')).toBe(customerId);
    expect(form.has('customer_email')).toBe(false);
    expect(form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(form.get('payment_intent_data[metadata][Date]')).toBe('1_12_2026');
    expect(form.get('custom_text[submit][message]')).toBe(SAVE_CARD_CONSENT);
    // No purpose given: a deposit.
    expect(form.get('metadata[purpose]')).toBe('deposit');
  });

  it('opens a balance’s payment link without saving the card, and reads its purpose back', async () => {
    const { id } = await provider.createCheckout(checkoutRequest({ purpose: 'balance' }));
    const { form } = lastRequest('/v1/checkout/sessions');
    expect(form.get('customer_email')).toBe('ann@example.com');
    expect(form.has('customer')).toBe(false);
    expect(form.has('payment_intent_data[setup_future_usage]')).toBe(false);
    expect(form.has('custom_text[submit][message]')).toBe(false);
    expect(form.get('metadata[purpose]')).toBe('balance');
    expect((await provider.retrieveCheckout(id))?.purpose).toBe('balance');
  });

  it('reads the kept card of a paid deposit, and none when the card was not saved', async () => {
    const saved = await paidWith(STAND_IN_CARDS.visa);
    expect(saved).toEqual({
      customerId: expect.stringMatching(/^cus_/) as string,
      paymentMethodId: expect.stringMatching(/^pm_/) as string,
      brand: 'visa',
      last4: '4242',
    });
    const retrieved = stripe.requests.filter((r) => r.path.startsWith('/v1/payment_intents/'));
    expect(retrieved.at(-1)?.method).toBe('GET');

    const { id: customerId } = await newCustomer();
    const { id } = await provider.createCheckout(checkoutRequest({ customerId }));
    const session = stripe.complete(id, { name: 'Ann Rider', email: 'ann@example.com' });
    expect(await provider.savedCard(session.payment_intent as string)).toBeNull();
  });

  it('charges the kept card off-session, asking exactly that of Stripe', async () => {
    const saved = await paidWith(STAND_IN_CARDS.visa);
    const request = chargeRequest(saved);
    const answer = await provider.chargeSavedCard(request);
    expect(answer).toEqual({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_/) as string,
      brand: 'visa',
      last4: '4242',
    });
    const { form, headers } = lastRequest('/v1/payment_intents');
    expect(Object.fromEntries(form)).toMatchObject({
      amount: '12345',
      currency: 'usd',
      customer: saved.customerId,
      payment_method: saved.paymentMethodId,
      off_session: 'true',
      confirm: 'true',
      description: 'Tesla Model S ride, balance and tip',
      'metadata[billId]': request.metadata.billId,
      // To be found by it once Stripe has forgotten the key (`findOffSessionCharge`).
      'metadata[idempotency_key]': request.idempotencyKey,
    });
    expect(headers['idempotency-key']).toBe(request.idempotencyKey);
    // The same key again: Stripe answers the same payment, and charges nothing more.
    expect(await provider.chargeSavedCard(request)).toEqual(answer);
    expect(chargesOf(request)).toHaveLength(1);
  });

  it('answers requires_action when the bank asks the customer to authenticate', async () => {
    const saved = await paidWith(STAND_IN_CARDS.authenticationRequired);
    const request = chargeRequest(saved);
    const answer = await provider.chargeSavedCard(request);
    expect(answer).toEqual({
      status: 'requires_action',
      paymentIntentId: expect.stringMatching(/^pi_/) as string,
      declineCode: 'authentication_required',
    });
    expect(stripe.paymentIntents.get(answer.paymentIntentId as string)?.status).toBe(
      'requires_payment_method',
    );
  });

  it('answers requires_action for a payment Stripe leaves waiting on the customer', async () => {
    const saved = await paidWith(STAND_IN_CARDS.requiresAction);
    const answer = await provider.chargeSavedCard(chargeRequest(saved));
    expect(answer).toEqual({
      status: 'requires_action',
      paymentIntentId: expect.stringMatching(/^pi_/) as string,
      declineCode: null,
    });
  });

  it('answers declined with the bank’s code when the card is refused', async () => {
    const saved = await paidWith(STAND_IN_CARDS.chargeDeclined);
    const request = chargeRequest(saved);
    const answer = await provider.chargeSavedCard(request);
    expect(answer).toEqual({
      status: 'declined',
      paymentIntentId: expect.stringMatching(/^pi_/) as string,
      declineCode: 'generic_decline',
    });
    // Replayed: the same refusal, no second attempt at the bank.
    expect(await provider.chargeSavedCard(request)).toEqual(answer);
    expect(chargesOf(request)).toHaveLength(1);
  });

  it('charges once when Stripe’s answer is lost on its way (the SDK replays the key)', async () => {
    const saved = await paidWith(STAND_IN_CARDS.visa);
    const request = chargeRequest(saved);
    stripe.loseNextAnswer('/v1/payment_intents');
    const answer = await provider.chargeSavedCard(request);
    expect(answer.status).toBe('succeeded');
    const asked = stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.form.get('metadata[billId]') === request.metadata.billId,
    );
    expect(asked.length).toBeGreaterThan(1);
    expect(new Set(asked.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([request.idempotencyKey]),
    );
    expect(chargesOf(request)).toHaveLength(1);
  });

  it('throws when Stripe cannot answer, and the retry under the same key charges once', async () => {
    const saved = await paidWith(STAND_IN_CARDS.visa);
    const request = chargeRequest(saved);
    // The first try and the SDK's two retries all fail.
    stripe.failNext('/v1/payment_intents', 3);
    await expect(provider.chargeSavedCard(request)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    );
    expect(chargesOf(request)).toHaveLength(0);
    expect((await provider.chargeSavedCard(request)).status).toBe('succeeded');
    expect(chargesOf(request)).toHaveLength(1);
  });

  it('finds what a key charged by the key in its metadata, after Stripe has forgotten the key', async () => {
    const cards = [
      STAND_IN_CARDS.visa,
      STAND_IN_CARDS.authenticationRequired,
      STAND_IN_CARDS.requiresAction,
      STAND_IN_CARDS.chargeDeclined,
    ];
    const made: [OffSessionChargeRequest, OffSessionCharge][] = [];
    for (const card of cards) {
      const request = chargeRequest(await paidWith(card));
      made.push([request, await provider.chargeSavedCard(request)]);
    }
    stripe.forgetIdempotencyKeys();
    for (const [request, answer] of made) {
      // Read as the charge's own answer was: paid with its card, or refused with the bank's word.
      expect(await provider.findOffSessionCharge(request.idempotencyKey)).toEqual(answer);
    }
    // Nothing made under a key: nothing found, and no charge made by asking.
    const before = stripe.paymentIntents.size;
    expect(await provider.findOffSessionCharge(`charge-${randomUUID()}`)).toBeNull();
    expect(stripe.paymentIntents.size).toBe(before);
    // A key that could break out of the query's quotes is refused before Stripe is asked.
    await expect(provider.findOffSessionCharge("x' OR status:'succeeded")).rejects.toThrow();
  });
});
