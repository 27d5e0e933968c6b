import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, auditEvents, outboxMessages, type Database } from '@app/db';
import {
  DEFAULT_BUSINESS,
  MESSAGES,
  CHANGE_REASON_MESSAGE,
  MOVE_TIME_MESSAGE,
  RideResponseSchema,
  SLOT_TAKEN_MESSAGE,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock, MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import {
  MOVE_PAST_MESSAGE,
  MOVE_SAME_PLACE_MESSAGE,
  MOVE_TYPE_MESSAGE,
  RIDE_MOVED_MEANWHILE_MESSAGE,
} from '../appointments/move-ride.ts';
import { NO_RETURN_RIDE_MESSAGE, NOTHING_TO_CORRECT_MESSAGE } from '../appointments/edit-ride.ts';
import { TOO_LATE_TO_UNDO_MESSAGE } from '../appointments/reopen-ride.ts';
import { rideChangedMessage } from '../appointments/ride-state.ts';
import { deliverDueMessages, type MessageChannels } from '../notifications/deliver-messages.ts';
import { createSandboxSmsSender } from '../notifications/sms/sms-sender.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const REASON = 'Your driver is ill; this is the nearest time we can do.';

/**
 * The owner's changes of a ride (docs/product.md, The console): moving it to another time or
 * car. Through the HTTP API, on both databases.
 */
describe.each(await databaseKinds())('the owner changes a ride on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;
  let otherOwner: Browser;
  let teslaS: string;
  let suburban: string;
  let accord: string;
  const clock = createClock(NOW);
  let nextDay = 0;
  /** A day of its own in December 2026 for each test's rides, so no two tests meet. */
  const freshDay = () => `${1 + nextDay++}_12_2026`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: clock.now,
      serviceListMaxAgeMs: 3_600_000,
    });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    suburban = await serviceIdByName(db, 'Chevrolet Suburban');
    accord = await serviceIdByName(db, 'Honda Accord');
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    ({ browser: otherOwner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A customer's ride on `day` at `time`, paid through the sandbox checkout unless `held`. */
  const ride = async (day: string, time: string, options: { held?: boolean } = {}) => {
    const { browser } = await signedInBrowser(app, db, NOW);
    const id = await bookOk(browser, bookingRequest(teslaS, { slotDate: day, slotTime: time }));
    if (!options.held) await payThroughSandbox(app, browser, id);
    return { id, browser };
  };
  /** Moves the ride from where it is now (as the console shows it) unless told `from`. */
  const move = async (as: Browser, id: string, body: Record<string, unknown>) => {
    const row = await appointmentRow(db, id);
    const from = { serviceId: row.serviceId, slotDate: row.slotDate, slotTime: row.slotTime };
    return as.post(`/api/admin/rides/${id}/move`, { reason: REASON, from, ...body });
  };
  const messagesOf = (id: string) =>
    db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, id))
      .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.audience));
  const movesOf = async (id: string) =>
    (
      await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.appointmentId, id))
        .orderBy(asc(auditEvents.at))
    ).filter((event) => event.action === 'appointment.rescheduled');

  it('answers only owners: a visitor 401, a customer 403, nothing moved', async () => {
    const day = freshDay();
    const { id, browser: customer } = await ride(day, '9:00 AM');
    const body = { slotDate: day, slotTime: '1:00 PM' };
    expectFailure(await move(new Browser(app), id, body), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await move(customer, id, body), 403, OWNER_ONLY_MESSAGE);
    expect((await appointmentRow(db, id)).slotTime).toBe('9:00 AM');
  });

  it('moves a paid ride to another time of its car: the old time free, told, audited', async () => {
    const day = freshDay();
    const { id } = await ride(day, '9:00 AM');
    const response = await move(owner, id, { slotDate: day, slotTime: '2:30 PM' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = RideResponseSchema.parse(response.json());
    expect(answer.message).toBe('Ride moved. The customer is told.');
    expect(answer.ride).toMatchObject({ slotDate: day, slotTime: '2:30 PM', status: 'paid' });

    const row = await appointmentRow(db, id);
    expect(row).toMatchObject({ serviceId: teslaS, slotTime: '2:30 PM', calendarSequence: 1 });
    expect(row.occupiedUntil.getTime() - row.slotStart.getTime()).toBe(
      (row.lengthMinutes + row.turnaroundMinutes) * 60_000,
    );
    const booked = await slotsBookedOf(app, teslaS, day);
    expect(booked).toContain('2:30 PM');
    expect(booked).not.toContain('9:00 AM');

    const told = (await messagesOf(id)).filter((m) => m.template === 'rescheduled');
    expect(told.map((m) => `${m.audience}/${m.channel}`).sort()).toEqual([
      'customer/email',
      'customer/sms',
      'owner/email',
    ]);
    expect(told[0]?.payload).toMatchObject({ reason: REASON });
    expect(await movesOf(id)).toMatchObject([
      {
        before: { slotDate: day, slotTime: '9:00 AM' },
        after: { slotDate: day, slotTime: '2:30 PM', reason: REASON },
      },
    ]);
  });

  it('moves a ride to another car that offers its type, with that car’s turnaround', async () => {
    const day = freshDay();
    const { id } = await ride(day, '9:00 AM');
    const response = await move(owner, id, {
      slotDate: day,
      slotTime: '9:00 AM',
      serviceId: suburban,
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await appointmentRow(db, id);
    expect(row.serviceId).toBe(suburban);
    expect(await slotsBookedOf(app, teslaS, day)).not.toContain('9:00 AM');
    expect(await slotsBookedOf(app, suburban, day)).toContain('9:00 AM');
    const [told] = (await messagesOf(id)).filter((m) => m.template === 'rescheduled');
    expect(told?.payload).toMatchObject({ reason: REASON, previousCarName: 'Tesla Model S' });
    expect(await movesOf(id)).toMatchObject([
      {
        serviceId: suburban,
        before: { car: 'Tesla Model S' },
        after: { car: 'Chevrolet Suburban' },
      },
    ]);
  });

  it('refuses bad moves with 4xx and a message, changing nothing', async () => {
    const day = freshDay();
    const { id } = await ride(day, '9:00 AM');
    const { id: held } = await ride(day, '6:00 PM', { held: true });
    const to = { slotDate: day, slotTime: '1:00 PM' };
    expectFailure(await move(owner, id, { ...to, reason: '  ' }), 400, CHANGE_REASON_MESSAGE);
    expectFailure(await move(owner, id, { ...to, slotTime: '1:10 PM' }), 400, MOVE_TIME_MESSAGE);
    expectFailure(await move(owner, id, { ...to, slotDate: '31_2_2026' }), 400, MOVE_TIME_MESSAGE);
    expectFailure(
      await move(owner, id, { slotDate: '22_11_2026', slotTime: '9:00 AM' }),
      400,
      MOVE_PAST_MESSAGE,
    );
    expectFailure(
      await move(owner, id, { slotDate: day, slotTime: '9:00 AM' }),
      400,
      MOVE_SAME_PLACE_MESSAGE,
    );
    expectFailure(await move(owner, id, { ...to, serviceId: accord }), 400, MOVE_TYPE_MESSAGE);
    expectFailure(
      await move(owner, id, { ...to, serviceId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'This car is not available for booking right now.',
    );
    expectFailure(await move(owner, held, to), 409, rideChangedMessage('pending_payment'));
    // Onto another booking's time: the database refuses it.
    expectFailure(
      await move(owner, id, { slotDate: day, slotTime: '6:00 PM' }),
      409,
      SLOT_TAKEN_MESSAGE,
    );
    const forged = await owner.post(
      `/api/admin/rides/${id}/move`,
      { ...to, reason: REASON },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
    expect(await appointmentRow(db, id)).toMatchObject({ slotTime: '9:00 AM', serviceId: teslaS });
    expect(await movesOf(id)).toEqual([]);
  });

  it('a move racing a customer’s booking of the same time: one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const day = freshDay();
      const { id } = await ride(day, '9:00 AM');
      const { browser: rival } = await signedInBrowser(app, db, NOW);
      const [moved, booked] = await Promise.all([
        move(owner, id, { slotDate: day, slotTime: '3:00 PM' }),
        rival.post(
          '/api/user/book-appointment',
          bookingRequest(teslaS, { slotDate: day, slotTime: '3:00 PM' }),
        ),
      ]);
      expect([moved.statusCode, booked.statusCode].sort()).toEqual([200, 409]);
      // Whoever won, the car is the winner's alone at 3:00 PM.
      const atThree = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.slotDate, day),
            eq(appointments.slotTime, '3:00 PM'),
            inArray(appointments.status, ['paid', 'pending_payment']),
          ),
        );
      expect(atThree).toHaveLength(1);
      expect(atThree[0]?.id === id).toBe(moved.statusCode === 200);
      expect((await appointmentRow(db, id)).slotTime).toBe(
        moved.statusCode === 200 ? '3:00 PM' : '9:00 AM',
      );
    }
  });

  it('two owners moving one ride at once: one move stands, audited once', async () => {
    for (let round = 0; round < 3; round++) {
      const day = freshDay();
      const { id } = await ride(day, '9:00 AM');
      const seen = { serviceId: teslaS, slotDate: day, slotTime: '9:00 AM' };
      const [first, second] = await Promise.all([
        move(owner, id, { slotDate: day, slotTime: '11:00 AM', from: seen }),
        move(otherOwner, id, { slotDate: day, slotTime: '4:00 PM', from: seen }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const won = first.statusCode === 200 ? '11:00 AM' : '4:00 PM';
      expect((await appointmentRow(db, id)).slotTime).toBe(won);
      expect(await movesOf(id)).toHaveLength(1);
    }
  });

  it('refuses a move of a ride that has moved since the owner saw it', async () => {
    const day = freshDay();
    const { id } = await ride(day, '9:00 AM');
    const seen = { serviceId: teslaS, slotDate: day, slotTime: '9:00 AM' };
    expect((await move(otherOwner, id, { slotDate: day, slotTime: '1:00 PM' })).statusCode).toBe(
      200,
    );
    expectFailure(
      await move(owner, id, { slotDate: day, slotTime: '5:00 PM', from: seen }),
      409,
      RIDE_MOVED_MEANWHILE_MESSAGE,
    );
    expect((await appointmentRow(db, id)).slotTime).toBe('1:00 PM');
  });

  describe('correcting the details', () => {
    const details = {
      phone: '617-555-0199',
      pickupAddress: '20 Park Street, Norfolk, MA',
      dropoffAddress: 'Logan Airport, Boston, MA',
      pickupNotes: 'Two suitcases.',
      returnPickupAddress: '',
      returnDropoffAddress: '',
      reason: 'The customer called from a new number.',
    };
    const correct = (as: Browser, id: string, body: Record<string, unknown>) =>
      as.post(`/api/admin/rides/${id}/details`, { ...details, ...body });

    it('answers only owners: a visitor 401, a customer 403', async () => {
      const { id, browser: customer } = await ride(freshDay(), '9:00 AM');
      expectFailure(await correct(new Browser(app), id, {}), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await correct(customer, id, {}), 403, OWNER_ONLY_MESSAGE);
      expect((await appointmentRow(db, id)).phone).toBe('781-555-0100');
    });

    it('corrects the phone and pickup: told to the customer, audited with before and after', async () => {
      const { id } = await ride(freshDay(), '9:00 AM');
      const response = await correct(owner, id, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(RideResponseSchema.parse(response.json()).message).toBe(
        'Ride details corrected. The customer is told.',
      );
      expect(await appointmentRow(db, id)).toMatchObject({
        phone: '617-555-0199',
        pickupAddress: '20 Park Street, Norfolk, MA',
        calendarSequence: 1,
      });
      const told = (await messagesOf(id)).filter((m) => m.template === 'details_changed');
      expect(told.map((m) => `${m.audience}/${m.channel}`)).toEqual(['customer/email']);
      expect(told[0]?.payload).toEqual({
        fields: ['phone number', 'pickup address'],
        reason: details.reason,
      });
      const [event] = (
        await db.select().from(auditEvents).where(eq(auditEvents.appointmentId, id))
      ).filter((e) => e.action === 'appointment.details_changed');
      expect(event).toMatchObject({
        before: { phone: '781-555-0100', pickupAddress: '1 Main Street, Norfolk, MA' },
        after: {
          phone: '617-555-0199',
          pickupAddress: '20 Park Street, Norfolk, MA',
          reason: details.reason,
        },
      });
    });

    it('refuses bad corrections with 4xx and a message, changing nothing', async () => {
      const { id } = await ride(freshDay(), '9:00 AM');
      const { id: held } = await ride(freshDay(), '9:00 AM', { held: true });
      const cases: [Record<string, unknown>, number, string][] = [
        [{ reason: '' }, 400, CHANGE_REASON_MESSAGE],
        [{ phone: '12' }, 400, MESSAGES.invalidPhone],
        [{ pickupAddress: ' ' }, 400, 'Please enter the pickup address.'],
        [{ pickupNotes: 'word '.repeat(51) }, 400, 'Notes must be at most 50 words.'],
        [{ returnPickupAddress: 'Logan' }, 400, NO_RETURN_RIDE_MESSAGE],
        [
          {
            phone: '781-555-0100',
            pickupAddress: '1 Main Street, Norfolk, MA',
          },
          400,
          NOTHING_TO_CORRECT_MESSAGE,
        ],
      ];
      for (const [body, status, message] of cases) {
        expectFailure(await correct(owner, id, body), status, message);
      }
      expectFailure(await correct(owner, held, {}), 409, rideChangedMessage('pending_payment'));
      expect((await correct(owner, id, {})).statusCode).toBe(200);
      const forged = await owner.post(`/api/admin/rides/${id}/details`, details, { csrf: false });
      expect(forged.statusCode).toBe(403);
    });
  });

  describe('undoing a completion or a no-show', () => {
    /** Runs `step` with the clock at `at` and an owner signed in then; puts the clock back. */
    const at = async <T>(when: Date, step: (as: Browser) => Promise<T>): Promise<T> => {
      const ms = when.getTime() - clock.millis();
      clock.advance(ms);
      try {
        const { browser } = await signedInOwner(app, db, when);
        return await step(browser);
      } finally {
        clock.advance(-ms);
      }
    };
    /** Runs the delivery job at `when` until nothing due is left (other tests' rows included). */
    const deliver = async (when: Date) => {
      for (;;) {
        const run = await deliverDueMessages(db, channels, {
          email: { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' },
          now: when,
          log: { warn: () => {} },
        });
        if (run.sent + run.retrying + run.failed === 0) return;
      }
    };
    const sent: string[] = [];
    const channels: MessageChannels = {
      mailer: { send: async (mail) => void sent.push(mail.subject), close: () => {} },
      sms: createSandboxSmsSender('/nonexistent'),
    };

    it('answers only owners: a visitor 401, a customer 403', async () => {
      const { id, browser: customer } = await ride(freshDay(), '9:00 AM');
      expectFailure(
        await new Browser(app).post(`/api/admin/rides/${id}/reopen`, {}),
        401,
        NOT_SIGNED_IN_MESSAGE,
      );
      expectFailure(
        await customer.post(`/api/admin/rides/${id}/reopen`, {}),
        403,
        OWNER_ONLY_MESSAGE,
      );
    });

    it('undoes a completion within the window: paid again, audited, no thank-you sent', async () => {
      const day = freshDay();
      const { id } = await ride(day, '9:00 AM');
      const pickup = (await appointmentRow(db, id)).slotStart;
      const marked = new Date(pickup.getTime() + 60 * MINUTE);
      await at(marked, async (as) => {
        expect((await as.post(`/api/admin/rides/${id}/complete`, {})).statusCode).toBe(200);
      });
      // The thank-you waits out the window.
      await deliver(marked);
      expect(sent.filter((s) => s.includes('Thank you'))).toEqual([]);
      const undone = await at(new Date(marked.getTime() + 29 * MINUTE), (as) =>
        as.post(`/api/admin/rides/${id}/reopen`, {}),
      );
      expect(undone.statusCode, undone.body).toBe(200);
      expect(RideResponseSchema.parse(undone.json())).toMatchObject({
        message: 'Undone: the ride is booked and paid again.',
        ride: { status: 'paid' },
      });
      expect(await appointmentRow(db, id)).toMatchObject({ status: 'paid', finishedAt: null });
      const events = await db.select().from(auditEvents).where(eq(auditEvents.appointmentId, id));
      expect(events.find((e) => e.action === 'appointment.reopened')).toMatchObject({
        before: { status: 'completed' },
        after: { status: 'paid' },
      });
      // Past the window, the waiting thank-you finds the ride no longer completed.
      await deliver(new Date(marked.getTime() + 31 * MINUTE));
      const [thanks] = (await messagesOf(id)).filter((m) => m.template === 'completed');
      expect(thanks).toMatchObject({
        status: 'sent',
        lastError: 'not sent: ride no longer completed',
      });
    });

    it('refuses an undo after the window, and of a ride not marked', async () => {
      const day = freshDay();
      const { id } = await ride(day, '9:00 AM');
      const pickup = (await appointmentRow(db, id)).slotStart;
      const marked = new Date(pickup.getTime() + 10 * MINUTE);
      await at(marked, async (as) => {
        expectFailure(
          await as.post(`/api/admin/rides/${id}/reopen`, {}),
          409,
          rideChangedMessage('paid'),
        );
        expect((await as.post(`/api/admin/rides/${id}/no-show`, {})).statusCode).toBe(200);
      });
      await at(new Date(marked.getTime() + 31 * MINUTE), async (as) => {
        expectFailure(
          await as.post(`/api/admin/rides/${id}/reopen`, {}),
          409,
          TOO_LATE_TO_UNDO_MESSAGE,
        );
      });
      expect((await appointmentRow(db, id)).status).toBe('no_show');
    });
  });

  it('shows a ride’s failed text on the ride; corrected, it is sent again', async () => {
    const day = freshDay();
    const { id } = await ride(day, '9:00 AM');
    // Moved: the customer is texted, and the provider refuses the number for good.
    expect((await move(owner, id, { slotDate: day, slotTime: '1:00 PM' })).statusCode).toBe(200);
    const [text] = (await messagesOf(id)).filter((m) => m.channel === 'sms');
    expect(text?.template).toBe('rescheduled');
    await db
      .update(outboxMessages)
      .set({ status: 'failed', lastError: 'RestException, code 21211, HTTP 400' })
      .where(eq(outboxMessages.id, text?.id as string));
    const shown = async () => {
      const response = await owner.get(`/api/admin/rides/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return RideResponseSchema.parse(response.json()).ride.failedMessages;
    };
    expect(await shown()).toEqual([
      {
        id: text?.id,
        template: text?.template,
        channel: 'sms',
        lastError: 'RestException, code 21211, HTTP 400',
      },
    ]);
    const corrected = await owner.post(`/api/admin/rides/${id}/details`, {
      phone: '617-555-0188',
      pickupAddress: '1 Main Street, Norfolk, MA',
      dropoffAddress: 'Logan Airport, Boston, MA',
      pickupNotes: 'Two suitcases.',
      returnPickupAddress: '',
      returnDropoffAddress: '',
      reason: 'The number we had is a landline.',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const retried = await owner.post(`/api/admin/messages/${text?.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await shown()).toEqual([]);
    // Sent again to the number the ride has now.
    const [again] = (await messagesOf(id)).filter((m) => m.id === text?.id);
    expect(again).toMatchObject({ status: 'pending', recipient: '+16175550188' });
  });
});
