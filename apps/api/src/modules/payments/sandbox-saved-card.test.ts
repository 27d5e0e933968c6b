import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  sandboxCharges,
  sandboxCheckouts,
  sandboxCustomers,
  sandboxPaymentMethods,
  users,
} from '@app/db';
import { SAVE_CARD_CONSENT } from '@app/shared';
import { buildApp } from '../../app.ts';
import type { Browser } from '../../test/browser.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  openSandboxCheckout,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import type { OffSessionChargeRequest, PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { CARD_DECLINED_MESSAGE } from './sandbox.routes.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const BASE = 'http://localhost:3000';
const CARDS = {
  visa: '4242 4242 4242 4242',
  authenticationRequired: '4000 0027 6000 3184',
  chargeDeclined: '4000 0000 0000 0341',
  declined: '4000 0000 0000 9995',
};

describe.each(await databaseKinds())('the saved card in the sandbox on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** A second instance's provider over the same database, as the bill's charge would call it. */
  let sandbox: PaymentProvider;
  let teslaS: string;
  // Every test books its own slot: two hours apart, over a few days.
  const slots = ['1_12_2026', '2_12_2026', '3_12_2026'].flatMap((slotDate) =>
    ['6:00 AM', '8:00 AM', '10:00 AM', '12:00 PM', '2:00 PM', '4:00 PM', '6:00 PM'].map(
      (slotTime) => ({ slotDate, slotTime }),
    ),
  );

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: () => NOW,
    });
    sandbox = createSandboxProvider({
      db: database.handle.db,
      publicBaseUrl: BASE,
      now: () => NOW,
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const db = () => database.handle.db;
  const customer = () => signedInBrowser(app, db(), NOW, 'Ann Rider');
  const book = (browser: Browser) => {
    const slot = slots.shift();
    if (!slot) throw new Error('out of test slots');
    return bookOk(browser, bookingRequest(teslaS, slot));
  };
  const checkoutRow = async (path: string) => {
    const [row] = await db()
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, path.split('/').at(-1) as string));
    if (!row) throw new Error(`no checkout ${path}`);
    return row;
  };

  /** Books, pays with the card and answers the card kept with the deposit. */
  const payWith = async (card: string) => {
    const { browser } = await customer();
    const appointmentId = await book(browser);
    const path = await openSandboxCheckout(browser, appointmentId);
    const paid = await paySandboxCheckout(app, path, 'Ann Rider', card);
    expect(paid.statusCode, paid.body).toBe(303);
    const { paymentIntentId } = await checkoutRow(path);
    const saved = await sandbox.savedCard(paymentIntentId as string);
    if (!saved) throw new Error('no card was kept');
    return { appointmentId, saved };
  };

  const charge = (
    saved: { customerId: string; paymentMethodId: string },
    overrides: Partial<OffSessionChargeRequest> = {},
  ): OffSessionChargeRequest => ({
    customerId: saved.customerId,
    paymentMethodId: saved.paymentMethodId,
    amountCents: 12_345,
    description: 'Tesla Model S ride, balance and tip',
    metadata: { billId: crypto.randomUUID() },
    idempotencyKey: `charge-${crypto.randomUUID()}`,
    ...overrides,
  });

  const chargesUnder = (key: string) =>
    db().select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key));

  it('keeps one provider customer per account, even for two checkouts at once', async () => {
    const { browser, userId, email } = await customer();
    const [first, second] = [await book(browser), await book(browser)];
    const opened = await Promise.all(
      [first, second].map((appointmentId) =>
        browser.post('/api/user/create-checkout-session', { appointmentId }),
      ),
    );
    for (const response of opened) expect(response.statusCode, response.body).toBe(200);

    const [user] = await db().select().from(users).where(eq(users.id, userId));
    const customerId = user?.paymentCustomerId;
    expect(customerId).toMatch(/^cus_sandbox_/);
    const made = await db()
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.userId, userId));
    expect(made).toEqual([
      expect.objectContaining({
        id: customerId,
        email,
        name: 'Ann Rider',
        idempotencyKey: `customer-${userId}`,
      }),
    ]);
    for (const appointmentId of [first, second]) {
      const sessionId = (await appointmentRow(db(), appointmentId)).checkoutSessionId as string;
      const [row] = await db()
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, sessionId));
      expect(row).toMatchObject({ customerId, saveCard: true });
      expect(row?.metadata.purpose).toBe('deposit');
    }

    // A later checkout names the stored customer and makes none.
    const third = await book(browser);
    await openSandboxCheckout(browser, third);
    const thirdRow = await checkoutRow(
      `/${(await appointmentRow(db(), third)).checkoutSessionId as string}`,
    );
    expect(thirdRow.customerId).toBe(customerId);
    expect(
      await db().select().from(sandboxCustomers).where(eq(sandboxCustomers.userId, userId)),
    ).toHaveLength(1);
  });

  it('asks the consent on the page and lists its test cards', async () => {
    const { browser } = await customer();
    const path = await openSandboxCheckout(browser, await book(browser));
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="consent">${SAVE_CARD_CONSENT}</p>`);
    for (const number of Object.values(CARDS)) expect(page.body).toContain(number);
  });

  it('declines 4000 0000 0000 9995 on the page: nothing paid, and another card pays', async () => {
    const { browser } = await customer();
    const appointmentId = await book(browser);
    const path = await openSandboxCheckout(browser, appointmentId);
    const declined = await paySandboxCheckout(app, path, 'Ann Rider', CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.headers['content-type']).toMatch(/^text\/html/);
    expect(declined.body).toContain(`role="alert">${CARD_DECLINED_MESSAGE}</p>`);
    expect(declined.body).toContain(`value="${CARDS.declined}" aria-invalid="true"`);
    expect(await checkoutRow(path)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      paymentMethodId: null,
    });
    expect((await appointmentRow(db(), appointmentId)).status).toBe('pending_payment');

    const paid = await paySandboxCheckout(app, path, 'Ann Rider', CARDS.visa);
    expect(paid.statusCode, paid.body).toBe(303);
    expect((await appointmentRow(db(), appointmentId)).status).toBe('paid');
  });

  it('keeps the card paid with on the account’s customer, with its brand and last four', async () => {
    const { browser, userId } = await customer();
    const path = await openSandboxCheckout(browser, await book(browser));
    expect((await paySandboxCheckout(app, path, 'Ann Rider', CARDS.visa)).statusCode).toBe(303);
    const row = await checkoutRow(path);
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    expect(await sandbox.savedCard(row.paymentIntentId as string)).toEqual({
      customerId: user?.paymentCustomerId,
      paymentMethodId: row.paymentMethodId,
      brand: 'visa',
      last4: '4242',
    });
  });

  it('keeps no card from a checkout that did not ask to save it', async () => {
    const { browser } = await customer();
    const path = await openSandboxCheckout(browser, await book(browser));
    // A checkout made before cards were kept: no customer, nothing saved.
    await db()
      .update(sandboxCheckouts)
      .set({ saveCard: false, customerId: null })
      .where(eq(sandboxCheckouts.id, path.split('/').at(-1) as string));
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.body).not.toContain(SAVE_CARD_CONSENT);
    expect((await paySandboxCheckout(app, path)).statusCode).toBe(303);
    const row = await checkoutRow(path);
    expect(await sandbox.savedCard(row.paymentIntentId as string)).toBeNull();
  });

  it('charges a 4242 card off-session once, and replays the same answer for the same key', async () => {
    const { saved } = await payWith(CARDS.visa);
    const request = charge(saved);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sandbox.chargeSavedCard(request)),
    );
    const first = answers[0];
    expect(first).toEqual({
      status: 'succeeded',
      paymentIntentId: expect.stringMatching(/^pi_sandbox_/) as string,
      brand: 'visa',
      last4: '4242',
    });
    for (const answer of answers) expect(answer).toEqual(first);
    expect(await sandbox.chargeSavedCard(request)).toEqual(first);
    expect(await chargesUnder(request.idempotencyKey)).toEqual([
      expect.objectContaining({
        id: first?.paymentIntentId,
        amountCents: 12_345,
        status: 'succeeded',
        declineCode: null,
        customerId: saved.customerId,
        paymentMethodId: saved.paymentMethodId,
        metadata: request.metadata,
      }),
    ]);
    // The balance charged is a payment whose card is known, as Stripe's would be.
    expect(await sandbox.savedCard(first?.paymentIntentId as string)).toEqual(saved);
  });

  it('refuses a key replayed with other parameters, and charges again under a new key', async () => {
    const { saved } = await payWith(CARDS.visa);
    const request = charge(saved);
    await sandbox.chargeSavedCard(request);
    await expect(sandbox.chargeSavedCard({ ...request, amountCents: 100 })).rejects.toThrow(
      'Keys for idempotent requests can only be used with the same parameters',
    );
    expect(await chargesUnder(request.idempotencyKey)).toHaveLength(1);
    const again = await sandbox.chargeSavedCard({ ...request, idempotencyKey: 'another-key' });
    expect(again.status).toBe('succeeded');
  });

  it('answers requires_action for 4000 0027 6000 3184 and records nothing charged', async () => {
    const { saved } = await payWith(CARDS.authenticationRequired);
    expect(saved.last4).toBe('3184');
    const request = charge(saved);
    const answer = await sandbox.chargeSavedCard(request);
    expect(answer).toEqual({
      status: 'requires_action',
      paymentIntentId: expect.stringMatching(/^pi_sandbox_/) as string,
      declineCode: 'authentication_required',
    });
    expect(await sandbox.chargeSavedCard(request)).toEqual(answer);
    expect(await chargesUnder(request.idempotencyKey)).toEqual([
      expect.objectContaining({ status: 'requires_action' }),
    ]);
  });

  it('answers declined for 4000 0000 0000 0341, which paid the deposit', async () => {
    const { appointmentId, saved } = await payWith(CARDS.chargeDeclined);
    expect((await appointmentRow(db(), appointmentId)).status).toBe('paid');
    const request = charge(saved);
    expect(await sandbox.chargeSavedCard(request)).toEqual({
      status: 'declined',
      paymentIntentId: expect.stringMatching(/^pi_sandbox_/) as string,
      declineCode: 'card_declined',
    });
    expect(await chargesUnder(request.idempotencyKey)).toEqual([
      expect.objectContaining({ status: 'declined', declineCode: 'card_declined' }),
    ]);
  });

  it('refuses a card that is not the customer’s, or too small an amount, recording nothing', async () => {
    const { saved } = await payWith(CARDS.visa);
    const { saved: other } = await payWith(CARDS.visa);
    const stranger = charge({
      customerId: other.customerId,
      paymentMethodId: saved.paymentMethodId,
    });
    await expect(sandbox.chargeSavedCard(stranger)).rejects.toThrow('does not belong');
    const tiny = charge(saved, { amountCents: 49 });
    await expect(sandbox.chargeSavedCard(tiny)).rejects.toThrow('at least $0.50');
    expect(await chargesUnder(stranger.idempotencyKey)).toEqual([]);
    expect(await chargesUnder(tiny.idempotencyKey)).toEqual([]);
    const methods = await db()
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, saved.paymentMethodId));
    expect(methods).toEqual([expect.objectContaining({ customerId: saved.customerId })]);
  });
});
