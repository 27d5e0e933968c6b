import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The part of a Checkout Session the app reads, as Stripe's API answers it. */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  /** The account's customer the session was made for (`customer`), or null. */
  customer: string | null;
  customer_details: { name: string; email: string } | null;
  client_reference_id: string | null;
  /** Set once the customer pays: what a refund names. */
  payment_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
}

/** The part of a Refund the app reads, as Stripe's API answers it. */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

/** The part of a Customer the app reads. */
export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** The part of a card PaymentMethod the app reads; `customer` is set once it is kept. */
export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string };
  customer: string | null;
  created: number;
}

/** The part of a PaymentIntent the app reads (`payment_method` expanded only when asked). */
export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  customer: string | null;
  payment_method: string;
  setup_future_usage: 'off_session' | null;
  /** Made by `POST /v1/payment_intents` with `off_session=true`: a charge of a kept card. */
  off_session: boolean;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: 'card_error'; code: string; decline_code: string } | null;
  created: number;
  livemode: false;
}

/**
 * Stripe's test cards the stand-in knows, by number, and what an off-session charge of each
 * answers: 4242 succeeds; 3184 asks for authentication (a card error, as with `off_session`);
 * 0341 is declined; 3155 answers a payment intent left `requires_action` (what Stripe does when
 * it can still ask the customer).
 */
export const STAND_IN_CARDS = {
  visa: '4242424242424242',
  authenticationRequired: '4000002760003184',
  chargeDeclined: '4000000000000341',
  requiresAction: '4000002500003155',
} as const;
export type StandInCard = (typeof STAND_IN_CARDS)[keyof typeof STAND_IN_CARDS];

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, as Stripe's API reads it. */
  form: URLSearchParams;
}

export interface StripeStandIn {
  host: '127.0.0.1';
  port: number;
  sessions: Map<string, StandInSession>;
  /** Every refund made, by id: a replayed idempotent request makes none. */
  refunds: Map<string, StandInRefund>;
  customers: Map<string, StandInCustomer>;
  paymentMethods: Map<string, StandInPaymentMethod>;
  /** Every payment made, by id: a paid checkout's and each off-session charge (`off_session`). */
  paymentIntents: Map<string, StandInPaymentIntent>;
  requests: RecordedRequest[];
  /**
   * The next request to this path is carried out but its answer is lost (HTTP 500, as when
   * Stripe's answer never reaches the caller): the SDK's retry must replay it, not repeat it.
   */
  loseNextAnswer(path: string): void;
  /**
   * The next `count` requests to this path fail with HTTP 500 before anything is done (Stripe
   * down): the SDK's own retries fail too, and the caller sees the error.
   */
  failNext(path: string, count: number): void;
  /**
   * The next POST to this path is carried out but never answered (the connection left open):
   * what the caller sees when it is killed while Stripe works. Answers when it has arrived.
   */
  holdNextAnswer(path: string): Promise<void>;
  /**
   * What Stripe's hosted page does when the customer pays, with this test card (4242 unless
   * told): the payment, and the card kept on the session's customer when it asked to save it.
   */
  complete(
    id: string,
    customer: { name: string; email: string },
    card?: StandInCard,
  ): StandInSession;
  /** What Stripe does when the session times out. */
  expire(id: string): StandInSession;
  /**
   * What Stripe does to a key after 24 hours: forgets it, so a request sent again under it is
   * carried out as a new one.
   */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const stripeError = (status: number, type: string, message: string, code?: string) =>
  json(status, { error: { type, message, ...(code ? { code } : {}) } });

/** A form's `prefix[key]` entries as an object (Stripe's metadata). */
function formObject(form: URLSearchParams, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) {
      const inner = key.slice(prefix.length + 1, -1);
      if (!inner.includes('[')) found[inner] = value;
    }
  }
  return found;
}

/** Whether a request asks to expand `field` (`expand[0]=field`, in the body or the query). */
function expands(params: URLSearchParams, field: string): boolean {
  return [...params].some(([key, value]) => /^expand\[\d*\]$/.test(key) && value === field);
}

/**
 * A loopback stand-in for the Stripe endpoints the app calls, so the real `stripe` SDK runs
 * offline: `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, `POST /v1/refunds`
 * (a refund of a paid session's payment intent, never beyond what was paid), `POST
 * /v1/customers`, `GET /v1/payment_intents/:id`, `POST /v1/payment_intents` (an off-session
 * charge of a kept card, answered as its test card would be) and `GET
 * /v1/payment_intents/search` (by one metadata value, `metadata['key']:'value'`), `GET /v1/refunds`
 * (a payment's). Every POST follows
 * Stripe's idempotency rule: a key replayed with the same parameters answers the first result,
 * with other parameters (or on another endpoint) an error.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const customers = new Map<string, StandInCustomer>();
  const paymentMethods = new Map<string, StandInPaymentMethod>();
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  /** What each session asked of its payment (not part of the session as Stripe answers it). */
  const paymentData = new Map<string, { saveCard: boolean; metadata: Record<string, string> }>();
  /** The test card behind each payment method. */
  const cardOf = new Map<string, StandInCard>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<
    string,
    { request: string; answer: { status: number; body: string } }
  >();
  const losing = new Set<string>();
  const holding = new Map<string, () => void>();
  const held: ServerResponse[] = [];
  const failing = new Map<string, number>();
  const now = () => Math.floor(Date.now() / 1000);
  const missing = (kind: string, id: string | null) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');

  const createCustomer = (form: URLSearchParams) => {
    const customer: StandInCustomer = {
      id: `cus_${randomBytes(7).toString('hex')}`,
      object: 'customer',
      email: form.get('email'),
      name: form.get('name'),
      metadata: formObject(form, 'metadata'),
      created: now(),
    };
    customers.set(customer.id, customer);
    return json(200, customer);
  };

  /** An off-session charge of a kept card: what its test card does. */
  const charge = (form: URLSearchParams) => {
    const customer = form.get('customer');
    const methodId = form.get('payment_method');
    const method = methodId ? paymentMethods.get(methodId) : undefined;
    if (!customer || !customers.has(customer)) return missing('customer', customer);
    if (!method || !methodId) return missing('payment_method', methodId);
    if (method.customer !== customer) {
      return stripeError(
        400,
        'invalid_request_error',
        `The provided PaymentMethod ${methodId} does not belong to the customer ${customer}.`,
      );
    }
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd');
    }
    const card = cardOf.get(methodId) ?? STAND_IN_CARDS.visa;
    const refusal =
      card === STAND_IN_CARDS.authenticationRequired
        ? { code: 'authentication_required', decline_code: 'authentication_required' }
        : card === STAND_IN_CARDS.chargeDeclined
          ? { code: 'card_declined', decline_code: 'generic_decline' }
          : null;
    const intent: StandInPaymentIntent = {
      id: `pi_${randomBytes(12).toString('hex')}`,
      object: 'payment_intent',
      amount,
      currency: form.get('currency') ?? 'usd',
      status: refusal
        ? 'requires_payment_method'
        : card === STAND_IN_CARDS.requiresAction
          ? 'requires_action'
          : 'succeeded',
      customer,
      payment_method: methodId,
      setup_future_usage: null,
      off_session: form.get('off_session') === 'true',
      description: form.get('description'),
      metadata: formObject(form, 'metadata'),
      last_payment_error: refusal ? { type: 'card_error', ...refusal } : null,
      created: now(),
      livemode: false,
    };
    paymentIntents.set(intent.id, intent);
    if (refusal) {
      return json(402, {
        error: {
          type: 'card_error',
          message:
            refusal.code === 'authentication_required'
              ? 'Your card was declined. This transaction requires authentication.'
              : 'Your card was declined.',
          ...refusal,
          payment_intent: intent,
        },
      });
    }
    return json(200, expandedIntent(intent, expands(form, 'payment_method')));
  };

  const expandedIntent = (intent: StandInPaymentIntent, expand: boolean) =>
    expand ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) } : intent;

  /** Stripe's search, for the one query the app makes: the intents with a metadata value. */
  const searchIntents = (params: URLSearchParams) => {
    const query = /^metadata\['([\w-]+)'\]:'([\w-]+)'$/.exec(params.get('query') ?? '');
    if (!query)
      return stripeError(400, 'invalid_request_error', 'The stand-in cannot read this query.');
    const [, field = '', value] = query;
    const expand = expands(params, 'data.payment_method');
    return json(200, {
      object: 'search_result',
      url: '/v1/payment_intents/search',
      has_more: false,
      next_page: null,
      data: [...paymentIntents.values()]
        .filter((intent) => intent.metadata[field] === value)
        .map((intent) => expandedIntent(intent, expand)),
    });
  };

  const create = (form: URLSearchParams) => {
    // Every line, as Stripe sums them: a round trip has one per leg.
    let amountTotal = 0;
    for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
      const unitAmount = Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      const quantity = Number(form.get(`line_items[${i}][quantity]`) ?? '1');
      if (!Number.isInteger(unitAmount) || unitAmount <= 0) {
        return stripeError(400, 'invalid_request_error', 'Invalid unit_amount');
      }
      amountTotal += unitAmount * quantity;
    }
    if (amountTotal === 0) return stripeError(400, 'invalid_request_error', 'Missing line_items');
    const metadata = formObject(form, 'metadata');
    const customer = form.get('customer');
    if (customer && !customers.has(customer)) return missing('customer', customer);
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    paymentData.set(id, {
      saveCard: form.get('payment_intent_data[setup_future_usage]') === 'off_session',
      metadata: formObject(form, 'payment_intent_data[metadata]'),
    });
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amountTotal,
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      customer_email: form.get('customer_email'),
      customer,
      customer_details: null,
      client_reference_id: form.get('client_reference_id'),
      payment_intent: null,
      metadata,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      expires_at: Number(form.get('expires_at')),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    sessions.set(id, session);
    return json(200, session);
  };

  const refund = (form: URLSearchParams) => {
    const paymentIntent = form.get('payment_intent');
    const paid = [...sessions.values()].find(
      (session) => paymentIntent && session.payment_intent === paymentIntent,
    );
    if (!paid || !paymentIntent) {
      return stripeError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${paymentIntent}'`,
        'resource_missing',
      );
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === paymentIntent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(form.get('amount') ?? paid.amount_total - refunded);
    if (!Number.isInteger(amount) || amount <= 0) {
      return stripeError(400, 'invalid_request_error', 'Invalid amount');
    }
    if (refunded + amount > paid.amount_total) {
      return stripeError(
        400,
        'invalid_request_error',
        `Charge for ${paymentIntent} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const made: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: formObject(form, 'metadata'),
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(made.id, made);
    return json(200, made);
  };

  /** Stripe's idempotency for a POST: the first answer again, or an error for other parameters. */
  const idempotently = (
    key: string | string[] | undefined,
    request: string,
    run: () => { status: number; body: string },
  ) => {
    const seen = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (seen && seen.request !== request) {
      return stripeError(
        400,
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    if (seen) return seen.answer;
    const answer = run();
    if (typeof key === 'string') idempotent.set(key, { request, answer });
    return answer;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(raw);
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        headers: request.headers,
        form,
      });

      let answer: { status: number; body: string };
      const sessionPath = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      const key = request.headers['idempotency-key'];
      const failures = failing.get(url.pathname) ?? 0;
      if (failures > 0) {
        failing.set(url.pathname, failures - 1);
        answer = stripeError(500, 'api_error', 'Stripe is down.');
      } else if (request.headers.authorization !== 'Bearer sk_test_x') {
        answer = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      } else if (request.method === 'POST' && url.pathname === '/v1/customers') {
        answer = idempotently(key, `${url.pathname} ${raw}`, () => createCustomer(form));
      } else if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        answer = idempotently(key, `${url.pathname} ${raw}`, () => charge(form));
      } else if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        // A payment's refunds, newest first, in one page.
        const paymentIntent = url.searchParams.get('payment_intent');
        answer = json(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: [...refunds.values()].filter((r) => r.payment_intent === paymentIntent).reverse(),
        });
      } else if (request.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
        answer = searchIntents(url.searchParams);
      } else if (request.method === 'GET' && intentPath?.[1]) {
        const intent = paymentIntents.get(intentPath[1]);
        answer = intent
          ? json(200, expandedIntent(intent, expands(url.searchParams, 'payment_method')))
          : missing('payment_intent', intentPath[1]);
      } else if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        answer = idempotently(key, `${url.pathname} ${raw}`, () => create(form));
      } else if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        answer = idempotently(key, `${url.pathname} ${raw}`, () => refund(form));
      } else if (request.method === 'GET' && sessionPath?.[1]) {
        const session = sessions.get(sessionPath[1]);
        answer = session
          ? json(200, session)
          : stripeError(
              404,
              'invalid_request_error',
              `No such checkout.session: '${sessionPath[1]}'`,
              'resource_missing',
            );
      } else {
        answer = stripeError(404, 'invalid_request_error', 'Unrecognized request URL');
      }
      if (request.method === 'POST' && losing.delete(url.pathname)) {
        answer = stripeError(500, 'api_error', 'The answer was lost on its way.');
      }
      const hold = request.method === 'POST' ? holding.get(url.pathname) : undefined;
      if (hold) {
        holding.delete(url.pathname);
        held.push(response);
        hold();
        return;
      }
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(8).toString('hex')}`,
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const update = (id: string, change: Partial<StandInSession>) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no stand-in session ${id}`);
    Object.assign(session, change);
    return session;
  };
  return {
    host: '127.0.0.1',
    port,
    sessions,
    refunds,
    customers,
    paymentMethods,
    paymentIntents,
    requests,
    loseNextAnswer: (path) => void losing.add(path),
    failNext: (path, count) => void failing.set(path, count),
    holdNextAnswer: (path) => new Promise<void>((arrived) => void holding.set(path, arrived)),
    forgetIdempotencyKeys: () => idempotent.clear(),
    complete: (id, customer, card = STAND_IN_CARDS.visa) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no stand-in session ${id}`);
      const asked = paymentData.get(id) ?? { saveCard: false, metadata: {} };
      const kept = asked.saveCard && session.customer !== null;
      const method: StandInPaymentMethod = {
        id: `pm_${randomBytes(12).toString('hex')}`,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: card.slice(-4) },
        customer: kept ? session.customer : null,
        created: now(),
      };
      paymentMethods.set(method.id, method);
      cardOf.set(method.id, card);
      const intent: StandInPaymentIntent = {
        id: `pi_${randomBytes(12).toString('hex')}`,
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        customer: session.customer,
        payment_method: method.id,
        setup_future_usage: asked.saveCard ? 'off_session' : null,
        off_session: false,
        description: null,
        metadata: asked.metadata,
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      paymentIntents.set(intent.id, intent);
      return update(id, {
        status: 'complete',
        payment_status: 'paid',
        customer_details: customer,
        payment_intent: intent.id,
        url: null,
      });
    },
    expire: (id) => update(id, { status: 'expired', url: null }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signer = new Stripe('sk_test_x');

/** A Stripe event around a session, and the `stripe-signature` header signing its exact bytes. */
export function signedEvent(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  session: StandInSession,
  secret = 'whsec_test',
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): { eventId: string; payload: string; signature: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: session },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { eventId, payload, signature };
}
