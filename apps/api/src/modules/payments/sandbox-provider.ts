import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { sandboxCheckouts, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import type { CheckoutSession, PaymentProvider } from './payment-provider.ts';

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
  };
}

/**
 * A local stand-in for a hosted checkout, for development and tests only (the server refuses
 * it in production). Its sessions live in `sandbox_checkouts`; its page is served under
 * /api/payments/sandbox/:id and "pays" without any card network.
 */
export function createSandboxProvider(options: {
  db: Database;
  publicBaseUrl: string;
  now: () => Date;
}): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      // Like Stripe's idempotency keys: the same appointment gets its open session back
      // (one past its time is closed, even if nobody marked it so yet).
      const [existing] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(
          and(
            eq(sandboxCheckouts.appointmentId, request.appointmentId),
            eq(sandboxCheckouts.status, 'open'),
            gt(sandboxCheckouts.expiresAt, options.now()),
          ),
        );
      const id = existing?.id ?? `cs_sandbox_${randomBytes(24).toString('hex')}`;
      if (!existing) {
        await options.db.insert(sandboxCheckouts).values({
          id,
          appointmentId: request.appointmentId,
          amountCents: request.amountCents,
          productName: request.productName,
          customerEmail: request.customerEmail,
          metadata: request.metadata,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
        });
      }
      return { id, url: `${options.publicBaseUrl}/api/payments/sandbox/${id}` };
    },
    async retrieveCheckout(id) {
      const [row] = await options.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, id));
      return row ? sandboxSession(row, options.now(), options.publicBaseUrl) : null;
    },
    async parseWebhook() {
      throw AppError.notFound('The sandbox has no webhook: it fulfils payments directly.');
    },
  };
}
