import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  appointments,
  auditEvents,
  outboxMessages,
  refunds,
  sandboxCheckouts,
  sandboxRefunds,
  type Database,
} from '@app/db';
import {
  bookingReference,
  CANCEL_REASON_MESSAGE,
  RIDE_DATE_MESSAGE,
  RIDE_DATE_ORDER_MESSAGE,
  RIDE_STATUS_MESSAGE,
  REFUND_CHOICE_MESSAGE,
  RideListResponseSchema,
  RideResponseSchema,
  type Ride,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  openSandboxCheckout,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock, DAY } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { issuePendingRefunds } from '../payments/refunds.ts';
import { NOTHING_PAID_MESSAGE } from '../appointments/cancel-ride.ts';
import { NOT_YET_PICKED_UP_MESSAGE } from '../appointments/finish-ride.ts';
import { rideChangedMessage } from '../appointments/ride-state.ts';

const BASE = 'http://localhost:3000';
const NOW = new Date('2026-11-22T15:07:00Z');
const quietLog = { warn: () => {}, error: () => {} };

describe.each(await databaseKinds())('the owner’s rides on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;
  let otherOwner: Browser;
  let teslaS: string;
  let civic: string;
  /** Owners signed in ten days on (an owner's session lasts 12 hours at most). */
  let lateOwner: Browser;
  let lateOther: Browser;
  const clock = createClock(NOW);
  let nextSlot = 0;
  /**
   * A distinct start, two hours from any other (a ride and the car's turnaround take an hour and
   * a half): twelve a day on 1 December 2026 (after the clock's day, within the window), then on
   * 3 and 5 December.
   */
  const freshSlot = () => {
    const n = nextSlot++;
    const hour = 2 * (n % 12);
    const twelve = hour % 12 === 0 ? 12 : hour % 12;
    return {
      slotDate: `${1 + 2 * Math.floor(n / 12)}_12_2026`,
      slotTime: `${twelve}:00 ${hour >= 12 ? 'PM' : 'AM'}`,
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 3_600_000,
    });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    civic = await serviceIdByName(db, 'Chevrolet Suburban');
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    ({ browser: otherOwner } = await signedInOwner(app, db, NOW));
    const tenDaysOn = new Date(NOW.getTime() + 10 * DAY);
    ({ browser: lateOwner } = await signedInOwner(app, db, tenDaysOn));
    ({ browser: lateOther } = await signedInOwner(app, db, tenDaysOn));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Runs a step with the clock moved forward (after pickup), then puts it back. */
  const later = async <T>(ms: number, step: () => Promise<T>): Promise<T> => {
    clock.advance(ms);
    try {
      return await step();
    } finally {
      clock.advance(-ms);
    }
  };

  /** A customer's hold made through the booking API, and its sandbox checkout's page. */
  const hold = async (
    options: {
      name?: string;
      serviceId?: string;
      phone?: string;
      notes?: string;
      request?: Record<string, unknown>;
    } = {},
  ) => {
    const { browser, email } = await signedInBrowser(app, db, NOW, options.name ?? 'Ann Rider');
    const slot = freshSlot();
    const id = await bookOk(
      browser,
      bookingRequest(options.serviceId ?? teslaS, {
        ...slot,
        ...(options.phone ? { phone: options.phone } : {}),
        ...(options.notes ? { pickupNotes: options.notes } : {}),
        ...options.request,
      }),
    );
    const path = await openSandboxCheckout(browser, id);
    return { id, email, slot, path };
  };
  /** A paid ride, paid through the sandbox checkout. */
  const paidRide = async (options: Parameters<typeof hold>[0] = {}) => {
    const made = await hold(options);
    expect((await paySandboxCheckout(app, made.path)).statusCode).toBe(303);
    expect((await appointmentRow(db, made.id)).status).toBe('paid');
    return made;
  };

  const list = async (query: string, as: Browser = owner) => {
    const response = await as.get(`/api/admin/rides${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return RideListResponseSchema.parse(response.json());
  };
  const ids = (rides: Ride[]) => rides.map((ride) => ride.id);
  const cancel = (browser: Browser, id: string, body: Record<string, unknown>) =>
    browser.post(`/api/admin/rides/${id}/cancel`, { reason: 'The car broke down.', ...body });
  const messagesOf = (id: string) =>
    db
      .select({
        template: outboxMessages.template,
        audience: outboxMessages.audience,
        channel: outboxMessages.channel,
        payload: outboxMessages.payload,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, id))
      .orderBy(
        asc(outboxMessages.createdAt),
        asc(outboxMessages.audience),
        asc(outboxMessages.channel),
      );
  const auditOf = (id: string) =>
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.appointmentId, id))
      .orderBy(asc(auditEvents.at), asc(auditEvents.action));
  const refundsOf = (id: string) => db.select().from(refunds).where(eq(refunds.appointmentId, id));
  const sandboxRefundsOf = async (id: string) => {
    const paidThere = await db
      .select({ pi: sandboxCheckouts.paymentIntentId })
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.appointmentId, id));
    const given = [];
    for (const { pi } of paidThere) {
      if (pi)
        given.push(
          ...(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, pi))),
        );
    }
    return given;
  };

  it('answers only owners: a visitor 401, a customer 403', async () => {
    const ride = await hold();
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    const visitor = new Browser(app);
    const routes: [string, string][] = [
      ['GET', '/api/admin/rides'],
      ['GET', '/api/admin/rides/export.csv'],
      ['GET', `/api/admin/rides/${ride.id}`],
      ['POST', `/api/admin/rides/${ride.id}/complete`],
      ['POST', `/api/admin/rides/${ride.id}/no-show`],
      ['POST', `/api/admin/rides/${ride.id}/cancel`],
    ];
    for (const [method, url] of routes) {
      const send = (browser: Browser) =>
        method === 'GET'
          ? browser.get(url)
          : browser.post(url, { reason: 'x', refund: 'none', from: 'pending_payment' });
      expectFailure(await send(visitor), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await send(customer), 403, OWNER_ONLY_MESSAGE);
    }
    expect((await appointmentRow(db, ride.id)).status).toBe('pending_payment');
  });

  it('lists rides by pickup time with every detail, filters, searches and pages', async () => {
    const a = await paidRide({ name: 'Zelda Quist', phone: '(617) 555-0199' });
    const b = await hold({ name: 'Yusuf Quist', serviceId: civic });
    const c = await paidRide({ name: 'Xena Other', serviceId: civic });

    const all = await list('');
    expect(ids(all.rides)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    const starts = all.rides.map((ride) => ride.slotStart);
    expect(starts).toEqual([...starts].sort());
    const first = all.rides.find((ride) => ride.id === a.id) as Ride;
    expect(first).toMatchObject({
      serviceId: teslaS,
      carName: 'Tesla Model S',
      slotDate: a.slot.slotDate,
      slotTime: a.slot.slotTime,
      status: 'paid',
      customerName: 'Zelda Quist',
      customerEmail: a.email,
      phone: '(617) 555-0199',
      serviceType: 'Airport Transfer',
      pickupAddress: '1 Main Street, Norfolk, MA',
      dropoffAddress: 'Logan Airport, Boston, MA',
      pickupNotes: 'Two suitcases.',
      needsReturnRide: false,
      depositCents: 6600,
      refund: null,
    });

    expect(ids((await list(`?serviceId=${civic}`)).rides).sort()).toEqual([b.id, c.id].sort());
    expect(ids((await list('?status=pending_payment')).rides)).toContain(b.id);
    expect(ids((await list('?status=pending_payment')).rides)).not.toContain(a.id);
    expect(ids((await list('?q=quist')).rides).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await list(`?q=${encodeURIComponent(c.email.slice(0, 12))}`)).rides)).toEqual([
      c.id,
    ]);
    expect(ids((await list('?q=617-555-01')).rides)).toEqual([a.id]);
    expect(ids((await list('?q=%25')).rides)).toEqual([]);
    // The booking reference the customer reads out, as shown or typed in lower case.
    expect(ids((await list(`?q=${bookingReference(c.id)}`)).rides)).toEqual([c.id]);
    expect(ids((await list(`?q=${bookingReference(b.id).toLowerCase()}`)).rides)).toEqual([b.id]);
    // Days are New York days: 1 December holds them all, 2 December none; the past is kept out.
    expect(ids((await list('?from=2026-12-01&to=2026-12-01')).rides)).toContain(a.id);
    expect((await list('?from=2026-12-02&to=2026-12-02')).rides).toEqual([]);
    expect(
      ids((await later(10 * DAY, () => list('', lateOwner))).rides).filter((id) => id === a.id),
    ).toEqual([]);

    const one = await list('?q=quist&pageSize=1');
    expect(one).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    const two = await list('?q=quist&pageSize=1&page=2');
    expect(two.hasMore).toBe(false);
    expect([...ids(one.rides), ...ids(two.rides)].sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses bad filters with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['?from=25-11-2026', RIDE_DATE_MESSAGE],
      ['?to=2026-02-30', RIDE_DATE_MESSAGE],
      ['?from=2026-12-02&to=2026-12-01', RIDE_DATE_ORDER_MESSAGE],
      ['?status=expired', RIDE_STATUS_MESSAGE],
      ['?serviceId=tesla', 'Invalid service id'],
      ['?pageSize=501', 'The page size must be a whole number from 1 to 500.'],
      ['?page=0', 'The page must be a whole number from 1 to 10000.'],
      [`?q=${'a'.repeat(101)}`, 'Search with at most 100 characters.'],
    ];
    for (const [query, message] of cases) {
      expectFailure(await owner.get(`/api/admin/rides${query}`), 400, message);
      if (!/page/i.test(query))
        expectFailure(await owner.get(`/api/admin/rides/export.csv${query}`), 400, message);
    }
    expectFailure(await owner.get('/api/admin/rides/not-a-ride'), 400, 'Invalid ride id');
    expectFailure(
      await owner.get('/api/admin/rides/00000000-0000-4000-8000-000000000000'),
      404,
      'There is no such ride.',
    );
  });

  it('exports the filtered rides as CSV that no spreadsheet runs as a formula', async () => {
    const ride = await paidRide({
      name: '=HYPERLINK("http://evil.example","x")',
      notes: '@SUM(1+1)',
    });
    const response = await owner.get(`/api/admin/rides/export.csv?q=hyperlink`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="rides-/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^"Booking reference","Car","Date \(New York\)","Time \(New York\)","Status"/,
    );
    expect(lines[1]).toContain(`"${bookingReference(ride.id)}","Tesla Model S","2026-12-01"`);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(lines[1]).toContain('"\'@SUM(1+1)"');
    expect(lines[1]).toContain('"66.00"');
  });

  it('marks a paid ride completed after pickup, with its audit event and the customer’s message', async () => {
    const ride = await paidRide();
    expectFailure(
      await owner.post(`/api/admin/rides/${ride.id}/complete`, {}),
      409,
      NOT_YET_PICKED_UP_MESSAGE,
    );
    const done = await later(10 * DAY, () =>
      lateOwner.post(`/api/admin/rides/${ride.id}/complete`, {}),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(RideResponseSchema.parse(done.json()).ride.status).toBe('completed');
    const again = await later(10 * DAY, () =>
      lateOther.post(`/api/admin/rides/${ride.id}/no-show`, {}),
    );
    expectFailure(again, 409, rideChangedMessage('completed'));
    const audit = await auditOf(ride.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'appointment.completed',
      serviceId: teslaS,
      before: { status: 'paid' },
      after: { status: 'completed' },
    });
    expect(audit[0]?.actorUserId).not.toBeNull();
    const messages = await messagesOf(ride.id);
    expect(messages.filter((m) => m.template === 'completed')).toEqual([
      {
        template: 'completed',
        audience: 'customer',
        channel: 'email',
        payload: { finishedAt: expect.any(String) as string },
      },
    ]);
  });

  it('marks a no-show without telling anyone', async () => {
    const ride = await paidRide();
    const before = (await messagesOf(ride.id)).length;
    const marked = await later(10 * DAY, () =>
      lateOwner.post(`/api/admin/rides/${ride.id}/no-show`, {}),
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await appointmentRow(db, ride.id)).status).toBe('no_show');
    expect(await messagesOf(ride.id)).toHaveLength(before);
    expect((await auditOf(ride.id)).map((e) => e.action)).toEqual(['appointment.no_show']);
  });

  it('cancels a paid ride with the deposit back: refunded through the provider, slot freed, told', async () => {
    const ride = await paidRide();
    expect(await slotsBookedOf(app, teslaS, ride.slot.slotDate)).toContain(ride.slot.slotTime);
    const response = await cancel(owner, ride.id, { refund: 'full', from: 'paid' });
    expect(response.statusCode, response.body).toBe(200);
    const { ride: view, message } = RideResponseSchema.parse(response.json());
    expect(message).toBe('Ride cancelled. The deposit is being refunded.');
    expect(view).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'owner',
      cancelReason: 'The car broke down.',
      refund: {
        amountCents: 6600,
        status: 'succeeded',
        providerRefundId: expect.stringMatching(/^re_sandbox_/),
      },
    });
    // The slot shows free at once.
    expect(await slotsBookedOf(app, teslaS, ride.slot.slotDate)).not.toContain(ride.slot.slotTime);

    const [refund] = await refundsOf(ride.id);
    expect(refund).toMatchObject({
      reason: 'cancelled_by_owner',
      amountCents: 6600,
      status: 'succeeded',
    });
    expect(await sandboxRefundsOf(ride.id)).toEqual([
      expect.objectContaining({ id: refund?.providerRefundId, amountCents: 6600 }),
    ]);
    // The job finds nothing left to issue: no second refund.
    await issuePendingRefunds(
      db,
      createSandboxProvider({ db, publicBaseUrl: BASE, now: clock.now }),
      new Date(NOW.getTime() + DAY),
      quietLog,
    );
    expect(await sandboxRefundsOf(ride.id)).toHaveLength(1);

    expect((await auditOf(ride.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      [
        'appointment.cancelled',
        { status: 'paid' },
        {
          status: 'cancelled',
          cancelReason: 'The car broke down.',
          refund: 'full',
          refundCents: 6600,
        },
      ],
      [
        'refund.requested',
        null,
        { refundId: refund?.id, amountCents: 6600, reason: 'cancelled_by_owner' },
      ],
    ]);
    // An email to each, and a text to the customer, who agreed to texts when booking.
    const told = { template: 'cancelled', payload: { by: 'owner', refundCents: 6600 } };
    expect((await messagesOf(ride.id)).filter((m) => m.template === 'cancelled')).toEqual([
      { ...told, audience: 'customer', channel: 'email' },
      { ...told, audience: 'customer', channel: 'sms' },
      { ...told, audience: 'owner', channel: 'email' },
    ]);
  });

  it('texts only a customer whose booking carried the agreement to texts', async () => {
    // The spec's request, without smsConsent, still books; its messages go by email only.
    // (undefined is left out of the JSON sent.)
    const unasked = await paidRide({ request: { smsConsent: undefined } });
    const declined = await paidRide({ request: { smsConsent: false } });
    for (const ride of [unasked, declined]) {
      expect((await appointmentRow(db, ride.id)).smsConsentAt).toBeNull();
      expect((await cancel(owner, ride.id, { refund: 'full', from: 'paid' })).statusCode).toBe(200);
      const messages = await messagesOf(ride.id);
      expect(messages.filter((m) => m.template === 'cancelled').map((m) => m.channel)).toEqual([
        'email',
        'email',
      ]);
      expect(messages.some((m) => m.channel === 'sms')).toBe(false);
    }
    const agreed = await paidRide({ request: { smsConsent: true } });
    expect((await appointmentRow(db, agreed.id)).smsConsentAt).toBeInstanceOf(Date);
  });

  it('cancels keeping the deposit, and a hold; refuses a refund of what was never paid', async () => {
    const ride = await paidRide();
    const kept = await cancel(owner, ride.id, { refund: 'none', from: 'paid', reason: '  Late  ' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(RideResponseSchema.parse(kept.json()).ride).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Late',
      refund: null,
    });
    expect(await refundsOf(ride.id)).toEqual([]);
    expect((await messagesOf(ride.id)).find((m) => m.template === 'cancelled')?.payload).toEqual({
      by: 'owner',
      refundCents: 0,
    });

    const held = await hold();
    expectFailure(
      await cancel(owner, held.id, { refund: 'full', from: 'pending_payment' }),
      400,
      NOTHING_PAID_MESSAGE,
    );
    expectFailure(
      await cancel(owner, held.id, { refund: 'none', from: 'paid' }),
      409,
      rideChangedMessage('pending_payment'),
    );
    const cancelled = await cancel(owner, held.id, { refund: 'none', from: 'pending_payment' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await appointmentRow(db, held.id)).status).toBe('cancelled');
  });

  it('refuses bad cancellations with 4xx and a message, and without CSRF', async () => {
    const ride = await paidRide();
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: '   ', refund: 'full', from: 'paid' }, CANCEL_REASON_MESSAGE],
      [
        { reason: 'x'.repeat(501), refund: 'full', from: 'paid' },
        'The reason must be at most 500 characters.',
      ],
      [{ reason: 'x', refund: 'half', from: 'paid' }, REFUND_CHOICE_MESSAGE],
    ];
    for (const [body, message] of cases) {
      expectFailure(await owner.post(`/api/admin/rides/${ride.id}/cancel`, body), 400, message);
    }
    const forged = await owner.post(
      `/api/admin/rides/${ride.id}/cancel`,
      { reason: 'x', refund: 'full', from: 'paid' },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
    expect((await appointmentRow(db, ride.id)).status).toBe('paid');
  });

  it('two owners acting at once: one change wins, one refund at most', async () => {
    for (let round = 0; round < 3; round++) {
      const ride = await paidRide();
      const [first, second] = await Promise.all([
        cancel(owner, ride.id, { refund: 'full', from: 'paid' }),
        cancel(otherOwner, ride.id, {
          refund: 'full',
          from: 'paid',
          reason: 'Double-booked driver.',
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      expect(await refundsOf(ride.id)).toHaveLength(1);
      expect(await sandboxRefundsOf(ride.id)).toHaveLength(1);
      expect(
        (await auditOf(ride.id)).filter((e) => e.action === 'appointment.cancelled'),
      ).toHaveLength(1);
      expect((await messagesOf(ride.id)).filter((m) => m.template === 'cancelled')).toHaveLength(3);

      const other = await paidRide();
      const [done, cancelled] = await later(10 * DAY, () =>
        Promise.all([
          lateOwner.post(`/api/admin/rides/${other.id}/complete`, {}),
          cancel(lateOther, other.id, { refund: 'full', from: 'paid' }),
        ]),
      );
      expect([done.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const row = await appointmentRow(db, other.id);
      expect(await refundsOf(other.id)).toHaveLength(row.status === 'cancelled' ? 1 : 0);
      expect(await auditOf(other.id)).toHaveLength(row.status === 'cancelled' ? 2 : 1);
    }
  });

  it('a cancel racing the customer’s payment leaves one outcome and one refund at most', async () => {
    // In order: the hold is cancelled, then the payment lands: it is refunded as late.
    const first = await hold();
    expect(
      (await cancel(owner, first.id, { refund: 'none', from: 'pending_payment' })).statusCode,
    ).toBe(200);
    expect((await paySandboxCheckout(app, first.path)).statusCode).toBe(303);
    expect((await appointmentRow(db, first.id)).status).toBe('cancelled');
    expect((await refundsOf(first.id)).map((r) => [r.reason, r.amountCents, r.status])).toEqual([
      ['late_payment', 6600, 'succeeded'],
    ]);
    expect(await sandboxRefundsOf(first.id)).toHaveLength(1);

    // At once, several times: whichever wins, the outcome is whole.
    for (let round = 0; round < 4; round++) {
      const ride = await hold();
      const [cancelled, paid] = await Promise.all([
        cancel(owner, ride.id, { refund: 'none', from: 'pending_payment' }),
        paySandboxCheckout(app, ride.path),
      ]);
      expect(paid.statusCode).toBe(303);
      const row = await appointmentRow(db, ride.id);
      const given = await sandboxRefundsOf(ride.id);
      if (cancelled.statusCode === 200) {
        expect(row.status).toBe('cancelled');
        expect((await refundsOf(ride.id)).map((r) => r.reason)).toEqual(['late_payment']);
        expect(given).toHaveLength(1);
      } else {
        expectFailure(cancelled, 409, rideChangedMessage('paid'));
        expect(row.status).toBe('paid');
        expect(await refundsOf(ride.id)).toEqual([]);
        expect(given).toEqual([]);
      }
    }
  });

  it('keeps a ride’s audit trail findable by ride and by car', async () => {
    const ride = await paidRide();
    await cancel(owner, ride.id, { refund: 'none', from: 'paid' });
    const response = await owner.get(`/api/admin/audit?appointmentId=${ride.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ events: { action: string; serviceId: string }[] }>().events).toEqual([
      expect.objectContaining({ action: 'appointment.cancelled', serviceId: teslaS }),
    ]);
    const stored = await db
      .select({ n: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.id, ride.id), eq(appointments.status, 'cancelled')));
    expect(stored).toHaveLength(1);
  });
});
