import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, auditEvents, services, type Database } from '@app/db';
import {
  CHAUFFEUR_BUSY_MESSAGE,
  DriversResponseSchema,
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
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import {
  ALREADY_DRIVES_MESSAGE,
  NOT_A_DRIVER_MESSAGE,
} from '../appointments/chauffeur-assignment.ts';
import { CHAUFFEUR_DROPPED_MESSAGE } from '../appointments/move-ride.ts';
import { rideChangedMessage } from '../appointments/ride-state.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const REASON = 'The first car is in the shop; this one is the same class.';

/**
 * Who drives a ride (issue 30, Chauffeurs): the owner's choice on the board, a car's default
 * chauffeur given at payment, and the database refusing one person two overlapping rides.
 * Through the HTTP API, on both databases.
 */
describe.each(await databaseKinds())('who drives a ride, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;
  let ownerId: string;
  let teslaS: string;
  let suburban: string;
  let dana: string;
  let eli: string;
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
    ({ browser: owner, userId: ownerId } = await signedInOwner(app, db, NOW));
    dana = await insertUser(db, 'Dana Driver', 'chauffeur');
    eli = await insertUser(db, 'Eli Wheeler', 'chauffeur');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A customer's ride of `car` on `day` at `time`, paid through the sandbox unless `held`. */
  const ride = async (car: string, day: string, time: string, options: { held?: boolean } = {}) => {
    const { browser } = await signedInBrowser(app, db, NOW);
    const id = await bookOk(browser, bookingRequest(car, { slotDate: day, slotTime: time }));
    if (!options.held) await payThroughSandbox(app, browser, id);
    return id;
  };
  const assign = (id: string, chauffeurId: string | null, as: Browser = owner) =>
    as.post(`/api/admin/rides/${id}/chauffeur`, { chauffeurId });
  const rideOf = async (id: string): Promise<Ride> => {
    const response = await owner.get(`/api/admin/rides/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return RideResponseSchema.parse(response.json()).ride;
  };

  it('answers only owners: a visitor 401, a customer 403, nothing assigned', async () => {
    const id = await ride(teslaS, freshDay(), '9:00 AM');
    const visitor = await new Browser(app).post(`/api/admin/rides/${id}/chauffeur`, {
      chauffeurId: dana,
    });
    expectFailure(visitor, 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await assign(id, dana, customer), 403, OWNER_ONLY_MESSAGE);
    expectFailure(await customer.get('/api/admin/drivers'), 403, OWNER_ONLY_MESSAGE);
    expect((await appointmentRow(db, id)).chauffeurId).toBeNull();
  });

  it('lists who may drive: the chauffeurs, then the owners', async () => {
    const response = await owner.get('/api/admin/drivers');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { drivers } = DriversResponseSchema.parse(response.json());
    const roles = drivers.map((driver) => driver.role);
    expect(roles.indexOf('owner')).toBeGreaterThan(roles.lastIndexOf('chauffeur'));
    expect(drivers).toContainEqual({ id: dana, name: 'Dana Driver', role: 'chauffeur' });
    expect(drivers).toContainEqual({ id: ownerId, name: 'Olive Owner', role: 'owner' });
    expect(drivers.some((driver) => driver.name === 'Test Customer')).toBe(false);
  });

  it('gives a paid ride to a chauffeur and takes it back, each audited with both names', async () => {
    const id = await ride(teslaS, freshDay(), '9:00 AM');
    const given = await assign(id, dana);
    expect(given.statusCode, given.body).toBe(200);
    const answer = RideResponseSchema.parse(given.json());
    expect(answer.message).toBe('Chauffeur assigned.');
    expect(answer.ride.chauffeur).toEqual({ id: dana, name: 'Dana Driver' });
    expect(answer.ride.tripStatus).toBeNull();
    expectFailure(await assign(id, dana), 409, ALREADY_DRIVES_MESSAGE);

    // An owner may drive too.
    expect((await assign(id, ownerId)).statusCode).toBe(200);
    expect((await rideOf(id)).chauffeur).toEqual({ id: ownerId, name: 'Olive Owner' });

    const taken = await assign(id, null);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(RideResponseSchema.parse(taken.json())).toMatchObject({
      message: 'Nobody drives this ride now.',
      ride: { chauffeur: null },
    });
    const events = await db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.appointmentId, id),
          eq(auditEvents.action, 'appointment.chauffeur_assigned'),
        ),
      )
      .orderBy(auditEvents.at);
    // One clock for all three: their order is the one each `before` continues.
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          before: { chauffeurId: null, chauffeurName: null },
          after: { chauffeurId: dana, chauffeurName: 'Dana Driver' },
        },
        {
          before: { chauffeurId: dana, chauffeurName: 'Dana Driver' },
          after: { chauffeurId: ownerId, chauffeurName: 'Olive Owner' },
        },
        {
          before: { chauffeurId: ownerId, chauffeurName: 'Olive Owner' },
          after: { chauffeurId: null, chauffeurName: null },
        },
      ]),
    );
  });

  it('refuses a customer, an unknown id, a malformed one, and a ride that is not paid', async () => {
    const id = await ride(teslaS, freshDay(), '9:00 AM');
    const customer = await insertUser(db, 'Cora Customer');
    expectFailure(await assign(id, customer), 400, NOT_A_DRIVER_MESSAGE);
    expectFailure(await assign(id, crypto.randomUUID()), 400, NOT_A_DRIVER_MESSAGE);
    expectFailure(await assign(id, 'dana'), 400, 'Choose a chauffeur from the list.');
    expect((await owner.post(`/api/admin/rides/${id}/chauffeur`, {})).statusCode).toBe(400);
    const held = await ride(teslaS, freshDay(), '9:00 AM', { held: true });
    expectFailure(await assign(held, dana), 409, rideChangedMessage('pending_payment'));
    expect((await appointmentRow(db, held)).chauffeurId).toBeNull();
    expect((await appointmentRow(db, id)).chauffeurId).toBeNull();
  });

  it('never gives one chauffeur two rides whose car times overlap, turnaround included', async () => {
    const day = freshDay();
    const first = await ride(teslaS, day, '9:00 AM');
    const row = await appointmentRow(db, first);
    expect(row.occupiedUntil > new Date(row.slotStart.getTime() + 30 * 60_000)).toBe(true);
    // Another car, starting inside the first ride's time with its turnaround.
    const during = await ride(suburban, day, '9:30 AM');
    expect((await assign(first, eli)).statusCode).toBe(200);
    expectFailure(await assign(during, eli), 409, CHAUFFEUR_BUSY_MESSAGE);
    expect((await appointmentRow(db, during)).chauffeurId).toBeNull();
    // Free again once the first ride's car time (with its turnaround) is over.
    expect(row.occupiedUntil.getTime()).toBeGreaterThan(row.endsAt.getTime());
    const after = await ride(suburban, day, '1:00 PM');
    expect((await assign(after, eli)).statusCode).toBe(200);
    // A cancelled ride frees its chauffeur's time.
    const cancelled = await owner.post(`/api/admin/rides/${first}/cancel`, {
      reason: 'The customer called: plans changed.',
      refund: 'none',
      from: 'paid',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await assign(during, eli)).statusCode).toBe(200);
  });

  it('gives a paid ride its car’s default chauffeur when free then, and none otherwise', async () => {
    const day = freshDay();
    await db.update(services).set({ defaultChauffeurId: dana }).where(eq(services.id, teslaS));
    await db.update(services).set({ defaultChauffeurId: dana }).where(eq(services.id, suburban));
    try {
      const first = await ride(teslaS, day, '2:00 PM');
      expect((await rideOf(first)).chauffeur).toEqual({ id: dana, name: 'Dana Driver' });
      // The same default, the same time on another car: paid all the same, nobody drives it.
      const second = await ride(suburban, day, '2:00 PM');
      expect(await appointmentRow(db, second)).toMatchObject({
        status: 'paid',
        chauffeurId: null,
      });
      // A hold gets nobody until it is paid.
      const held = await ride(suburban, day, '8:00 PM', { held: true });
      expect((await appointmentRow(db, held)).chauffeurId).toBeNull();
    } finally {
      await db.update(services).set({ defaultChauffeurId: null });
    }
  });

  it('keeps a moved ride’s chauffeur when free then, and says so when it cannot', async () => {
    const day = freshDay();
    const moving = await ride(teslaS, day, '9:00 AM');
    const other = await ride(suburban, day, '4:00 PM');
    expect((await assign(moving, dana)).statusCode).toBe(200);
    expect((await assign(other, dana)).statusCode).toBe(200);
    const move = async (slotTime: string) => {
      const row = await appointmentRow(db, moving);
      const from = { serviceId: row.serviceId, slotDate: row.slotDate, slotTime: row.slotTime };
      return owner.post(`/api/admin/rides/${moving}/move`, {
        reason: REASON,
        from,
        slotDate: day,
        slotTime,
      });
    };
    const free = await move('11:00 AM');
    expect(free.statusCode, free.body).toBe(200);
    expect(RideResponseSchema.parse(free.json()).ride.chauffeur?.id).toBe(dana);

    // The Tesla is free at 4:00 PM, but Dana drives the Suburban then.
    const clash = await move('4:00 PM');
    expect(clash.statusCode, clash.body).toBe(200);
    const answer = RideResponseSchema.parse(clash.json());
    expect(answer.message).toBe(`Ride moved. The customer is told. ${CHAUFFEUR_DROPPED_MESSAGE}`);
    expect(answer.ride).toMatchObject({ slotTime: '4:00 PM', chauffeur: null });
    expect((await appointmentRow(db, other)).chauffeurId).toBe(dana);
    const moves = await db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.appointmentId, moving),
          eq(auditEvents.action, 'appointment.rescheduled'),
        ),
      );
    expect(moves.map((event) => event.after)).toEqual(
      expect.arrayContaining([
        expect.not.objectContaining({ chauffeurDropped: true }),
        expect.objectContaining({ slotTime: '4:00 PM', chauffeurDropped: true }),
      ]),
    );
    const live = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.chauffeurId, dana), eq(appointments.slotDate, day)));
    expect(live.map((row) => row.id).sort()).toEqual([other].sort());
  });
});
