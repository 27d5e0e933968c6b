import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  auditEvents,
  outboxMessages,
  smsOptOuts,
  tripEvents,
  tripPositions,
  type Database,
} from '@app/db';
import {
  BillViewSchema,
  CHAUFFEUR_LINE_AMOUNT_MESSAGE,
  CHAUFFEUR_LINE_KIND_MESSAGE,
  DriveRideResponseSchema,
  DriveRidesResponseSchema,
  INVALID_POSITION_MESSAGE,
  TRIP_UNDO_MS,
  type TripStatus,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { NO_SUCH_RIDE_MESSAGE } from '../appointments/ride-state.ts';
import {
  BILL_ALREADY_SENT_MESSAGE,
  BILL_CHANGED_MESSAGE,
  BILL_NOT_FOUND_MESSAGE,
} from '../bills/adjust-bill.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { chauffeurSession, setChauffeur, signedInChauffeur } from '../../test/chauffeur.ts';
import { createClock, DAY } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import {
  NOT_LAST_TAP_MESSAGE,
  outOfOrderMessage,
  TOO_LATE_TO_UNDO_TAP_MESSAGE,
} from './trip-taps.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const HERE = { latitude: 42.12, longitude: -71.32 };

/**
 * A chauffeur's day sheet and their ride's button (issue 30): only their own rides, taps in
 * order and recorded once, undo within the minute, "Dropped off" completing the ride and
 * erasing where the car was. Through the HTTP API, on both databases.
 */
describe.each(await databaseKinds())('the chauffeur’s day sheet, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let dana: Browser;
  let danaId: string;
  let eli: Browser;
  let teslaS: string;
  const clock = createClock(NOW);
  const slots = ['8:00 AM', '10:30 AM', '1:00 PM', '3:30 PM', '6:00 PM'];
  let next = 0;
  /** A fresh pickup on 23-27 Nov, so no two rides of one chauffeur meet. */
  const freshSlot = () => {
    const n = next++;
    return {
      slotDate: `${23 + Math.floor(n / slots.length)}_11_2026`,
      slotTime: slots[n % slots.length] as string,
    };
  };

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
    ({ browser: dana, userId: danaId } = await signedInChauffeur(app, db, NOW));
    ({ browser: eli } = await signedInChauffeur(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A paid ride that Dana drives; `phone`/`smsConsent` as the customer booked. */
  const ride = async (overrides: Record<string, unknown> = {}, slot = freshSlot()) => {
    const { browser } = await signedInBrowser(app, db, NOW);
    const id = await bookOk(browser, bookingRequest(teslaS, { ...slot, ...overrides }));
    await payThroughSandbox(app, browser, id);
    await setChauffeur(db, id, danaId);
    return id;
  };
  const tap = (
    id: string,
    status: TripStatus,
    tapKey: string = crypto.randomUUID(),
    as = dana,
    position?: typeof HERE,
  ) =>
    as.post(`/api/drive/rides/${id}/status`, { status, tapKey, ...(position ? { position } : {}) });
  const tapOk = async (id: string, status: TripStatus, tapKey?: string, position?: typeof HERE) => {
    const response = await tap(id, status, tapKey, dana, position);
    expect(response.statusCode, response.body).toBe(200);
    return DriveRideResponseSchema.parse(response.json()).ride;
  };
  const outbox = (id: string) =>
    db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, id));
  const events = (id: string) =>
    db.select().from(tripEvents).where(eq(tripEvents.appointmentId, id));

  it('lists only the signed-in chauffeur’s rides, with no money and no email', async () => {
    const mine = await ride();
    const theirs = await ride();
    await setChauffeur(db, theirs, null);
    const response = await dana.get('/api/drive/rides');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sheet = DriveRidesResponseSchema.parse(response.json());
    const ids = sheet.rides.map((r) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const shown = sheet.rides.find((r) => r.id === mine);
    expect(shown?.customerFirstName).toBe('Test');
    expect(shown?.tripStatus).toBeNull();
    expect(response.body).not.toMatch(/Cents|@example\.com/);
    const other = DriveRidesResponseSchema.parse((await eli.get('/api/drive/rides')).json());
    expect(other.rides.map((r) => r.id)).not.toContain(mine);
  });

  it('answers only staff: a visitor 401, a customer 403, another chauffeur 404', async () => {
    const id = await ride();
    expectFailure(await new Browser(app).get('/api/drive/rides'), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/drive/rides'), 403, OWNER_ONLY_MESSAGE);
    expect((await tap(id, 'on_my_way', undefined, customer)).statusCode).toBe(403);
    expect((await tap(id, 'on_my_way', undefined, eli)).statusCode).toBe(404);
    expect((await eli.post(`/api/drive/rides/${id}/position`, HERE)).statusCode).toBe(404);
    expect((await appointmentRow(db, id)).tripStatus).toBeNull();
  });

  it('refuses the owner’s console to a chauffeur', async () => {
    expectFailure(await dana.get('/api/admin/rides'), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await dana.get('/api/admin/today'), 403, OWNER_ONLY_MESSAGE);
  });

  it('takes the statuses in order only', async () => {
    const id = await ride();
    const refused = await tap(id, 'arrived');
    expectFailure(refused, 409, outOfOrderMessage(null));
    const first = await tapOk(id, 'on_my_way');
    expect(first.tripStatus).toBe('on_my_way');
    expectFailure(await tap(id, 'on_board'), 409, outOfOrderMessage('on_my_way'));
    expect((await tapOk(id, 'arrived')).events.map((e) => e.status)).toEqual([
      'on_my_way',
      'arrived',
    ]);
  });

  it('records a retried tap and a double tap once, and tells the customer once each', async () => {
    const id = await ride();
    const key = crypto.randomUUID();
    await tapOk(id, 'on_my_way', key, HERE);
    await tapOk(id, 'on_my_way', key, HERE);
    await tapOk(id, 'on_my_way');
    expect(await events(id)).toHaveLength(1);
    await tapOk(id, 'arrived');
    await tapOk(id, 'arrived');
    const rows = await outbox(id);
    const of = (template: string, channel: string) =>
      rows.filter((r) => r.template === template && r.channel === channel).length;
    expect(of('on_my_way', 'email')).toBe(1);
    expect(of('on_my_way', 'sms')).toBe(1);
    expect(of('arrived', 'email')).toBe(1);
    expect(of('arrived', 'sms')).toBe(1);
    const sms = rows.find((r) => r.template === 'on_my_way' && r.channel === 'sms');
    expect(sms?.payload).toMatchObject({ chauffeurFirstName: 'Dana' });
  });

  it('texts no one who did not agree to texts or who texted STOP', async () => {
    const noConsent = await ride({ smsConsent: false });
    await tapOk(noConsent, 'on_my_way');
    const optedOut = await ride({ phone: '781-555-0199' });
    await db.insert(smsOptOuts).values({ phone: '+17815550199', optedOutAt: NOW });
    await tapOk(optedOut, 'on_my_way');
    for (const id of [noConsent, optedOut]) {
      const rows = await outbox(id);
      expect(rows.filter((r) => r.template === 'on_my_way' && r.channel === 'sms')).toHaveLength(0);
      expect(rows.filter((r) => r.template === 'on_my_way' && r.channel === 'email')).toHaveLength(
        1,
      );
    }
  });

  it('keeps positions only while on the way or arrived', async () => {
    const id = await ride();
    const report = () => dana.post(`/api/drive/rides/${id}/position`, HERE);
    expect((await report()).statusCode).toBe(409);
    await tapOk(id, 'on_my_way');
    expect((await report()).statusCode).toBe(200);
    const [kept] = await db.select().from(tripPositions).where(eq(tripPositions.appointmentId, id));
    expect(kept).toMatchObject(HERE);
    await tapOk(id, 'arrived');
    await tapOk(id, 'on_board');
    expect((await report()).statusCode).toBe(409);
    for (const position of [{ latitude: 91, longitude: 0 }, { latitude: 42 }, {}]) {
      expectFailure(
        await dana.post(`/api/drive/rides/${id}/position`, position),
        400,
        INVALID_POSITION_MESSAGE,
      );
    }
  });

  it('undoes the last tap within the minute, and not after', async () => {
    const id = await ride();
    await tapOk(id, 'on_my_way');
    await tapOk(id, 'arrived');
    expectFailure(
      await dana.post(`/api/drive/rides/${id}/undo`, { status: 'on_my_way' }),
      409,
      NOT_LAST_TAP_MESSAGE,
    );
    const undone = await dana.post(`/api/drive/rides/${id}/undo`, { status: 'arrived' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(DriveRideResponseSchema.parse(undone.json()).ride.tripStatus).toBe('on_my_way');
    // The message of the undone tap, not sent yet, is not sent.
    await tapOk(id, 'arrived');
    clock.advance(TRIP_UNDO_MS);
    expectFailure(
      await dana.post(`/api/drive/rides/${id}/undo`, { status: 'arrived' }),
      409,
      TOO_LATE_TO_UNDO_TAP_MESSAGE,
    );
  });

  /** A ride Dana drove to its drop-off: completed, its bill drafted. */
  const droveRide = async () => {
    const id = await ride();
    for (const status of ['on_my_way', 'arrived', 'on_board', 'dropped_off'] as const)
      await tapOk(id, status);
    return id;
  };
  const addLine = (id: string, body: Record<string, unknown>, as = dana) =>
    as.post(`/api/drive/rides/${id}/bill-lines`, body);
  const ownerBill = async (owner: Browser, id: string) => {
    const response = await owner.get(`/api/admin/rides/${id}/bill`);
    expect(response.statusCode, response.body).toBe(200);
    return BillViewSchema.parse(response.json());
  };

  it('adds the chauffeur’s tolls and parking to the drafted bill, audited, the owner’s open form then stale', async () => {
    const notYet = await ride();
    expectFailure(
      await addLine(notYet, { kind: 'toll', amountCents: 750 }),
      404,
      BILL_NOT_FOUND_MESSAGE,
    );
    const id = await droveRide();
    const owner = (await signedInOwner(app, db, clock.now())).browser;
    const opened = await ownerBill(owner, id);
    expect(opened.status).toBe('draft');

    const added = await addLine(id, { kind: 'toll', amountCents: 750, note: ' Mass Pike ' });
    expect(added.statusCode, added.body).toBe(200);
    const toll = { kind: 'toll', label: 'Toll, Mass Pike', amountCents: 750 } as const;
    expect(DriveRideResponseSchema.parse(added.json()).ride.bill).toEqual({
      status: 'draft',
      lines: [toll],
    });
    const parked = await addLine(id, { kind: 'parking', amountCents: 1200 });
    const parking = { kind: 'parking', label: 'Parking', amountCents: 1200 } as const;
    expect(DriveRideResponseSchema.parse(parked.json()).ride.bill?.lines).toEqual([toll, parking]);

    // The owner sees them when reviewing; a form opened before is refused, not merged.
    const now = await ownerBill(owner, id);
    expect(now.lines).toEqual([...opened.lines, toll, parking]);
    expect(now.totalCents).toBe(opened.totalCents + 1950);
    expect(now.version).toBe(opened.version + 2);
    expectFailure(
      await owner.post(`/api/admin/rides/${id}/bill`, {
        version: opened.version,
        lines: opened.lines,
      }),
      409,
      BILL_CHANGED_MESSAGE,
    );
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.appointmentId, id), eq(auditEvents.action, 'bill.adjusted')));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.actorUserId)).toEqual([danaId, danaId]);
    expect(audits.find((a) => (a.after as { lines: unknown[] }).lines.length === 2)).toMatchObject({
      before: { lines: opened.lines },
      after: { lines: [...opened.lines, toll] },
    });

    // Sent, the bill is the owner's to change no more, nor the chauffeur's.
    expect((await owner.post(`/api/admin/rides/${id}/bill/send`, {})).statusCode).toBe(200);
    expectFailure(
      await addLine(id, { kind: 'toll', amountCents: 300 }),
      409,
      BILL_ALREADY_SENT_MESSAGE,
    );
    const sheet = DriveRidesResponseSchema.parse((await dana.get('/api/drive/rides')).json());
    expect(sheet.rides.find((r) => r.id === id)?.bill).toEqual({
      status: 'sent',
      lines: [toll, parking],
    });
    expect((await ownerBill(owner, id)).lines).toHaveLength(opened.lines.length + 2);
  });

  it('takes tolls only from the ride’s chauffeur, as amounts of money, never an adjustment', async () => {
    const id = await droveRide();
    const toll = { kind: 'toll', amountCents: 750 };
    expectFailure(await addLine(id, toll, eli), 404, NO_SUCH_RIDE_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, clock.now());
    expectFailure(await addLine(id, toll, customer), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await addLine(id, toll, new Browser(app)), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(
      await dana.post(`/api/drive/rides/${id}/bill-lines`, toll, { csrf: false }),
      403,
      CSRF_FAILED_MESSAGE,
    );
    for (const amountCents of [0, -500, 12.5, 500_001, '7.50', undefined])
      expectFailure(
        await addLine(id, { kind: 'parking', amountCents }),
        400,
        CHAUFFEUR_LINE_AMOUNT_MESSAGE,
      );
    for (const kind of ['adjustment', 'ride', undefined])
      expectFailure(
        await addLine(id, { kind, amountCents: -500 }),
        400,
        CHAUFFEUR_LINE_KIND_MESSAGE,
      );
    expectFailure(
      await addLine(id, { ...toll, note: 'x'.repeat(61) }),
      400,
      'The note must be at most 60 characters.',
    );
    const sheet = DriveRidesResponseSchema.parse((await dana.get('/api/drive/rides')).json());
    expect(sheet.rides.find((r) => r.id === id)?.bill).toEqual({ status: 'draft', lines: [] });
  });

  it('completes a ride whose passenger was on board before the booked pickup time', async () => {
    const id = await ride();
    expect(new Date((await appointmentRow(db, id)).slotStart) > clock.now()).toBe(true);
    for (const status of ['on_my_way', 'arrived', 'on_board'] as const) await tapOk(id, status);
    const done = await tapOk(id, 'dropped_off');
    expect(done.status).toBe('completed');
  });

  it('completes the ride at drop-off and erases where the car was; undo reopens it', async () => {
    const id = await ride({}, { slotDate: '28_11_2026', slotTime: '9:00 AM' });
    await tapOk(id, 'on_my_way', undefined, HERE);
    await dana.post(`/api/drive/rides/${id}/position`, HERE);
    // Pickup time has come.
    clock.advance(NOW.getTime() + 6 * DAY - clock.now().getTime());
    dana = await chauffeurSession(app, db, danaId, clock.now());
    await tapOk(id, 'arrived');
    await tapOk(id, 'on_board');
    const done = await tapOk(id, 'dropped_off');
    expect(done.status).toBe('completed');
    expect(done.undoUntil).not.toBeNull();
    expect(
      await db.select().from(tripPositions).where(eq(tripPositions.appointmentId, id)),
    ).toHaveLength(0);
    for (const event of await events(id)) expect(event.latitude).toBeNull();
    const thanks = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.template, 'completed')));
    expect(thanks).toHaveLength(1);
    const undone = await dana.post(`/api/drive/rides/${id}/undo`, { status: 'dropped_off' });
    expect(undone.statusCode, undone.body).toBe(200);
    const ride2 = DriveRideResponseSchema.parse(undone.json()).ride;
    expect(ride2.status).toBe('paid');
    expect(ride2.tripStatus).toBe('on_board');
    await tapOk(id, 'dropped_off');
    expect((await appointmentRow(db, id)).status).toBe('completed');
  });
});
