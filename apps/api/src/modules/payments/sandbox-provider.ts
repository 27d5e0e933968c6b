import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { sandboxCheckouts, sandboxRefunds, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import {
  checkoutLines,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
} from './payment-provider.ts';

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
    purpose: row.metadata.purpose === 'balance' ? 'balance' : 'deposit',
  };
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
      metadata: request.metadata,
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
          metadata: request.metadata,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.idempotencyKey });
      const [row] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.idempotencyKey, request.idempotencyKey));
      if (!row || !madeBy(row, request)) {
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
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
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { id: refund.id, status: 'succeeded' };
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
    async parseWebhook() {
      throw AppError.notFound('The sandbox has no webhook: it fulfils payments directly.');
    },
  };
}
