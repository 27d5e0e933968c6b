import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { appointments, calendarFeeds, users, type Database } from '@app/db';
import { CalendarFeedResponseSchema, type CalendarFeedDetails } from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { appointmentRow, serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { fixtureStretchAt, insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { demoteToCustomer } from '../owners/demote-to-customer.ts';
import { NO_SUCH_FEED_MESSAGE } from './calendar-feeds.routes.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

/**
 * A staff member's calendar subscription (issue 30, the owner's phone kit): the URL made once,
 * replaced or revoked; the feed, read without a session, parsed as a calendar would, with the
 * rides its holder drives at the detail the owner chose, following a move. Both databases.
 */
describe.each(await databaseKinds())('the drivers’ calendar feeds on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  const apps: Partial<Record<CalendarFeedDetails, FastifyInstance>> = {};
  let app: FastifyInstance;
  let car: string;
  const clock = createClock(NOW);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    for (const details of ['times', 'addresses', 'customer'] as const) {
      apps[details] = await buildApp({
        config: testConfig({ calendarFeedDetails: details }),
        db: database.handle,
        now: clock.now,
      });
    }
    app = apps.addresses as FastifyInstance;
    car = await serviceIdByName(db, 'Toyota Camry');
  });
  afterAll(async () => {
    await Promise.all(Object.values(apps).map((each) => each.close()));
    await database?.drop();
  });

  /** A paid ride of the Camry on `slotDate` at 10:00 AM that `chauffeurId` drives. */
  const ride = async (slotDate: string, chauffeurId: string | null, name = 'Nell Rider Smith') => {
    const id = await insertAppointment(db, {
      userId: await insertUser(db, name),
      serviceId: car,
      slotDate,
      slotTime: '10:00 AM',
      status: 'paid',
    });
    await db.update(appointments).set({ chauffeurId }).where(eq(appointments.id, id));
    return id;
  };
  const issue = async (as: Browser) => {
    const response = await as.post('/api/staff/calendar-feed', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = CalendarFeedResponseSchema.parse(response.json());
    expect(body.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    return new URL(body.url as string).pathname;
  };
  const read = async (path: string, on: FastifyInstance = app) => {
    const response = await new Browser(on).get(path);
    return { response, events: Object.values(ical.sync.parseICS(response.body)) };
  };
  const eventsOf = (parsed: ReturnType<typeof ical.sync.parseICS>[string][]) =>
    parsed.filter((component): component is VEvent => component?.type === 'VEVENT');

  it('is made, read and revoked by staff only; a visitor 401, a customer 403', async () => {
    expectFailure(
      await new Browser(app).post('/api/staff/calendar-feed', {}),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expect((await customer.post('/api/staff/calendar-feed', {})).statusCode).toBe(403);
    expect((await customer.get('/api/staff/calendar-feed')).statusCode).toBe(403);
    // Before the second factor, nothing.
    const { browser: pending } = await signedInOwner(app, db, NOW, {
      role: 'chauffeur',
      mfa: false,
    });
    expect((await pending.post('/api/staff/calendar-feed', {})).json()).toMatchObject({
      code: 'mfa_required',
    });
  });

  it('shows the rides its holder drives, as a calendar parses them, and follows a move', async () => {
    const { browser, userId } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    expect(
      CalendarFeedResponseSchema.parse((await browser.get('/api/staff/calendar-feed')).json()).feed,
    ).toBeNull();
    const mine = await ride('24_11_2026', userId);
    const others = await ride('25_11_2026', null);
    const path = await issue(browser);
    const { response, events } = await read(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [event, ...more] = eventsOf(events);
    expect(more).toEqual([]);
    expect(event?.uid).toMatch(new RegExp(`^drive-${mine}@`));
    expect(event?.summary).toBe('Ride: Toyota Camry');
    expect(event?.start.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(event?.location).toBe('1 Main Street, Norfolk, MA');
    expect(event?.description).toContain('Drop-off: Logan Airport, Boston, MA');
    expect(event?.description).not.toContain('Nell');
    expect(JSON.stringify(events)).not.toContain(others);

    // Moved (as every move does, its sequence raised): the entry moves.
    const moved = fixtureStretchAt(new Date('2026-11-24T19:00:00Z'));
    await db
      .update(appointments)
      .set({ ...moved, calendarSequence: 1 })
      .where(eq(appointments.id, mine));
    const [after] = eventsOf((await read(path)).events);
    expect(after?.start.toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(Number(after?.sequence)).toBe(1);
    const status = CalendarFeedResponseSchema.parse(
      (await browser.get('/api/staff/calendar-feed')).json(),
    );
    expect(status.feed?.lastReadAt).toBe(NOW.toISOString());
    expect((await appointmentRow(db, mine)).chauffeurId).toBe(userId);
  });

  it('shows an owner every ride of the business, driven by anyone or nobody yet', async () => {
    const { browser } = await signedInOwner(app, db, NOW);
    const { userId: driver } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    const driven = await ride('2_12_2026', driver);
    const unassigned = await ride('3_12_2026', null);
    const uids = eventsOf((await read(await issue(browser))).events).map((event) => event.uid);
    expect(uids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^drive-${driven}@`)),
        expect.stringMatching(new RegExp(`^drive-${unassigned}@`)),
      ]),
    );
  });

  it('tells only what the owner chose: the times, the addresses, or the customer too', async () => {
    const { browser, userId } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    await ride('26_11_2026', userId, 'Mara Quinn');
    const path = await issue(browser);
    const described = async (details: CalendarFeedDetails) =>
      eventsOf((await read(path, apps[details])).events)[0];
    const times = await described('times');
    expect(times?.location).toBeUndefined();
    expect(times?.description).not.toContain('Main Street');
    expect((await described('addresses'))?.description).not.toContain('Mara');
    expect((await described('customer'))?.description).toContain('Customer: Mara, 781-555-0100');
  });

  it('stops working when replaced, revoked, or its holder is no longer staff', async () => {
    const { browser, userId } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    const first = await issue(browser);
    const second = await issue(browser);
    expectFailure((await read(first)).response, 404, NO_SUCH_FEED_MESSAGE);
    expect((await read(second)).response.statusCode).toBe(200);

    const revoked = await browser.post('/api/staff/calendar-feed/revoke', {});
    expect(CalendarFeedResponseSchema.parse(revoked.json())).toMatchObject({
      message: 'Your calendar link no longer works.',
      feed: null,
    });
    expectFailure((await read(second)).response, 404, NO_SUCH_FEED_MESSAGE);
    expect(
      (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))).length,
    ).toBe(0);

    const third = await issue(browser);
    await db.transaction((tx) => demoteToCustomer(tx, userId, NOW));
    expectFailure((await read(third)).response, 404, NO_SUCH_FEED_MESSAGE);
    // Made staff again, the old link stays dead: a later promotion starts afresh.
    await db.update(users).set({ role: 'chauffeur' }).where(eq(users.id, userId));
    expectFailure((await read(third)).response, 404, NO_SUCH_FEED_MESSAGE);
    // A malformed or made-up token is the same 404.
    for (const token of ['nope', `${'a'.repeat(43)}.ics`, `${'a'.repeat(44)}`])
      expectFailure((await read(`/api/calendar/${token}`)).response, 404, NO_SUCH_FEED_MESSAGE);
  });
});
