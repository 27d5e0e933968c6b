import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import {
  appointments,
  auditEvents,
  blocks,
  refunds,
  services,
  stretchIsBlocked,
  type Database,
} from '@app/db';
import {
  BLOCK_MESSAGES,
  BlockResponseSchema,
  BlocksResponseSchema,
  slotStartsAt,
  type BlockCreateRequest,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import {
  bookingRequest,
  UNPLACED_ADDRESS,
  bookOk,
  openSandboxCheckout,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
  slotsBookedOf,
} from '../../test/booking.ts';
import { Browser, expectFailure, expectSuccess } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { SLOT_BLOCKED_MESSAGE } from '../appointments/book-appointment.ts';
import { SERVICE_NOT_FOUND_MESSAGE } from './create-block.ts';

// Sunday 22 November 2026, 10:07 AM in New York.
const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('blocks on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let customer: Browser;
  let teslaS: string;
  let camry: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    ({ browser: customer } = await signedInBrowser(app, db, NOW));
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    camry = await serviceIdByName(db, 'Toyota Camry');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const block = (overrides: Partial<BlockCreateRequest> = {}): BlockCreateRequest => ({
    serviceId: teslaS,
    startDate: '2026-11-24',
    startTime: '10:00',
    endDate: '2026-11-24',
    endTime: '11:15',
    note: 'Tyres',
    ...overrides,
  });
  const createOk = async (body: BlockCreateRequest) => {
    const response = await owner.post('/api/admin/blocks', body);
    expectSuccess(response, BLOCK_MESSAGES.created);
    return BlockResponseSchema.parse(response.json()).block;
  };
  const deleteOk = async (id: string) =>
    expectSuccess(await owner.post(`/api/admin/blocks/${id}/delete`), BLOCK_MESSAGES.deleted);

  it('keeps its routes from visitors (401) and customers (403)', async () => {
    const visitor = new Browser(app);
    const id = randomUUID();
    expectFailure(await visitor.get('/api/admin/blocks'), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await visitor.post('/api/admin/blocks', block()), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await visitor.post(`/api/admin/blocks/${id}/delete`), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await customer.get('/api/admin/blocks'), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await customer.post('/api/admin/blocks', block()), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await customer.post(`/api/admin/blocks/${id}/delete`), 403, OWNER_ONLY_MESSAGE);
    expect(await db.select().from(blocks)).toEqual([]);
  });

  it('refuses bad input with a message naming what is wrong', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...block(), serviceId: 'tesla' }, 400, BLOCK_MESSAGES.car],
      [{ ...block(), startDate: '24/11/2026' }, 400, BLOCK_MESSAGES.startDate],
      [{ ...block(), startDate: '2026-02-30' }, 400, BLOCK_MESSAGES.startMissing],
      [{ ...block(), endTime: '25:00' }, 400, BLOCK_MESSAGES.endTime],
      [{ ...block(), endTime: undefined }, 400, BLOCK_MESSAGES.endTime],
      [{ ...block(), endTime: '10:00' }, 400, BLOCK_MESSAGES.endAfterStart],
      [{ ...block(), endTime: '09:00' }, 400, BLOCK_MESSAGES.endAfterStart],
      // 2:30 AM on 14 March 2027 does not happen in New York.
      [
        block({ startDate: '2027-03-14', startTime: '02:30', endDate: '2027-03-15' }),
        400,
        BLOCK_MESSAGES.startMissing,
      ],
      [block({ endDate: '2027-11-25' }), 400, BLOCK_MESSAGES.tooLong],
      [
        block({ startDate: '2026-11-20', endDate: '2026-11-22', endTime: '10:00' }),
        400,
        BLOCK_MESSAGES.endsInPast,
      ],
      [block({ note: 'x'.repeat(501) }), 400, BLOCK_MESSAGES.note],
      [block({ serviceId: randomUUID() }), 404, SERVICE_NOT_FOUND_MESSAGE],
    ];
    for (const [body, status, message] of cases) {
      expectFailure(await owner.post('/api/admin/blocks', body), status, message);
    }
    expectFailure(await owner.post('/api/admin/blocks/nope/delete'), 400, 'Invalid block id');
    expectFailure(
      await owner.post(`/api/admin/blocks/${randomUUID()}/delete`),
      404,
      BLOCK_MESSAGES.notFound,
    );
    expect(await db.select().from(blocks)).toEqual([]);
  });

  it('takes every half hour a block touches out of the list, and any stretch reaching it out of booking', async () => {
    // 10:15 to 11:00 touches the 10:00 and 10:30 AM half hours; 11:00 starts at its end.
    const made = await createOk(block({ startTime: '10:15', endTime: '11:00' }));
    expect(made).toMatchObject({
      serviceId: teslaS,
      serviceName: 'Tesla Model S',
      startsAt: '2026-11-24T15:15:00.000Z',
      endsAt: '2026-11-24T16:00:00.000Z',
      note: 'Tyres',
    });
    expect(made.createdBy).toMatch(/^owner-.*@example\.com$/);
    expect(await slotsBookedOf(app, teslaS, '24_11_2026')).toEqual(['10:00 AM', '10:30 AM']);
    expect(await slotsBookedOf(app, camry, '24_11_2026')).toEqual([]);

    // From a place the drive estimate cannot find, a ride keeps the hour it is sent with.
    const booking = (slotTime: string) =>
      bookingRequest(teslaS, { slotDate: '24_11_2026', slotTime, pickupAddress: UNPLACED_ADDRESS });
    // A ride of an hour and the car's turnaround half an hour: from 9:00 AM on, the stretch
    // reaches the block.
    for (const slotTime of ['10:30 AM', '10:00 AM', '9:00 AM']) {
      expectFailure(
        await customer.post('/api/user/book-appointment', booking(slotTime)),
        409,
        SLOT_BLOCKED_MESSAGE,
      );
    }
    await bookOk(customer, booking('8:30 AM'));
    await bookOk(customer, booking('11:00 AM'));
    expect([...(await slotsBookedOf(app, teslaS, '24_11_2026'))].sort()).toEqual(
      [
        '8:30 AM',
        '9:00 AM',
        '9:30 AM',
        '10:00 AM',
        '10:30 AM',
        '11:00 AM',
        '11:30 AM',
        '12:00 PM',
      ].sort(),
    );

    // The condition other modules reuse says the same of each half hour.
    const at = (time: string) => slotStartsAt('24_11_2026', time) as Date;
    const halfHourAt = (time: string) =>
      stretchIsBlocked(teslaS, at(time), new Date(at(time).getTime() + 30 * 60_000));
    const [row] = await db
      .select({
        at0930: halfHourAt('9:30 AM'),
        at1000: halfHourAt('10:00 AM'),
        at1030: halfHourAt('10:30 AM'),
        at1100: halfHourAt('11:00 AM'),
      })
      .from(blocks)
      .where(eq(blocks.id, made.id));
    expect(row).toEqual({ at0930: false, at1000: true, at1030: true, at1100: false });

    await db.delete(appointments).where(eq(appointments.serviceId, teslaS));
    await deleteOk(made.id);
    expect(await slotsBookedOf(app, teslaS, '24_11_2026')).toEqual([]);
    await bookOk(customer, booking('10:00 AM'));
    await db.delete(appointments).where(eq(appointments.serviceId, teslaS));
  });

  it('marks every half hour of a block over several days, from today on', async () => {
    const made = await createOk(
      block({
        startDate: '2026-11-21',
        startTime: '09:00',
        endDate: '2026-11-23',
        endTime: '01:00',
      }),
    );
    const today = await slotsBookedOf(app, teslaS, '22_11_2026');
    expect(today).toHaveLength(48);
    expect(await slotsBookedOf(app, teslaS, '23_11_2026')).toEqual(['12:00 AM', '12:30 AM']);
    await deleteOk(made.id);
  });

  it('refuses a block over a paid ride or a live hold, naming the ride, until it is cancelled', async () => {
    const rider = await insertUser(db, 'Rita Rider');
    const paid = await insertAppointment(db, {
      userId: rider,
      serviceId: teslaS,
      slotDate: '25_11_2026',
      slotTime: '2:00 PM',
      status: 'paid',
    });
    const overPaid = await owner.post(
      '/api/admin/blocks',
      block({
        startDate: '2026-11-25',
        startTime: '08:00',
        endDate: '2026-11-26',
        endTime: '08:00',
      }),
    );
    // The ride in the way is named by id too, for the console's link to it.
    expectFailure(
      overPaid,
      409,
      'This block covers a paid ride on November 25, 2026 at 2:00 PM for Rita Rider. Move or cancel that ride first.',
      { rideId: paid },
    );
    // Ending at the ride's start leaves it out.
    const before = await createOk(
      block({
        startDate: '2026-11-25',
        startTime: '08:00',
        endDate: '2026-11-25',
        endTime: '14:00',
      }),
    );

    const held = await insertAppointment(db, {
      userId: rider,
      serviceId: camry,
      slotDate: '25_11_2026',
      slotTime: '3:30 PM',
      status: 'pending_payment',
      holdExpiresAt: new Date(NOW.getTime() + 60_000),
    });
    const overHold = block({
      serviceId: camry,
      startDate: '2026-11-25',
      startTime: '15:30',
      endDate: '2026-11-25',
      endTime: '16:00',
    });
    const overHeld = await owner.post('/api/admin/blocks', overHold);
    expectFailure(
      overHeld,
      409,
      'This block covers a ride awaiting payment on November 25, 2026 at 3:30 PM for Rita Rider. Move or cancel that ride first.',
      { rideId: held },
    );
    // A hold past its time takes no slot; a cancelled ride neither.
    await db
      .update(appointments)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 1) })
      .where(eq(appointments.id, held));
    const overLapsed = await createOk(overHold);
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, paid));
    const overCancelled = await createOk(
      block({
        startDate: '2026-11-25',
        startTime: '14:00',
        endDate: '2026-11-25',
        endTime: '15:00',
      }),
    );

    // A refused block leaves nothing behind, not even in the audit trail.
    const made = await db.select({ id: blocks.id }).from(blocks);
    expect(made.map((b) => b.id).sort()).toEqual(
      [before.id, overLapsed.id, overCancelled.id].sort(),
    );
    for (const id of [before.id, overLapsed.id, overCancelled.id]) await deleteOk(id);
    await db.delete(appointments);
  });

  it('lists blocks not yet over soonest first, then past ones, and audits each change', async () => {
    const later = await createOk(block({ startDate: '2026-12-01', endDate: '2026-12-01' }));
    const sooner = await createOk(block({ serviceId: camry, note: '  Oil change  ' }));
    const underway = await createOk(
      block({
        startDate: '2026-11-22',
        startTime: '09:00',
        endDate: '2026-11-22',
        endTime: '12:00',
      }),
    );
    await db.insert(blocks).values({
      serviceId: teslaS,
      startsAt: new Date('2026-11-01T14:00:00Z'),
      endsAt: new Date('2026-11-02T14:00:00Z'),
      note: 'Past',
    });
    const response = await owner.get('/api/admin/blocks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = BlocksResponseSchema.parse(response.json());
    expect(list.upcoming.map((b) => b.id)).toEqual([underway.id, sooner.id, later.id]);
    expect(list.upcoming[1]?.note).toBe('Oil change');
    expect(list.past.map((b) => b.note)).toEqual(['Past']);

    await deleteOk(sooner.id);
    expectFailure(
      await owner.post(`/api/admin/blocks/${sooner.id}/delete`),
      404,
      BLOCK_MESSAGES.notFound,
    );
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.serviceId, camry)));
    const ofSooner = events.filter((e) => (e.after ?? e.before)?.id === sooner.id);
    expect(ofSooner.map((e) => e.action).sort()).toEqual(['block.created', 'block.deleted']);
    const created = ofSooner.find((e) => e.action === 'block.created');
    expect(created).toMatchObject({
      serviceId: camry,
      before: null,
      after: {
        id: sooner.id,
        startsAt: sooner.startsAt,
        endsAt: sooner.endsAt,
        note: 'Oil change',
      },
    });
    expect(created?.actorLabel).toMatch(/^owner-/);
    expect(ofSooner.find((e) => e.action === 'block.deleted')).toMatchObject({
      after: null,
      before: { id: sooner.id },
    });
    await db.delete(blocks);
  });

  it('blocks every car at once: a row per car not retired, one series, each car unbookable', async () => {
    const cars = await db
      .select({ id: services.id })
      .from(services)
      .where(isNull(services.retiredAt));
    expect(cars.length).toBeGreaterThan(1);
    const response = await owner.post('/api/admin/blocks', {
      ...block({ serviceId: undefined, allCars: true, note: 'Thanksgiving' }),
      startDate: '2026-11-26',
      startTime: '00:00',
      endDate: '2026-11-27',
      endTime: '00:00',
    });
    expectSuccess(response, BLOCK_MESSAGES.createdSeries);
    const made = BlockResponseSchema.parse(response.json()).blocks;
    expect(made).toHaveLength(cars.length);
    expect(new Set(made.map((b) => b.serviceId))).toEqual(new Set(cars.map((c) => c.id)));
    const seriesId = made[0]?.seriesId;
    expect(seriesId).toBeTruthy();
    expect(made.every((b) => b.seriesId === seriesId)).toBe(true);
    for (const car of [teslaS, camry]) {
      expect(await slotsBookedOf(app, car, '26_11_2026')).toHaveLength(48);
      expectFailure(
        await customer.post(
          '/api/user/book-appointment',
          bookingRequest(car, { slotDate: '26_11_2026', slotTime: '2:00 PM' }),
        ),
        409,
        SLOT_BLOCKED_MESSAGE,
      );
    }
    const audited = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'block.created'));
    expect(audited.filter((e) => e.after?.seriesId === seriesId)).toHaveLength(cars.length);

    // Removing one car's block leaves the others; "and the following" takes the rest.
    const [first, second] = made.map((b) => b.id);
    if (!first || !second) throw new Error('two blocks expected');
    await deleteOk(first);
    expect(await db.select().from(blocks)).toHaveLength(cars.length - 1);
    expectSuccess(
      await owner.post(`/api/admin/blocks/${second}/delete`, { series: true }),
      BLOCK_MESSAGES.deletedSeries,
    );
    expect(await db.select().from(blocks)).toEqual([]);
  });

  it('repeats a block weekly until a date, same wall-clock time across the clocks going back', async () => {
    // 20 October 2026: the clocks go back on Sunday 1 November.
    const october = new Date('2026-10-20T15:00:00Z');
    const early = await buildApp({ config: testConfig(), db: database.handle, now: () => october });
    try {
      const { browser: earlyOwner } = await signedInOwner(early, db, october);
      const response = await earlyOwner.post(
        '/api/admin/blocks',
        block({
          startDate: '2026-10-25',
          startTime: '09:00',
          endDate: '2026-10-25',
          endTime: '10:00',
          repeat: { weekly: true, until: '2026-11-15' },
        }),
      );
      expectSuccess(response, BLOCK_MESSAGES.createdSeries);
      const made = BlockResponseSchema.parse(response.json()).blocks;
      const [w1, w2, w3, w4] = made;
      if (!w1 || !w2 || !w3 || !w4) throw new Error('four blocks expected');
      expect(made.map((b) => [b.startsAt, b.endsAt])).toEqual([
        ['2026-10-25T13:00:00.000Z', '2026-10-25T14:00:00.000Z'],
        ['2026-11-01T14:00:00.000Z', '2026-11-01T15:00:00.000Z'],
        ['2026-11-08T14:00:00.000Z', '2026-11-08T15:00:00.000Z'],
        ['2026-11-15T14:00:00.000Z', '2026-11-15T15:00:00.000Z'],
      ]);
      expect(new Set(made.map((b) => b.seriesId)).size).toBe(1);
      expect(made.every((b) => b.serviceId === teslaS)).toBe(true);

      // "This and the following" from 8 November leaves the two before it.
      expectSuccess(
        await earlyOwner.post(`/api/admin/blocks/${w3.id}/delete`, { series: true }),
        BLOCK_MESSAGES.deletedSeries,
      );
      const left = await db.select({ id: blocks.id }).from(blocks);
      expect(left.map((b) => b.id).sort()).toEqual([w1.id, w2.id].sort());
      const deleted = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'block.deleted'));
      expect(
        deleted.filter((e) => e.before?.seriesId === w1.seriesId).map((e) => e.before?.id),
      ).toEqual(expect.arrayContaining([w3.id, w4.id]));
      await db.delete(blocks);
    } finally {
      await early.close();
    }
  });

  it('refuses a whole repeat when one of its weeks covers a ride, writing nothing', async () => {
    const rider = await insertUser(db, 'Sam Sunday');
    const sunday = await insertAppointment(db, {
      userId: rider,
      serviceId: camry,
      slotDate: '13_12_2026',
      slotTime: '9:30 AM',
      status: 'paid',
    });
    const before = await db.select().from(auditEvents);
    const refused = await owner.post(
      '/api/admin/blocks',
      block({
        serviceId: undefined,
        allCars: true,
        startDate: '2026-11-29',
        startTime: '09:00',
        endDate: '2026-11-29',
        endTime: '10:00',
        repeat: { weekly: true, until: '2026-12-27' },
      }),
    );
    expectFailure(
      refused,
      409,
      'These blocks cover a paid ride of the Toyota Camry on December 13, 2026 at 9:30 AM for Sam Sunday. Move or cancel that ride first; nothing was blocked.',
      { rideId: sunday },
    );
    expect(await db.select().from(blocks)).toEqual([]);
    expect(await db.select().from(auditEvents)).toHaveLength(before.length);
    await db.delete(appointments);
  });

  it('refuses a bad car choice or repeat, and a change without its CSRF token', async () => {
    const repeat = (until: string) => block({ repeat: { weekly: true, until } });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...block(), allCars: true }, BLOCK_MESSAGES.carOrAllCars],
      [{ ...block(), serviceId: undefined }, BLOCK_MESSAGES.car],
      [{ ...block(), serviceId: undefined, allCars: false }, BLOCK_MESSAGES.car],
      [repeat('2026-11-23'), BLOCK_MESSAGES.untilBeforeStart],
      [repeat('23/11/2026'), BLOCK_MESSAGES.until],
      [repeat('2026-02-30'), BLOCK_MESSAGES.until],
      [repeat('2028-11-24'), BLOCK_MESSAGES.tooManyOccurrences],
      [{ ...block(), repeat: { until: '2026-12-24' } }, BLOCK_MESSAGES.until],
      [
        block({
          endDate: '2026-12-01',
          endTime: '10:00',
          repeat: { weekly: true, until: '2026-12-24' },
        }),
        BLOCK_MESSAGES.repeatTooLong,
      ],
      // 2:30 AM on Sunday 14 March 2027 does not happen in New York.
      [
        block({
          startDate: '2027-03-07',
          startTime: '02:30',
          endDate: '2027-03-07',
          endTime: '03:30',
          repeat: { weekly: true, until: '2027-03-21' },
        }),
        BLOCK_MESSAGES.repeatMissing,
      ],
    ];
    for (const [body, message] of cases) {
      expectFailure(await owner.post('/api/admin/blocks', body), 400, message);
    }
    const made = await createOk(block());
    expectFailure(
      await owner.post(`/api/admin/blocks/${made.id}/delete`, { series: 'yes' }),
      400,
      'Say whether to remove the following blocks too.',
    );
    expect(
      (
        await owner.post('/api/admin/blocks', block({ allCars: true, serviceId: undefined }), {
          csrf: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await owner.post(`/api/admin/blocks/${made.id}/delete`, { series: true }, { csrf: false }))
        .statusCode,
    ).toBe(403);
    // A lone block's "and the following" is the block alone.
    expectSuccess(
      await owner.post(`/api/admin/blocks/${made.id}/delete`, { series: true }),
      BLOCK_MESSAGES.deleted,
    );
    expect(await db.select().from(blocks)).toEqual([]);
  });

  it('refunds a payment that comes after its hold ran out and the owner blocked the slot', async () => {
    const { browser: rider } = await signedInBrowser(app, db, NOW, 'Late Payer');
    const appointmentId = await bookOk(
      rider,
      bookingRequest(teslaS, { slotDate: '27_11_2026', slotTime: '9:00 AM' }),
    );
    const path = await openSandboxCheckout(rider, appointmentId);
    // The hold runs out unpaid (the sweep has not released it yet); the owner blocks the time.
    await db
      .update(appointments)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(appointments.id, appointmentId));
    const made = await createOk(
      block({
        startDate: '2026-11-27',
        startTime: '08:00',
        endDate: '2026-11-27',
        endTime: '12:00',
      }),
    );

    const paid = await paySandboxCheckout(app, path, 'Late Payer');
    expect(paid.statusCode).toBe(303);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row?.status).not.toBe('paid');
    const [refund] = await db
      .select()
      .from(refunds)
      .where(eq(refunds.appointmentId, appointmentId));
    expect(refund).toMatchObject({ reason: 'late_payment', amountCents: row?.amountCents });
    await deleteOk(made.id);
  });
});
