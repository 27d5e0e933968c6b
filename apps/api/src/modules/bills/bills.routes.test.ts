import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  auditEvents,
  billCharges,
  bills,
  outboxMessages,
  sandboxCharges,
  sandboxCheckouts,
  tripEvents,
  type Database,
} from '@app/db';
import {
  BillViewSchema,
  BILL_RIDE_LINE_MESSAGE,
  bookingReference,
  DEFAULT_BUSINESS,
  type BillLine,
  type TripStatus,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { composeMessage } from '../notifications/compose-message.ts';
import { messageRecorder } from '../notifications/record-messages.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { chargeBill } from './charge-bill.ts';
import { settleBalanceLink } from './settle-balance-link.ts';
import { createSession } from '../auth/sessions.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  paySandboxCheckout,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock, HOUR, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { BILL_CHANGED_MESSAGE, BILL_NOT_FOUND_MESSAGE } from './adjust-bill.ts';
import { BILL_ALREADY_PAID_MESSAGE } from './pay-bill.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

/**
 * Issue 31: the bill after the ride, through the HTTP API on both databases: drafted when the
 * ride is done from its booked price and the chauffeur's statuses, adjusted and sent by the
 * owner, tipped by the customer and its one charge recorded.
 */
describe.each(await databaseKinds())('the bill after the ride on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let teslaS: string;
  let chauffeurId: string;
  const clock = createClock(NOW);
  let nextDay = 0;
  const freshDay = () => `${1 + nextDay++}_12_2026`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 0,
    });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    chauffeurId = await insertUser(db, 'Dana Driver', 'chauffeur');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /**
   * A paid ride (its deposit paid with this sandbox test card), its statuses at these minutes
   * after pickup, completed by an owner then.
   */
  const doneRide = async (taps: Partial<Record<TripStatus, number>>, card?: string) => {
    clock.advance(-(clock.now().getTime() - NOW.getTime()));
    const { browser, userId } = await signedInBrowser(app, db, NOW);
    const id = await bookOk(
      browser,
      bookingRequest(teslaS, { slotDate: freshDay(), slotTime: '9:00 AM' }),
    );
    await payThroughSandbox(app, browser, id, card);
    const ride = await appointmentRow(db, id);
    const at = (minutes: number) => new Date(ride.slotStart.getTime() + minutes * MINUTE);
    for (const [status, minutes] of Object.entries(taps))
      await db.insert(tripEvents).values({
        appointmentId: id,
        chauffeurId,
        status: status as TripStatus,
        tapKey: crypto.randomUUID(),
        at: at(minutes),
      });
    const done = at(Math.max(60, ...Object.values(taps)));
    clock.advance(done.getTime() - clock.now().getTime());
    const owner = (await signedInOwner(app, db, done)).browser;
    expect((await owner.post(`/api/admin/rides/${id}/complete`, {})).statusCode).toBe(200);
    // The customer comes back after the ride, signed in again.
    const customer = new Browser(app);
    customer.setSid(await createSession(db, userId, done, testConfig().session));
    return { id, ride, customer, userId, owner };
  };
  const ownerBill = async (owner: Browser, id: string) => {
    const response = await owner.get(`/api/admin/rides/${id}/bill`);
    expect(response.statusCode, response.body).toBe(200);
    return BillViewSchema.parse(response.json());
  };
  const adjust = (owner: Browser, id: string, body: { version: number; lines: BillLine[] }) =>
    owner.post(`/api/admin/rides/${id}/bill`, body);
  const outbox = (id: string, template: string) =>
    db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.template, template as never)),
      );

  it('drafts the bill at completion: the booked price, waiting beyond the grace, time over', async () => {
    // Arrived 5 min early, on board 25 min after pickup (10 min beyond the 15 free), dropped off
    // 20 minutes after the booked length.
    const probe = await doneRide({});
    const length = probe.ride.lengthMinutes;
    const { id, ride, owner } = await doneRide({
      on_my_way: -40,
      arrived: -5,
      on_board: 25,
      dropped_off: 25 + length + 20,
    });
    const bill = await ownerBill(owner, id);
    const price = ride.priceCents as number;
    const perMinute = price / ride.lengthMinutes;
    expect(bill.status).toBe('draft');
    expect(bill.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['ride', price],
      ['waiting', Math.round(perMinute * 10)],
      ['extra_time', Math.round(perMinute * 20)],
    ]);
    expect(bill.lines[1]?.label).toBe('Waiting at pickup, 10 min beyond 15 min');
    expect(bill.depositCents).toBe(ride.amountCents);
    expect(bill.balanceCents).toBe(bill.totalCents - ride.amountCents);

    // Without statuses (the owner marked it done), the booked price alone.
    const plain = await ownerBill(owner, probe.id);
    expect(plain.lines.map((line) => line.kind)).toEqual(['ride']);
  });

  it('lets only owners read and adjust it, on the version seen, audited; the customer sees no draft', async () => {
    const { id, owner, customer } = await doneRide({});
    expectFailure(await customer.get(`/api/appointments/${id}/bill`), 404, BILL_NOT_FOUND_MESSAGE);
    expectFailure(await customer.get(`/api/admin/rides/${id}/bill`), 403, OWNER_ONLY_MESSAGE);
    const draft = await ownerBill(owner, id);
    const lines: BillLine[] = [
      ...draft.lines,
      { kind: 'toll', label: 'Tolls, Mass Pike', amountCents: 750 },
      { kind: 'adjustment', label: 'Goodwill', amountCents: -500 },
    ];
    expectFailure(
      await adjust(customer, id, { version: draft.version, lines }),
      403,
      OWNER_ONLY_MESSAGE,
    );
    expectFailure(
      await adjust(owner, id, { version: draft.version, lines: lines.slice(1) }),
      400,
      BILL_RIDE_LINE_MESSAGE,
    );
    const saved = await adjust(owner, id, { version: draft.version, lines });
    expect(saved.statusCode, saved.body).toBe(200);
    const adjusted = BillViewSchema.parse(saved.json());
    expect(adjusted.totalCents).toBe(draft.totalCents + 250);
    expect(adjusted.version).toBe(draft.version + 1);
    // A second owner's form, opened before the save, is refused rather than merged.
    expectFailure(
      await adjust(owner, id, { version: draft.version, lines }),
      409,
      BILL_CHANGED_MESSAGE,
    );
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appointmentId, id), eq(auditEvents.action, 'bill.adjusted')));
    expect(audit?.before).toEqual({ lines: draft.lines });
    expect(audit?.after).toEqual({ lines });
  });

  it('sends it with an email and a text; the tip fixes the amount and records one charge', async () => {
    const { id, owner, customer } = await doneRide({});
    const sent = await owner.post(`/api/admin/rides/${id}/bill/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(BillViewSchema.parse(sent.json()).status).toBe('sent');
    const told = await outbox(id, 'bill_sent');
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const view = BillViewSchema.parse((await customer.get(`/api/appointments/${id}/bill`)).json());
    expect(view.tips[20]).toBe(Math.round(view.totalCents * 0.2));
    // Two taps at once: one fixes the amount, the other is told it is being paid.
    const [first, second] = await Promise.all([
      customer.post(`/api/appointments/${id}/bill/pay`, { choice: '20' }),
      customer.post(`/api/appointments/${id}/bill/pay`, { choice: '20' }),
    ]);
    const codes = [first?.statusCode, second?.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    if (refused) expectFailure(refused, 409, BILL_ALREADY_PAID_MESSAGE);
    const charges = await db.select().from(billCharges).where(eq(billCharges.appointmentId, id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amountCents: view.balanceCents + view.tips[20],
      tipCents: view.tips[20],
    });
    const [bill] = await db.select().from(bills).where(eq(bills.appointmentId, id));
    expect(bill).toMatchObject({ tipChoice: '20', tipCents: view.tips[20] });
  });

  it('keeps each customer to their own bill', async () => {
    const { id, owner } = await doneRide({});
    await owner.post(`/api/admin/rides/${id}/bill/send`, {});
    const { browser: stranger } = await signedInBrowser(app, db, clock.now());
    expectFailure(await stranger.get(`/api/appointments/${id}/bill`), 404, BILL_NOT_FOUND_MESSAGE);
    expectFailure(
      await stranger.post(`/api/appointments/${id}/bill/pay`, { choice: 'none' }),
      404,
      BILL_NOT_FOUND_MESSAGE,
    );
    expect(await db.select().from(billCharges).where(eq(billCharges.appointmentId, id))).toEqual(
      [],
    );
  });

  it('sends a draft by the owner’s rule and applies the default tip when the window closes', async () => {
    const { id, owner } = await doneRide({});
    const rules = {
      waitingGraceMinutes: 15,
      defaultTipPercent: 20,
      tipWindowHours: 1,
      autoSendHours: 2,
    };
    const saved = await owner.post('/api/admin/bill-rules', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    const { sendDueBills } = await import('./send-bill.ts');
    const { applyDefaultTips } = await import('./pay-bill.ts');
    const { messageRecorder } = await import('../notifications/record-messages.ts');
    const record = messageRecorder({ ownerEmail: 'owner@example.com' });
    const statusOf = async () =>
      (await db.select().from(bills).where(eq(bills.appointmentId, id)))[0]?.status;
    await sendDueBills(db, record, new Date(clock.now().getTime() + HOUR));
    expect(await statusOf()).toBe('draft');
    const later = new Date(clock.now().getTime() + 2 * HOUR);
    await sendDueBills(db, record, later);
    expect(await statusOf()).toBe('sent');
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appointmentId, id), eq(auditEvents.action, 'bill.sent')));
    expect(audit?.actorLabel).toBe('automatic');
    await applyDefaultTips(db, record, new Date(later.getTime() + HOUR));
    const [tipped] = await db.select().from(bills).where(eq(bills.appointmentId, id));
    expect(tipped).toMatchObject({
      tipChoice: 'default',
      tipCents: Math.round((tipped?.totalCents ?? 0) * 0.2),
    });
    await owner.post('/api/admin/bill-rules', {
      ...rules,
      defaultTipPercent: 0,
      autoSendHours: null,
    });
  });

  /** A done ride's bill sent by its owner, and the customer's payment with a 20 % tip. */
  const payWithTip = async (card: string) => {
    const ride = await doneRide({}, card);
    expect((await ride.owner.post(`/api/admin/rides/${ride.id}/bill/send`, {})).statusCode).toBe(
      200,
    );
    const before = BillViewSchema.parse(
      (await ride.customer.get(`/api/appointments/${ride.id}/bill`)).json(),
    );
    const paid = await ride.customer.post(`/api/appointments/${ride.id}/bill/pay`, {
      choice: '20',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const charged = await db
      .select()
      .from(sandboxCharges)
      .where(
        eq(sandboxCharges.metadata, {
          appointmentId: ride.id,
          purpose: 'balance',
          reference: bookingReference(ride.id),
        }),
      );
    return { ...ride, before, after: BillViewSchema.parse(paid.json()), charged };
  };
  const composed = async (id: string, template: string) => {
    const [row] = (await outbox(id, template)).filter(
      (m) => m.channel === 'email' && m.audience === 'customer',
    );
    if (!row) throw new Error(`no ${template} email`);
    return composeMessage(
      db,
      row,
      { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' },
      clock.now(),
    );
  };

  it('charges the kept card the balance and tip once, and emails the receipt with its PDF', async () => {
    const { id, before, after, charged, customer } = await payWithTip('4242 4242 4242 4242');
    const amount = before.balanceCents + before.tips[20];
    expect(after).toMatchObject({ status: 'paid', tipCents: before.tips[20] });
    expect(after.charge).toMatchObject({
      status: 'succeeded',
      amountCents: amount,
      card: { brand: 'visa', last4: '4242' },
    });
    // The provider's own record: one charge, of that amount.
    expect(charged.map((c) => [c.status, c.amountCents])).toEqual([['succeeded', amount]]);
    // A second payment finds the bill paid.
    expectFailure(
      await customer.post(`/api/appointments/${id}/bill/pay`, { choice: 'none' }),
      409,
      BILL_ALREADY_PAID_MESSAGE,
    );

    const mail = await composed(id, 'bill_paid');
    if (!('mail' in mail)) throw new Error('the receipt was not composed');
    expect(mail.mail.subject).toBe(`Your receipt from ${DEFAULT_BUSINESS.name}`);
    expect(mail.mail.text).toContain('to your visa card ending 4242');
    const [pdf] = mail.mail.attachments ?? [];
    expect(pdf?.filename).toBe(`receipt-${bookingReference(id)}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    expect(
      Buffer.from(pdf?.content ?? '')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const receipt = await customer.get(`/api/appointments/${id}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      receipt: {
        reference: bookingReference(id),
        depositCents: before.depositCents,
        balanceCents: before.balanceCents,
        tipCents: before.tips[20],
        paidCents: before.depositCents + amount,
        card: { brand: 'visa', last4: '4242' },
      },
    });
    const file = await customer.get(`/api/appointments/${id}/receipt.pdf`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends a payment link when the bank wants authentication, and its payment settles the bill once', async () => {
    const { id, after, charged, customer } = await payWithTip('4000 0027 6000 3184');
    expect(after.status).toBe('payment_due');
    expect(after.charge?.status).toBe('requires_action');
    expect(charged.map((c) => c.status)).toEqual(['requires_action']);
    const link = after.charge?.linkUrl ?? '';
    expect(link).toMatch(/\/api\/payments\/sandbox\/cs_sandbox_/);
    // The customer by email and text, the business by email.
    const told = await outbox(id, 'bill_payment_due');
    expect(told.map((m) => `${m.audience}/${m.channel}`).sort()).toEqual([
      'customer/email',
      'customer/sms',
      'owner/email',
    ]);
    const mail = await composed(id, 'bill_payment_due');
    if (!('mail' in mail)) throw new Error('the link was not composed');
    expect(mail.mail.text).toContain(link);

    const paid = await paySandboxCheckout(app, new URL(link).pathname);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toContain(`/my-appointments/${id}/bill?paid=1`);
    const settled = BillViewSchema.parse(
      (await customer.get(`/api/appointments/${id}/bill`)).json(),
    );
    expect(settled.status).toBe('paid');
    expect(settled.charge?.status).toBe('paid_by_link');
    // The provider telling of it again (a webhook delivered twice) changes nothing.
    const [charge] = await db.select().from(billCharges).where(eq(billCharges.appointmentId, id));
    await settleBalanceLink(
      db,
      messageRecorder({ ownerEmail: 'owner@example.com' }),
      {
        id: charge?.linkSessionId ?? '',
        status: 'complete',
        paymentStatus: 'paid',
        appointmentId: id,
        paymentIntentId: charge?.paymentIntentId ?? null,
        amountTotal: charge?.amountCents ?? 0,
        purpose: 'balance',
      },
      clock.now(),
    );
    expect(await outbox(id, 'bill_paid')).toHaveLength(1);
  });

  it('sends a payment link when the bank declines, and nothing is charged', async () => {
    const { after, charged } = await payWithTip('4000 0000 0000 0341');
    expect(after.status).toBe('payment_due');
    expect(after.charge?.status).toBe('declined');
    expect(charged.map((c) => [c.status, c.declineCode])).toEqual([['declined', 'card_declined']]);
  });

  it('answers a charge first heard of a day late by what it made, with a link open from then', async () => {
    const { id, after } = await payWithTip('4000 0000 0000 0341');
    expect(after.status).toBe('payment_due');
    const [first] = await db.select().from(billCharges).where(eq(billCharges.appointmentId, id));
    if (!first) throw new Error('no charge recorded');
    // As if the first attempt's answer was lost, and the next came a day later (the server
    // down): Stripe has forgotten the key by then, and the record's own link would be over.
    const now = clock.now();
    await db
      .update(billCharges)
      .set({
        status: 'pending',
        paymentIntentId: null,
        declineCode: null,
        linkSessionId: null,
        linkUrl: null,
        attempts: 1,
        createdAt: new Date(now.getTime() - 25 * HOUR),
        nextAttemptAt: now,
      })
      .where(eq(billCharges.id, first.id));
    await db.update(bills).set({ status: 'charging' }).where(eq(bills.appointmentId, id));
    // This charge alone: the other tests leave charges of their own.
    const charged = await chargeBill(
      {
        db,
        payments: createSandboxProvider({
          db,
          publicBaseUrl: testConfig().publicBaseUrl,
          now: clock.now,
        }),
        recordMessages: messageRecorder({ ownerEmail: 'owner@example.com' }),
        publicBaseUrl: testConfig().publicBaseUrl,
        log: { warn: () => undefined },
      },
      first.id,
      now,
    );
    // The declined payment the first attempt made, found, not a second one asked for.
    expect(charged).toMatchObject({
      status: 'declined',
      paymentIntentId: first.paymentIntentId,
    });
    const made = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, first.idempotencyKey));
    expect(made).toHaveLength(1);
    // A new link, open 23 hours from this minute.
    const linkId = charged?.linkSessionId ?? '';
    expect(linkId).not.toBe(first.linkSessionId);
    const [link] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, linkId));
    const minute = Math.floor(now.getTime() / MINUTE) * MINUTE;
    expect(link?.expiresAt.getTime()).toBe(minute + 23 * HOUR);
    expect(await outbox(id, 'bill_payment_due')).toHaveLength(6);
  });

  it('settles a bill the deposit covered without charging, with a receipt', async () => {
    const { id, owner, customer } = await doneRide({});
    const draft = await ownerBill(owner, id);
    const lines: BillLine[] = [
      ...draft.lines,
      {
        kind: 'adjustment',
        label: 'Covered by the deposit',
        amountCents: draft.depositCents - draft.totalCents,
      },
    ];
    expect((await adjust(owner, id, { version: draft.version, lines })).statusCode).toBe(200);
    await owner.post(`/api/admin/rides/${id}/bill/send`, {});
    const paid = BillViewSchema.parse(
      (await customer.post(`/api/appointments/${id}/bill/pay`, { choice: 'none' })).json(),
    );
    expect(paid).toMatchObject({ status: 'settled', balanceCents: 0, charge: null });
    const receipt = await customer.get(`/api/appointments/${id}/receipt`);
    expect(receipt.json()).toMatchObject({
      receipt: { balanceCents: 0, tipCents: 0, card: null, paidCents: draft.depositCents },
    });
  });
});
