import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import {
  sandboxCharges,
  sandboxCheckouts,
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxRefunds,
  type Database,
} from '@app/db';
import { AppError } from '../../errors.ts';
import {
  checkoutLines,
  type CheckoutPurpose,
  type CheckoutRequest,
  type CheckoutSession,
  type OffSessionCharge,
  type OffSessionChargeRequest,
  type PaymentProvider,
  type SavedCard,
} from './payment-provider.ts';
import { SANDBOX_DECLINE_CODES } from './sandbox-cards.ts';

/** Stripe's words for a key replayed with other parameters. */
const IDEMPOTENCY_MISMATCH =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/** Stripe's smallest charge in dollars: the sandbox refuses less, as Stripe would. */
export const MIN_CHARGE_CENTS = 50;

type SandboxRow = typeof sandboxCheckouts.$inferSelect;

export function sandboxSession(row: SandboxRow, now: Date, publicBaseUrl: string): CheckoutSession {
  const expired = row.status === 'open' && row.expiresAt <= now;
  return {
    id: row.id,
    url: `${publicBaseUrl}/api/payments/sandbox/${row.id}`,
    status: expired ? 'expired' : row.status,
    paymentStatus: row.paymentStatus,
    amountTotal: row.amountCents,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    metadata: row.metadata,
    appointmentId: row.appointmentId,
    paymentIntentId: row.paymentIntentId,
    purpose: purposeOf(row.metadata),
  };
}

/** A session's purpose, carried in its metadata as Stripe's is (none: a deposit). */
export function purposeOf(metadata: Record<string, string>): CheckoutPurpose {
  return metadata.purpose === 'balance' ? 'balance' : 'deposit';
}

/** The session's metadata as stored: the request's, with its purpose (as Stripe's provider sends). */
function storedMetadata(request: CheckoutRequest): Record<string, string> {
  return { ...request.metadata, purpose: request.purpose ?? 'deposit' };
}

/** Whether a stored session was made by this very request (its idempotency key aside). */
function madeBy(row: SandboxRow, request: CheckoutRequest): boolean {
  return isDeepStrictEqual(
    {
      appointmentId: row.appointmentId,
      amountCents: row.amountCents,
      productName: row.productName,
      lines: row.lines,
      customerEmail: row.customerEmail,
      customerId: row.customerId,
      saveCard: row.saveCard,
      metadata: row.metadata,
      successUrl: row.successUrl,
      cancelUrl: row.cancelUrl,
      expiresAt: row.expiresAt.getTime(),
    },
    {
      appointmentId: request.appointmentId,
      amountCents: request.amountCents,
      productName: request.productName,
      lines: checkoutLines(request),
      customerEmail: request.customerEmail,
      customerId: request.customerId ?? null,
      saveCard: request.saveCard ?? false,
      metadata: storedMetadata(request),
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt.getTime(),
    },
  );
}

/**
 * A local stand-in for a hosted checkout, for development and tests only (the server refuses
 * it in production). Its sessions live in `sandbox_checkouts` and its refunds in
 * `sandbox_refunds`; its page is served under /api/payments/sandbox/:id and "pays" without any
 * card network.
 */
export function createSandboxProvider(options: {
  db: Database;
  publicBaseUrl: string;
  now: () => Date;
}): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      // Stripe's idempotency rule: a key replayed with the same parameters answers the session
      // it made first, whatever instance asks; with other parameters it is an error.
      await options.db
        .insert(sandboxCheckouts)
        .values({
          id: `cs_sandbox_${randomBytes(24).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          appointmentId: request.appointmentId,
          amountCents: request.amountCents,
          productName: request.productName,
          lines: checkoutLines(request),
          customerEmail: request.customerEmail,
          customerId: request.customerId ?? null,
          saveCard: request.saveCard ?? false,
          metadata: storedMetadata(request),
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.idempotencyKey });
      const [row] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.idempotencyKey, request.idempotencyKey));
      if (!row || !madeBy(row, request)) throw new Error(IDEMPOTENCY_MISMATCH);
      return { id: row.id, url: `${options.publicBaseUrl}/api/payments/sandbox/${row.id}` };
    },
    async retrieveCheckout(id) {
      const [row] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, id));
      return row ? sandboxSession(row, options.now(), options.publicBaseUrl) : null;
    },
    async refund(request) {
      // As Stripe: a refund names a payment made here and never gives back more than was paid;
      // its idempotency key answers the refund it made first.
      const [paid] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.paymentIntentId, request.paymentIntentId));
      if (!paid) throw new Error(`No such payment_intent: '${request.paymentIntentId}'`);
      const [replayed] = await options.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
      if (!replayed) {
        const [given] = await options.db
          .select({ cents: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentIntentId, request.paymentIntentId));
        if ((given?.cents ?? 0) + request.amountCents > paid.amountCents)
          throw new Error(`Charge for ${request.paymentIntentId} has already been refunded.`);
        await options.db
          .insert(sandboxRefunds)
          .values({
            id: `re_sandbox_${randomBytes(24).toString('hex')}`,
            idempotencyKey: request.idempotencyKey,
            paymentIntentId: request.paymentIntentId,
            amountCents: request.amountCents,
          })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
      }
      const [refund] = await options.db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
      if (
        !refund ||
        refund.paymentIntentId !== request.paymentIntentId ||
        refund.amountCents !== request.amountCents
      ) {
        throw new Error(IDEMPOTENCY_MISMATCH);
      }
      return { id: refund.id, status: 'succeeded' };
    },
    async findRefund(request) {
      const [made] = await options.db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(
          and(
            eq(sandboxRefunds.idempotencyKey, request.idempotencyKey),
            eq(sandboxRefunds.paymentIntentId, request.paymentIntentId),
          ),
        );
      return made ? { id: made.id, status: 'succeeded' } : null;
    },
    async createCustomer(request) {
      await options.db
        .insert(sandboxCustomers)
        .values({
          id: `cus_sandbox_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          email: request.email,
          name: request.name,
          userId: request.userId,
        })
        .onConflictDoNothing({ target: sandboxCustomers.idempotencyKey });
      const [customer] = await options.db
        .select()
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.idempotencyKey, request.idempotencyKey));
      if (
        !customer ||
        customer.email !== request.email ||
        customer.name !== request.name ||
        customer.userId !== request.userId
      ) {
        throw new Error(IDEMPOTENCY_MISMATCH);
      }
      return { id: customer.id };
    },
    async savedCard(paymentIntentId) {
      return savedCardOf(options.db, paymentIntentId);
    },
    async chargeSavedCard(request) {
      return chargeSavedCard(options.db, request);
    },
    async findOffSessionCharge(idempotencyKey) {
      // The sandbox never forgets a key; its charges are found by it all the same.
      const [found] = await options.db
        .select({ charge: sandboxCharges, card: sandboxPaymentMethods })
        .from(sandboxCharges)
        .innerJoin(
          sandboxPaymentMethods,
          eq(sandboxPaymentMethods.id, sandboxCharges.paymentMethodId),
        )
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return found ? outcomeOf(found.charge, found.card) : null;
    },
    async parseWebhook() {
      throw AppError.notFound('The sandbox has no webhook: it fulfils payments directly.');
    },
  };
}

/**
 * The card a sandbox payment was made with, when its checkout kept it on the customer; a
 * balance charged off-session was always made with a kept card.
 */
async function savedCardOf(db: Database, paymentIntentId: string): Promise<SavedCard | null> {
  const card = {
    customerId: sandboxPaymentMethods.customerId,
    paymentMethodId: sandboxPaymentMethods.id,
    brand: sandboxPaymentMethods.brand,
    last4: sandboxPaymentMethods.last4,
  };
  const [checkout] = await db
    .select(card)
    .from(sandboxCheckouts)
    .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, sandboxCheckouts.paymentMethodId))
    .where(eq(sandboxCheckouts.paymentIntentId, paymentIntentId));
  const [charge] = checkout
    ? [checkout]
    : await db
        .select(card)
        .from(sandboxCharges)
        .innerJoin(
          sandboxPaymentMethods,
          eq(sandboxPaymentMethods.id, sandboxCharges.paymentMethodId),
        )
        .where(eq(sandboxCharges.id, paymentIntentId));
  if (!charge) throw new Error(`No such payment_intent: '${paymentIntentId}'`);
  const { customerId, paymentMethodId, brand, last4 } = charge;
  if (!customerId || !paymentMethodId || !brand || !last4) return null;
  return { customerId, paymentMethodId, brand, last4 };
}

/**
 * A charge of a kept card without the customer present, as Stripe answers it for the sandbox's
 * test cards. Recorded once per idempotency key, whatever instance asks: the same key with the
 * same parameters answers the first outcome; with others it is an error.
 */
async function chargeSavedCard(
  db: Database,
  request: OffSessionChargeRequest,
): Promise<OffSessionCharge> {
  const [card] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, request.paymentMethodId));
  if (!card) throw new Error(`No such PaymentMethod: '${request.paymentMethodId}'`);
  if (card.customerId !== request.customerId) {
    throw new Error(
      `The PaymentMethod ${request.paymentMethodId} does not belong to the Customer ${request.customerId}.`,
    );
  }
  if (!Number.isInteger(request.amountCents) || request.amountCents < MIN_CHARGE_CENTS) {
    throw new Error('Amount must be at least $0.50 usd');
  }
  const status = card.offSession === 'succeeds' ? ('succeeded' as const) : card.offSession;
  await db
    .insert(sandboxCharges)
    .values({
      id: `pi_sandbox_${randomBytes(24).toString('hex')}`,
      idempotencyKey: request.idempotencyKey,
      customerId: request.customerId,
      paymentMethodId: request.paymentMethodId,
      amountCents: request.amountCents,
      description: request.description,
      metadata: request.metadata,
      status,
      declineCode: status === 'succeeded' ? null : SANDBOX_DECLINE_CODES[status],
    })
    .onConflictDoNothing({ target: sandboxCharges.idempotencyKey });
  const [charge] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
  if (
    !charge ||
    !isDeepStrictEqual(
      {
        customerId: charge.customerId,
        paymentMethodId: charge.paymentMethodId,
        amountCents: charge.amountCents,
        description: charge.description,
        metadata: charge.metadata,
      },
      {
        customerId: request.customerId,
        paymentMethodId: request.paymentMethodId,
        amountCents: request.amountCents,
        description: request.description,
        metadata: request.metadata,
      },
    )
  ) {
    throw new Error(IDEMPOTENCY_MISMATCH);
  }
  return outcomeOf(charge, card);
}

function outcomeOf(
  charge: typeof sandboxCharges.$inferSelect,
  card: { brand: string; last4: string },
): OffSessionCharge {
  return charge.status === 'succeeded'
    ? { status: charge.status, paymentIntentId: charge.id, brand: card.brand, last4: card.last4 }
    : { status: charge.status, paymentIntentId: charge.id, declineCode: charge.declineCode };
}
