import type { FastifyInstance } from 'fastify';
import {
  AdjustBillSchema,
  BillingDetailsSchema,
  BillRulesSchema,
  MESSAGES,
  PayBillSchema,
  RideParamsSchema,
  type BillRules,
  type BillView,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { adjustBill } from './adjust-bill.ts';
import { readBillRules, saveBillRules } from './bill-rules.ts';
import { billView } from './bill-view.ts';
import { setBillingDetails } from './billing-details.ts';
import { chargeBill, renewPaymentLink, type ChargeDeps } from './charge-bill.ts';
import { payBill } from './pay-bill.ts';
import { sendBill } from './send-bill.ts';

/** Payments of bills per account: far above a customer's need, a bound on hammering the bank. */
export const BILL_PAYMENTS_PER_USER: RateLimit = { max: 10, windowMs: 60 * 60_000 };

/**
 * The bill after the ride: the customer's page (their own sent bill: read it, tip and pay) and
 * the owner's (any ride's bill: adjust the draft, send it; the rules for bills).
 */
export function registerBillRoutes(
  app: FastifyInstance,
  deps: Omit<ChargeDeps, 'log'> & { limiter: Limiter; now: () => Date },
): void {
  const { db, now } = deps;
  const customer = { config: { auth: 'customer' as const } };
  const owner = { config: { auth: 'owner' as const } };

  app.get('/api/appointments/:id/bill', customer, async (request, reply): Promise<BillView> => {
    reply.header('cache-control', 'no-store');
    const { id } = RideParamsSchema.parse(request.params);
    return billView(db, id, { customerId: signedInUser(request).id });
  });

  app.post('/api/appointments/:id/bill/pay', customer, async (request): Promise<BillView> => {
    const { id } = RideParamsSchema.parse(request.params);
    const tip = PayBillSchema.parse(request.body);
    const userId = signedInUser(request).id;
    await deps.limiter.consume(
      rateLimitKeys.billPaymentsByUser(userId),
      BILL_PAYMENTS_PER_USER,
      MESSAGES.tooManyRequests,
    );
    const at = now();
    const charge = await payBill(db, deps.recordMessages, {
      appointmentId: id,
      userId,
      tip,
      now: at,
    });
    // At once, while the customer waits; the `charge-bills` job retries one that did not go through.
    if (charge) await chargeBill({ ...deps, log: request.log }, charge, at);
    return billView(db, id, { customerId: userId });
  });

  // A bill due through a payment link whose day is over: a fresh link (the customer's page).
  app.post(
    '/api/appointments/:id/bill/link',
    customer,
    async (request): Promise<{ url: string }> => {
      const { id } = RideParamsSchema.parse(request.params);
      const userId = signedInUser(request).id;
      return { url: await renewPaymentLink(deps, { appointmentId: id, userId, now: now() }) };
    },
  );

  app.post('/api/appointments/:id/bill/billing', customer, async (request): Promise<BillView> => {
    const { id } = RideParamsSchema.parse(request.params);
    const details = BillingDetailsSchema.parse(request.body);
    const userId = signedInUser(request).id;
    await setBillingDetails(db, { appointmentId: id, userId, ...details, now: now() });
    return billView(db, id, { customerId: userId });
  });

  app.get('/api/admin/rides/:id/bill', owner, async (request, reply): Promise<BillView> => {
    reply.header('cache-control', 'no-store');
    const { id } = RideParamsSchema.parse(request.params);
    return billView(db, id, 'owner');
  });

  app.put('/api/admin/rides/:id/bill', owner, async (request): Promise<BillView> => {
    const { id } = RideParamsSchema.parse(request.params);
    const { version, lines } = AdjustBillSchema.parse(request.body);
    const actor = await ownerActor(db, signedInUser(request).id);
    await adjustBill(db, { appointmentId: id, version, lines, actor, now: now() });
    return billView(db, id, 'owner');
  });

  app.post('/api/admin/rides/:id/bill/send', owner, async (request): Promise<BillView> => {
    const { id } = RideParamsSchema.parse(request.params);
    const actor = await ownerActor(db, signedInUser(request).id);
    await sendBill(db, deps.recordMessages, { appointmentId: id, actor, now: now() });
    return billView(db, id, 'owner');
  });

  app.get('/api/admin/bill-rules', owner, async (): Promise<BillRules & { ownerSet: boolean }> =>
    readBillRules(db),
  );

  app.post(
    '/api/admin/bill-rules',
    owner,
    async (request): Promise<BillRules & { ownerSet: boolean }> => {
      const rules = BillRulesSchema.parse(request.body);
      const actor = await ownerActor(db, signedInUser(request).id);
      await saveBillRules(db, rules, { actor, now: now() });
      return readBillRules(db);
    },
  );
}
