/**
 * The one interface both payment implementations meet: Stripe's hosted Checkout in production,
 * the local sandbox checkout page in development and tests.
 */
/** One line of a checkout: a ride's deposit. */
export interface CheckoutLine {
  name: string;
  amountCents: number;
  /** Under the name: what the deposit is toward and what is left after the ride. */
  description?: string | undefined;
}

export interface CheckoutRequest {
  appointmentId: string;
  /** The whole amount: the lines' sum when there are lines. */
  amountCents: number;
  productName: string;
  /** A line per ride of a round trip (ADR 018); without, one line of `productName`. */
  lines?: readonly CheckoutLine[];
  /** The one line's description when there are no lines (`CheckoutLine.description`). */
  description?: string | undefined;
  customerEmail: string;
  /** Shown back on the payment result: Date, Time, serviceName, serviceAddress. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Retrying the same appointment's checkout creates no second session. */
  idempotencyKey: string;
  /** The account's customer at the provider (`createCustomer`): the card is kept there. */
  customerId?: string | undefined;
  /**
   * Keep the card for the ride's balance (`setup_future_usage: off_session`), with the
   * customer's consent shown on the page (`SAVE_CARD_CONSENT`).
   */
  saveCard?: boolean | undefined;
  /**
   * What the payment is for: a booking's deposit, or a ride's balance paid through a payment
   * link after the saved card could not be charged. Carried back on the session.
   */
  purpose?: CheckoutPurpose | undefined;
}

export type CheckoutPurpose = 'deposit' | 'balance';

/** The checkout's lines as the page lists them: its own, or one line of `productName`. */
export function checkoutLines(request: CheckoutRequest): CheckoutLine[] {
  const lines = request.lines ?? [
    {
      name: request.productName,
      amountCents: request.amountCents,
      description: request.description,
    },
  ];
  // A description left out is no key at all, as a stored line reads back.
  return lines.map(({ name, amountCents, description }) =>
    description ? { name, amountCents, description } : { name, amountCents },
  );
}

export interface CheckoutSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  customerName: string;
  customerEmail: string;
  metadata: Record<string, string>;
  /** Our appointment id, carried by the provider (null unless it is a well-formed one). */
  appointmentId: string | null;
  /** The payment made through it (what a refund names); null until paid. */
  paymentIntentId: string | null;
  /** From the request's `purpose` (a session made before purposes is a deposit). */
  purpose: CheckoutPurpose;
}

/** What fulfilment reads of a checkout session, as the provider reports it. */
export type CheckoutOutcome = Pick<
  CheckoutSession,
  'id' | 'status' | 'paymentStatus' | 'appointmentId' | 'paymentIntentId' | 'amountTotal'
> &
  Partial<Pick<CheckoutSession, 'purpose'>>;

/**
 * Brings a checkout's appointment in line with the provider's word (`fulfilCheckout` in
 * modules/appointments, which decides what a payment does). app.ts hands it to the webhook and
 * the sandbox page, so this module imports nothing of appointments.
 */
export type FulfilCheckout = (
  session: CheckoutOutcome,
  now: Date,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
) => Promise<void>;

export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** The same key answers the same refund: a retry, or a second process, never refunds twice. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  /** The provider's id of the refund. */
  id: string;
  /** Whether the provider took it (`succeeded`, money on its way) or declined it (`failed`). */
  status: 'succeeded' | 'failed';
}

/** The card a payment was made with, kept at the provider for later charges. */
export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  /** `visa`, `mastercard`, `amex`... as the provider names it. */
  brand: string;
  last4: string;
}

/**
 * The metadata field an off-session charge or a refund carries its idempotency key in, to be
 * found by it once the provider has forgotten the key.
 */
export const KEY_METADATA = 'idempotency_key';

/**
 * Stripe keeps an idempotency key at least a day from its first use. An attempt more than this
 * after its record was written, with an attempt before it, may send a key Stripe has forgotten:
 * it first looks for what that key made (`findOffSessionCharge`, `findRefund`).
 */
const KEY_SURELY_KEPT_MS = 23 * 3_600_000;
export function keyMayBeForgotten(
  attempt: { attempts: number; createdAt: Date },
  now: Date,
): boolean {
  return attempt.attempts > 1 && now.getTime() - attempt.createdAt.getTime() >= KEY_SURELY_KEPT_MS;
}

export interface OffSessionChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  /** On the customer's statement and in the provider's dashboard. */
  description: string;
  metadata: Record<string, string>;
  /** The same key answers the same charge: a retry, or a second process, never charges twice. */
  idempotencyKey: string;
}

/**
 * What the bank said to a charge made without the customer present. `requires_action`: the
 * bank wants the customer to authenticate (3-D Secure); `declined`: it refused. Both leave
 * nothing charged; the customer is sent a payment link instead.
 */
export type OffSessionCharge =
  | { status: 'succeeded'; paymentIntentId: string; brand: string; last4: string }
  | {
      status: 'requires_action' | 'declined';
      paymentIntentId: string | null;
      /** The bank's reason code, never personal data (`insufficient_funds`). */
      declineCode: string | null;
    };

export interface PaymentEvent {
  /** The provider's event id, for deduplication. */
  id: string;
  type: 'checkout.completed' | 'checkout.expired' | 'other';
  session: CheckoutSession | null;
}

export interface PaymentProvider {
  name: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Always asks the provider: the browser's word is never taken for a payment. */
  retrieveCheckout(id: string): Promise<CheckoutSession | null>;
  /** Gives (part of) a payment back; throws when the provider cannot be reached or refuses. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** What `refund` under this key made of the payment, found by its metadata; null: none. */
  findRefund(request: Omit<RefundRequest, 'amountCents'>): Promise<ProviderRefund | null>;
  /** The account's customer at the provider; the same key answers the same customer. */
  createCustomer(request: {
    email: string;
    name: string;
    userId: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** The card a payment was made with, when it was kept for later (null otherwise). */
  savedCard(paymentIntentId: string): Promise<SavedCard | null>;
  /**
   * Charges a kept card without the customer present. Throws when the provider cannot be
   * reached (the caller retries with the same key); a bank's refusal is an answer, not a throw.
   */
  chargeSavedCard(request: OffSessionChargeRequest): Promise<OffSessionCharge>;
  /**
   * What `chargeSavedCard` under this key made, found by the key the charge carries in its
   * metadata (`KEY_METADATA`), not by the key itself: Stripe forgets keys after a day, and
   * a charge retried later must not be made twice. null: none was made.
   */
  findOffSessionCharge(idempotencyKey: string): Promise<OffSessionCharge | null>;
  /** Verifies a webhook delivery (signature on the raw body) and reads its event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}
