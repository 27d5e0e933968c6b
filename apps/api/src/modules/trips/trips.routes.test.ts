import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages, type Database } from '@app/db';
import { CustomerRideResponseSchema, TripResponseSchema } from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  bookingRequest,
  bookOk,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { setChauffeur, signedInChauffeur } from '../../test/chauffeur.ts';
import { createClock, DAY } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { tripLinks } from './trip-link.ts';
import { TRIP_NOT_FOUND_MESSAGE } from './trips.routes.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
/** Walpole, MA: about 8 miles from the booking's pickup in Norfolk. */
const WALPOLE = { latitude: 42.1417, longitude: -71.2495 };

/**
 * The live trip page's answer (issue 30): opened by its link without signing in, one ride
 * only, read-only, the chauffeur's first name, car and plate, the taps, and while on the way
 * how far the car is; gone a day after the ride. Through the HTTP API, on both databases.
 */
describe.each(await databaseKinds())('the live trip page, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let dana: Browser;
  let danaId: string;
  let teslaS: string;
  const clock = createClock(NOW);
  const config = testConfig();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config, db: database.handle, now: clock.now });
    teslaS = await serviceIdByName(db, 'Tesla Model S');
    ({ browser: dana, userId: danaId } = await signedInChauffeur(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A paid ride Dana drives, its customer, and the token its page gives them. */
  async function drivenRide(slotTime: string) {
    const { browser: customer, email } = await signedInBrowser(app, db, NOW);
    const id = await bookOk(customer, bookingRequest(teslaS, { slotDate: '24_11_2026', slotTime }));
    await payThroughSandbox(app, customer, id);
    await setChauffeur(db, id, danaId);
    const page = await customer.get(`/api/appointments/${id}`);
    const token = CustomerRideResponseSchema.parse(page.json()).ride.tripToken;
    if (!token) throw new Error('a paid ride has a trip token');
    return { id, token, email };
  }
  const look = (token: string) => new Browser(app).get(`/api/trip/${token}`);

  it('shows one ride’s trip to whoever holds its link, and nothing of the customer', async () => {
    const { token, email } = await drivenRide('9:00 AM');
    const response = await look(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { trip } = TripResponseSchema.parse(response.json());
    expect(trip).toMatchObject({
      slotTime: '9:00 AM',
      status: 'paid',
      car: { name: 'Tesla Model S' },
      chauffeurFirstName: 'Dana',
      tripStatus: null,
      events: [],
      approach: null,
    });
    expect(response.body).not.toContain(email);
    expect(response.body).not.toContain('Driver');
  });

  it('answers a token it did not make, a changed one and a malformed one as not found', async () => {
    const { id, token } = await drivenRide('11:30 AM');
    const other = tripLinks('another-secret-of-at-least-32-characters!').tokenOf(id);
    const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // The same bytes spelt with the last character's unused bits set: not the token made.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = `${token.slice(0, -1)}${last[last.indexOf(token.at(-1) ?? 'A') ^ 1]}`;
    for (const bad of [other, changed, respelt, 'x'.repeat(43), 'short', `${token}x`]) {
      expectFailure(await look(bad), 404, TRIP_NOT_FOUND_MESSAGE);
    }
  });

  it('follows the taps, says how far the car is while on the way, and links the messages', async () => {
    const { id, token } = await drivenRide('2:00 PM');
    const tap = async (status: string, position?: typeof WALPOLE) => {
      const response = await dana.post(`/api/drive/rides/${id}/status`, {
        status,
        tapKey: crypto.randomUUID(),
        ...(position ? { position } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await tap('on_my_way', WALPOLE);
    const onTheWay = TripResponseSchema.parse((await look(token)).json()).trip;
    expect(onTheWay.tripStatus).toBe('on_my_way');
    expect(onTheWay.events.map((e) => e.status)).toEqual(['on_my_way']);
    expect(onTheWay.approach?.miles).toBeGreaterThan(4);
    expect(onTheWay.approach?.miles).toBeLessThan(15);
    expect(onTheWay.approach?.minutes).toBeGreaterThan(5);
    // The customer's text and email link to this page.
    const sent = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.template, 'on_my_way')));
    expect(sent.length).toBeGreaterThan(0);
    for (const row of sent)
      expect(row.payload).toMatchObject({ tripUrl: `${config.publicBaseUrl}/trip/${token}` });

    await tap('arrived');
    const there = TripResponseSchema.parse((await look(token)).json()).trip;
    expect(there.tripStatus).toBe('arrived');
    expect(there.approach).toBeNull();
  });

  it('is gone a day after the ride', async () => {
    const { token } = await drivenRide('5:00 PM');
    expect((await look(token)).statusCode).toBe(200);
    clock.advance(4 * DAY);
    expectFailure(await look(token), 404, TRIP_NOT_FOUND_MESSAGE);
  });
});
