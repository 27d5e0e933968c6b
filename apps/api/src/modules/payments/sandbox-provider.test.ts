import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sandboxCheckouts } from '@app/db';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import type { CheckoutRequest, PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('the sandbox payment provider on %s', (kind) => {
  let database: TestDatabase;
  let sandbox: PaymentProvider;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sandbox = createSandboxProvider({
      db: database.handle.db,
      publicBaseUrl: 'http://localhost:3000',
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await database.drop();
  });

  const checkoutRequest = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    appointmentId: randomUUID(),
    amountCents: 6600,
    productName: 'Tesla Model S booking deposit',
    customerEmail: 'ann@example.com',
    metadata: { Date: '1_12_2026', Time: '9:00 AM', serviceName: 'Tesla Model S' },
    successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/appointment/x',
    expiresAt: new Date(NOW.getTime() + 31 * 60_000),
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  });

  it('answers the same session to the same request under the same key, even at once', async () => {
    const request = checkoutRequest();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sandbox.createCheckout(request)),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const rows = await database.handle.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.appointmentId, request.appointmentId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key replayed with other parameters, and makes a new session for a new key', async () => {
    const request = checkoutRequest();
    const first = await sandbox.createCheckout(request);
    await expect(sandbox.createCheckout({ ...request, amountCents: 100 })).rejects.toThrow(
      'Keys for idempotent requests can only be used with the same parameters',
    );
    const next = await sandbox.createCheckout({ ...request, idempotencyKey: 'another-key' });
    expect(next.id).not.toBe(first.id);
  });

  it('counts the customer, the saved card and the purpose among a key’s parameters', async () => {
    const request = checkoutRequest({ customerId: 'cus_sandbox_a', saveCard: true });
    const first = await sandbox.createCheckout(request);
    expect((await sandbox.createCheckout(request)).id).toBe(first.id);
    for (const changed of [
      { customerId: 'cus_sandbox_b' },
      { saveCard: false },
      { purpose: 'balance' as const },
    ]) {
      await expect(sandbox.createCheckout({ ...request, ...changed })).rejects.toThrow(
        'Keys for idempotent requests can only be used with the same parameters',
      );
    }
    const session = await sandbox.retrieveCheckout(first.id);
    expect(session?.purpose).toBe('deposit');
    expect(session?.metadata.purpose).toBe('deposit');
  });

  it('makes one customer per key, even at once, and refuses the key with other details', async () => {
    const userId = randomUUID();
    const request = {
      email: 'ann@example.com',
      name: 'Ann',
      userId,
      idempotencyKey: `c-${userId}`,
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sandbox.createCustomer(request)),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(answers[0]?.id).toMatch(/^cus_sandbox_[0-9a-f]{24}$/);
    await expect(sandbox.createCustomer({ ...request, name: 'Bob' })).rejects.toThrow(
      'Keys for idempotent requests can only be used with the same parameters',
    );
  });

  it('finds a refund by its key and payment, as Stripe is asked once it has forgotten the key', async () => {
    const request = checkoutRequest();
    const { id } = await sandbox.createCheckout(request);
    const paymentIntentId = `pi_sandbox_${randomUUID().replaceAll('-', '')}`;
    await database.handle.db
      .update(sandboxCheckouts)
      .set({ status: 'complete', paymentStatus: 'paid', paymentIntentId })
      .where(eq(sandboxCheckouts.id, id));
    const idempotencyKey = `refund-${randomUUID()}`;
    const made = await sandbox.refund({ paymentIntentId, amountCents: 3300, idempotencyKey });
    expect(await sandbox.findRefund({ paymentIntentId, idempotencyKey })).toEqual(made);
    expect(
      await sandbox.findRefund({ paymentIntentId, idempotencyKey: `refund-${randomUUID()}` }),
    ).toBeNull();
    expect(
      await sandbox.findRefund({ paymentIntentId: 'pi_sandbox_other', idempotencyKey }),
    ).toBeNull();
  });
});
