import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, type Database } from '@app/db';
import {
  AuditResponseSchema,
  bookingReference,
  AUDIT_RIDE_MESSAGE,
  type AuditEvent,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { MFA_REQUIRED_MESSAGE, OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { CLI_ACTOR, recordAudit, type AuditActor } from './record-audit.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('the audit trail on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  const car = randomUUID();
  const otherCar = randomUUID();
  const ride = randomUUID();
  /** The events written by this file, newest first. */
  const written: {
    action: string;
    at: Date;
    serviceId: string | null;
    appointmentId: string | null;
  }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    const actor: AuditActor = { userId: randomUUID(), label: 'olive@example.com' };
    // 25 events a minute apart, the last 3 at the same instant (the id breaks the tie).
    for (let i = 0; i < 25; i++) {
      const at = new Date(NOW.getTime() - (22 - Math.min(i, 22)) * 60_000);
      const serviceId = i % 3 === 0 ? car : i % 3 === 1 ? otherCar : null;
      const appointmentId = i % 5 === 0 ? ride : null;
      const action = serviceId ? 'service.updated' : 'owner.added';
      await recordAudit(db, {
        actor: i % 2 ? actor : CLI_ACTOR,
        action,
        at,
        serviceId,
        appointmentId,
        before: { position: i },
        after: { position: i + 1 },
      });
      written.unshift({ action, at, serviceId, appointmentId });
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const page = async (query: string) => {
    const response = await owner.get(`/api/admin/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return AuditResponseSchema.parse(response.json());
  };

  /** Every page of a query, following `nextBefore`. */
  const allPages = async (query: string, limit: number) => {
    const pages: AuditEvent[][] = [];
    let before: string | null = null;
    do {
      const result = await page(`?${query}&limit=${limit}${before ? `&before=${before}` : ''}`);
      pages.push(result.events);
      before = result.nextBefore;
    } while (before && pages.length < 50);
    return pages;
  };

  const isDescending = (events: AuditEvent[]) =>
    events.every(
      (event, i) =>
        i === 0 ||
        (events[i - 1] as AuditEvent).at > event.at ||
        ((events[i - 1] as AuditEvent).at === event.at &&
          (events[i - 1] as AuditEvent).id > event.id),
    );

  it('answers only an owner who passed the second factor', async () => {
    expectFailure(await new Browser(app).get('/api/admin/audit'), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/admin/audit'), 403, OWNER_ONLY_MESSAGE);
    const { browser: pending } = await signedInOwner(app, db, NOW, { mfa: false });
    const refused = await pending.get('/api/admin/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: MFA_REQUIRED_MESSAGE,
      code: 'mfa_required',
    });
  });

  it('lists the events newest first, with who did what to which car and ride', async () => {
    const { events, nextBefore } = await page('');
    expect(events).toHaveLength(25);
    expect(nextBefore).toBeNull();
    expect(isDescending(events)).toBe(true);
    // Newest first; events of the same instant come in the order of their ids.
    expect(events.map((e) => e.at)).toEqual(written.map((e) => e.at.toISOString()));
    const key = (e: {
      action: string;
      at: string;
      serviceId: string | null;
      appointmentId: string | null;
    }) => JSON.stringify([e.action, e.at, e.serviceId, e.appointmentId]);
    expect(events.map(key).sort()).toEqual(
      written.map((e) => key({ ...e, at: e.at.toISOString() })).sort(),
    );
    expect(events.find((e) => e.actor.userId === null)?.actor).toEqual({
      userId: null,
      label: 'cli',
    });
    expect(events[0]).toMatchObject({ before: expect.any(Object), after: expect.any(Object) });
  });

  it('pages with before and limit: every event once, in order, and then the end', async () => {
    const pages = await allPages('', 7);
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
    const events = pages.flat();
    expect(new Set(events.map((e) => e.id)).size).toBe(25);
    expect(isDescending(events)).toBe(true);
    expect(events).toEqual((await page('')).events);
  });

  it('filters by car and by ride, and pages within a filter', async () => {
    const byCar = (await allPages(`serviceId=${car}`, 3)).flat();
    expect(byCar.length).toBe(written.filter((e) => e.serviceId === car).length);
    expect(byCar.every((e) => e.serviceId === car)).toBe(true);
    expect(isDescending(byCar)).toBe(true);

    const byRide = (await page(`?appointmentId=${ride}`)).events;
    expect(byRide.length).toBe(written.filter((e) => e.appointmentId === ride).length);
    expect(byRide.every((e) => e.appointmentId === ride)).toBe(true);

    const both = (await page(`?serviceId=${car}&appointmentId=${ride}`)).events;
    expect(both.length).toBe(
      written.filter((e) => e.serviceId === car && e.appointmentId === ride).length,
    );
    expect((await page(`?serviceId=${randomUUID()}`)).events).toEqual([]);
    // An empty value is no filter.
    expect((await page('?serviceId=&appointmentId=')).events).toHaveLength(25);
  });

  it('finds a ride by its booking reference, in any case, with or without the hyphen', async () => {
    const byId = (await page(`?appointmentId=${ride}`)).events;
    expect(byId.length).toBeGreaterThan(0);
    const reference = bookingReference(ride);
    for (const typed of [
      reference,
      reference.toLowerCase(),
      reference.replace('-', ''),
      ` ${reference} `,
      ride,
      ride.toUpperCase(),
    ]) {
      const { events } = await page(`?ride=${encodeURIComponent(typed)}`);
      expect(
        events.map((e) => e.id),
        typed,
      ).toEqual(byId.map((e) => e.id));
    }
    // Another ride's reference finds nothing; with a car, both must hold.
    const other = ride.startsWith('0') ? '1111-1111' : '0000-0000';
    expect((await page(`?ride=${other}`)).events).toEqual([]);
    expect((await page(`?ride=${reference}&serviceId=${otherCar}`)).events).toEqual(
      byId.filter((e) => e.serviceId === otherCar),
    );
  });

  it('answers an unknown before with an empty page', async () => {
    expect(await page(`?before=${randomUUID()}`)).toEqual({
      success: true,
      events: [],
      nextBefore: null,
    });
  });

  it('refuses malformed filters with 400 and a message', async () => {
    const cases: [string, string][] = [
      ['?serviceId=tesla', 'Invalid service id'],
      ['?appointmentId=1', 'Invalid appointment id'],
      ['?before=%27%20or%201=1', 'Invalid event id'],
      ['?limit=0', 'The limit must be a whole number from 1 to 100.'],
      ['?limit=101', 'The limit must be a whole number from 1 to 100.'],
      ['?limit=2.5', 'The limit must be a whole number from 1 to 100.'],
      ['?limit=ten', 'The limit must be a whole number from 1 to 100.'],
      [`?serviceId=${car}&serviceId=${car}`, 'Invalid service id'],
      ['?ride=3F9A-1C2', AUDIT_RIDE_MESSAGE],
      ['?ride=not-a-ride', AUDIT_RIDE_MESSAGE],
      ['?ride=3F9A-1C2B-', AUDIT_RIDE_MESSAGE],
      ['?ride=a&ride=b', AUDIT_RIDE_MESSAGE],
      [`?ride=${'1'.repeat(61)}`, AUDIT_RIDE_MESSAGE],
    ];
    for (const [query, message] of cases) {
      expectFailure(await owner.get(`/api/admin/audit${query}`), 400, message);
    }
  });

  it('is append-only: the database refuses to change, delete or empty it', async () => {
    const [event] = await db.select().from(auditEvents).limit(1);
    const id = event?.id as string;
    await expect(
      db.update(auditEvents).set({ actorLabel: 'someone else' }).where(eq(auditEvents.id, id)),
    ).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.id, id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [after] = await db.select().from(auditEvents).where(eq(auditEvents.id, id));
    expect(after).toEqual(event);
    expect((await page('')).events).toHaveLength(25);
  });

  it('writes an event with its transaction: a change rolled back leaves no event', async () => {
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actor: CLI_ACTOR, action: 'owner.removed', at: NOW });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await page('')).events.map((e) => e.action)).not.toContain('owner.removed');
  });

  // Last: it adds a car's event to the 25.
  it('names the car as it is now and the ride by its booking reference', async () => {
    const added = await owner.post('/api/admin/fleet/add-car', {
      name: 'Audit Test Sedan',
      serviceLevel: 'Business',
      type: 'Tesla',
      about: 'A car for the audit trail test.',
      address: '40 Main Street, Norfolk, MA 02056',
      available: true,
      availableServiceTypes: ['Airport Transfer'],
      fees: 65,
      specialServicePricePerHour: 100,
      specialServicePriceBetweenOneHourFifteen: 120,
      specialServicePriceExtra: 30,
      specialServicePriceFlatRate: 160,
      serviceChargePerHour: 110,
      rentalDailyPrice: 170,
      rentalWeeklyPrice: 990,
    });
    expect(added.statusCode, added.body).toBe(200);
    const carId = (added.json() as { car: { _id: string } }).car._id;
    const { events } = await page(`?serviceId=${carId}`);
    expect(events.map((e) => [e.action, e.carName, e.bookingReference])).toEqual([
      ['service.created', 'Audit Test Sedan', null],
    ]);
    // A car with no row (the trail outlives it) has no name; a ride has its reference.
    const [withRide] = (await page(`?appointmentId=${ride}`)).events;
    expect(withRide?.carName).toBeNull();
    expect(withRide?.bookingReference).toBe(bookingReference(ride));
  });
});
