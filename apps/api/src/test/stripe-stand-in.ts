import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
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
  created: number;
}

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
  requests: RecordedRequest[];
  /**
   * The next request to this path is carried out but its answer is lost (HTTP 500, as when
   * Stripe's answer never reaches the caller): the SDK's retry must replay it, not repeat it.
   */
  loseNextAnswer(path: string): void;
  /** What Stripe's hosted page does when the customer pays. */
  complete(id: string, customer: { name: string; email: string }): StandInSession;
  /** What Stripe does when the session times out. */
  expire(id: string): StandInSession;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const stripeError = (status: number, type: string, message: string, code?: string) =>
  json(status, { error: { type, message, ...(code ? { code } : {}) } });

/**
 * A loopback stand-in for the Stripe endpoints the app calls, so the real `stripe` SDK runs
 * offline: `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id` and `POST /v1/refunds`
 * (a refund of a paid session's payment intent, never beyond what was paid). Every POST follows
 * Stripe's idempotency rule: a key replayed with the same parameters answers the first result,
 * with other parameters (or on another endpoint) an error.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<
    string,
    { request: string; answer: { status: number; body: string } }
  >();
  const losing = new Set<string>();

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
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
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
      if (request.headers.authorization !== 'Bearer sk_test_x') {
        answer = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      } else if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = request.headers['idempotency-key'];
        answer = idempotently(key, `${url.pathname} ${raw}`, () => create(form));
      } else if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
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
    requests,
    loseNextAnswer: (path) => void losing.add(path),
    complete: (id, customer) =>
      update(id, {
        status: 'complete',
        payment_status: 'paid',
        customer_details: customer,
        payment_intent: `pi_${randomBytes(12).toString('hex')}`,
        url: null,
      }),
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
