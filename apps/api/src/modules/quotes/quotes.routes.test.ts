import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ADDRESS_MAX_LENGTH,
  DEFAULT_BUSINESS,
  LENGTH_MESSAGE,
  MESSAGES,
  QuoteResponseSchema,
  ServiceListResponseSchema,
  WAITING_MESSAGE,
  estimateRide,
  routeTooLongMessage,
  type RateDay,
  type RateKind,
  type Service,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { UNPLACED_ADDRESS, serviceIdByName } from '../../test/booking.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const NORWOOD = 'Norwood, MA 02062';
const LOGAN = 'Logan Airport, Boston, MA';
// Tuesday 1 December 2026: a weekday, no holiday.
const TUESDAY = '1_12_2026';

/*
 * `POST /api/service/:serviceId/quote` (docs/product.md, A price from the route): the offline
 * estimate is the real one (no Routes API key in tests), so each drive below is what it says.
 * Norwood to Logan is 20.6 road miles: 26 minutes by day (30 booked), 39 in the morning rush
 * (45 booked), 23 at night (30 booked).
 */
describe.each(await databaseKinds())('POST /api/service/:serviceId/quote on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tesla: Service; // Airport Transfer, Hourly Chauffeur, Point-to-Point Ride; 20% off

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
    const listed = await app.inject({ method: 'GET', url: '/api/service/list' });
    const found = ServiceListResponseSchema.parse(listed.json()).services.find(
      (service) => service.name === 'Tesla Model S',
    );
    if (!found) throw new Error('no Tesla Model S');
    tesla = found;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const quote = (body: unknown, serviceId = tesla._id, browser = new Browser(app)) =>
    browser.post(`/api/service/${serviceId}/quote`, body as Record<string, unknown>);
  const quoted = async (body: unknown) => {
    const response = await quote(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return QuoteResponseSchema.parse(response.json());
  };
  /** The Tesla's price by its own rate cards (the promotion included). */
  const priceOf = (rateKind: RateKind, hours: number, day: RateDay) =>
    estimateRide(tesla, rateKind, hours, day);
  const airport = (ride: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    serviceType: 'Airport Transfer',
    ride: { slotDate: TUESDAY, pickupAddress: NORWOOD, dropoffAddress: LOGAN, ...ride },
    ...extra,
  });

  it('prices a ride from its route at the chosen time, all in, with its reasons', async () => {
    const answer = await quoted(airport({ slotTime: '9:30 AM' }));
    expect(answer.kind).toBe('ride');
    expect(answer.ride).toMatchObject({
      route: { minutes: 26, miles: 20.6, bookedMinutes: 30, source: 'offline' },
      lengthFrom: 'route',
      lengthMinutes: 30,
    });
    const expected = priceOf('ride', 0.5, 'regular');
    expect(answer.ride.price).toEqual({
      listPrice: tesla.specialServicePricePerHour,
      discountPercent: 20,
      price: expected.price,
      deposit: tesla.fees + 1,
      balance: expected.balance,
      reasons: ['price per hour', '20% off Tesla'],
    });
    expect(answer.returnLeg).toBeNull();
    expect(answer.total).toEqual({
      price: expected.price,
      deposit: expected.deposit,
      balance: expected.balance,
    });
  });

  it('gives each start of the day its own length and price, and marks the flat rate', async () => {
    const answer = await quoted(airport({ waitingMinutes: 15 }));
    // No time chosen: the route at noon, no price yet, every start of the free day.
    expect(answer.ride).toMatchObject({ lengthFrom: 'route', lengthMinutes: 45, price: null });
    expect(answer.total).toBeNull();
    const { starts } = answer.ride;
    expect(starts).toHaveLength(48);
    const at = (slotTime: string) => starts.find((start) => start.slotTime === slotTime);
    // 5:30 AM: a night pickup, at the flat rate (the drive, 30 minutes, and the wait).
    expect(at('5:30 AM')).toEqual({
      slotTime: '5:30 AM',
      lengthMinutes: 45,
      price: priceOf('ride', 0.75, 'night').price,
      flatRate: true,
    });
    // 7:30 AM: the rush makes the drive 45 minutes; the day's rate.
    expect(at('7:30 AM')).toEqual({
      slotTime: '7:30 AM',
      lengthMinutes: 60,
      price: priceOf('ride', 1, 'regular').price,
      flatRate: false,
    });
    expect(at('5:30 AM')?.price).not.toBe(at('7:30 AM')?.price);
    // A weekend day takes the flat rate at every start.
    const saturday = await quoted(airport({ slotDate: '5_12_2026', slotTime: '9:30 AM' }));
    expect(saturday.ride.starts.every((start) => start.flatRate)).toBe(true);
    expect(saturday.ride.price?.reasons).toEqual(['weekend flat rate', '20% off Tesla']);
  });

  it('leaves out the starts whose stretch reaches a booking of the car', async () => {
    const userId = await insertUser(database.handle.db);
    // Noon to 1:00 PM and half an hour's turnaround: the car is taken until 1:30 PM. From Logan
    // back to Norwood, so the drives around it are none (reach.routes.test.ts has those).
    await insertAppointment(database.handle.db, {
      userId,
      serviceId: tesla._id,
      slotDate: '2_12_2026',
      slotTime: '12:00 PM',
      pickupAddress: LOGAN,
      dropoffAddress: NORWOOD,
      status: 'paid',
      lengthMinutes: 60,
      turnaroundMinutes: 30,
    });
    const answer = await quoted(airport({ slotDate: '2_12_2026', slotTime: '11:30 AM' }));
    const times = answer.ride.starts.map((start) => start.slotTime);
    // A 30-minute ride and its turnaround need an hour: 11:00 AM ends as the booking starts.
    expect(times).toContain('11:00 AM');
    for (const taken of ['11:30 AM', '12:00 PM', '12:30 PM', '1:00 PM']) {
      expect(times).not.toContain(taken);
    }
    expect(times).toContain('1:30 PM');
    // The chosen time is not offered: no price, and no total.
    expect(answer.ride.price).toBeNull();
    expect(answer.total).toBeNull();
  });

  it('leaves out the starts the car cannot drive to in time, without saying why', async () => {
    const userId = await insertUser(database.handle.db);
    // 6:00 to 7:00 PM, dropping off in Providence: taken until 7:30 PM with its turnaround.
    await insertAppointment(database.handle.db, {
      userId,
      serviceId: tesla._id,
      slotDate: '3_12_2026',
      slotTime: '6:00 PM',
      pickupAddress: LOGAN,
      dropoffAddress: 'Kennedy Plaza, Providence, RI 02903',
      status: 'paid',
      lengthMinutes: 60,
      turnaroundMinutes: 30,
    });
    const answer = await quoted(airport({ slotDate: '3_12_2026', slotTime: '7:30 PM' }));
    const times = answer.ride.starts.map((start) => start.slotTime);
    // Free of the booking from 7:30 PM, but Providence to Norwood is half an hour and more.
    expect(times).not.toContain('7:30 PM');
    expect(times).toContain('8:30 PM');
    expect(answer.ride.price).toBeNull();
    expect(JSON.stringify(answer)).not.toContain('Providence');
  });

  it('prices a round trip: the return from the ride’s places reversed, after the ride, and a total', async () => {
    const answer = await quoted(
      airport(
        { slotTime: '9:30 AM' },
        { returnLeg: { slotDate: TUESDAY, slotTime: '4:00 PM', waitingMinutes: 30 } },
      ),
    );
    const back = answer.returnLeg;
    // Logan to Norwood in the evening rush: 39 minutes, 45 booked, and half an hour's wait.
    expect(back).toMatchObject({
      route: { minutes: 39, bookedMinutes: 45, source: 'offline' },
      lengthFrom: 'route',
      lengthMinutes: 75,
    });
    // The ride is back at 10:00 AM and its turnaround ends at 10:30 AM.
    expect(back?.starts[0]?.slotTime).toBe('10:30 AM');
    const there = priceOf('ride', 0.5, 'regular');
    const home = priceOf('ride', 1.25, 'regular');
    expect(back?.price).toMatchObject({
      price: home.price,
      reasons: ['first 1 h 15 min', '20% off Tesla'],
    });
    expect(answer.total).toEqual({
      price: Math.round((there.price + home.price) * 100) / 100,
      deposit: there.deposit + home.deposit,
      balance: Math.round((there.balance + home.balance) * 100) / 100,
    });
    // Without the return's time, the legs are not all priced: no total.
    const open = await quoted(
      airport({ slotTime: '9:30 AM' }, { returnLeg: { slotDate: TUESDAY } }),
    );
    expect(open.ride.price).not.toBeNull();
    expect(open.returnLeg?.price).toBeNull();
    expect(open.total).toBeNull();
  });

  it('uses the chosen length for a place it cannot find, an hourly charter and a rental', async () => {
    const unplaced = await quoted(
      airport({ slotTime: '9:30 AM', pickupAddress: UNPLACED_ADDRESS, lengthMinutes: 120 }),
    );
    expect(unplaced.ride).toMatchObject({ route: null, lengthFrom: 'chosen', lengthMinutes: 120 });
    expect(unplaced.ride.price?.price).toBe(priceOf('ride', 2, 'regular').price);
    // An address not typed yet: no route, the kind's shortest.
    const empty = await quoted(airport({ dropoffAddress: '' }));
    expect(empty.ride).toMatchObject({ route: null, lengthFrom: 'chosen', lengthMinutes: 60 });

    const hourly = await quoted({
      serviceType: 'Hourly Chauffeur',
      ride: {
        slotDate: TUESDAY,
        slotTime: '9:30 AM',
        pickupAddress: NORWOOD,
        dropoffAddress: LOGAN,
        waitingMinutes: 30,
        lengthMinutes: 180,
      },
    });
    expect(hourly.kind).toBe('hourly');
    expect(hourly.ride).toMatchObject({ route: null, lengthFrom: 'chosen', lengthMinutes: 180 });
    expect(hourly.ride.price?.reasons).toEqual(['3 h × multi-hour rate', '20% off Tesla']);
    expect(hourly.ride.starts.every((start) => !start.flatRate)).toBe(true);

    const odyssey = await serviceIdByName(database.handle.db, 'Honda Odyssey');
    const rental = await quote(
      {
        serviceType: 'Car Rental',
        ride: { slotDate: TUESDAY, slotTime: '9:30 AM', lengthMinutes: 2 * 1440 },
      },
      odyssey,
    );
    expect(rental.statusCode, rental.body).toBe(200);
    const rented = QuoteResponseSchema.parse(rental.json());
    expect(rented.kind).toBe('rental');
    expect(rented.ride).toMatchObject({
      route: null,
      lengthFrom: 'chosen',
      lengthMinutes: 2 * 1440,
    });
  });

  it('refuses a trip too long to book online, with the business’s phone', async () => {
    expectFailure(
      await quote(
        airport({
          slotTime: '9:30 AM',
          pickupAddress: 'Boston, MA',
          dropoffAddress: 'Washington, DC',
        }),
      ),
      400,
      routeTooLongMessage(DEFAULT_BUSINESS.phone),
    );
  });

  it('refuses bad input with each field’s message', async () => {
    const ride = {
      slotDate: TUESDAY,
      slotTime: '9:30 AM',
      pickupAddress: NORWOOD,
      dropoffAddress: LOGAN,
    };
    const cases: [unknown, number, string][] = [
      [{ serviceType: 'Airport Transfer' }, 400, MESSAGES.selectDateTime],
      [{ serviceType: 'Airport Transfer', ride: 'tomorrow' }, 400, MESSAGES.selectDateTime],
      [airport({ slotDate: '2026-12-01' }), 400, MESSAGES.selectDateTime],
      [airport({ slotDate: 1 }), 400, MESSAGES.selectDateTime],
      [airport({ slotTime: '9:15 AM' }), 400, MESSAGES.selectDateTime],
      [airport({ pickupAddress: 7 }), 400, 'The pickup address must be text.'],
      [
        airport({ dropoffAddress: 'x'.repeat(ADDRESS_MAX_LENGTH + 1) }),
        400,
        `The drop-off address must be at most ${ADDRESS_MAX_LENGTH} characters.`,
      ],
      [airport({ waitingMinutes: 20 }), 400, WAITING_MESSAGE],
      [airport({ waitingMinutes: '15' }), 400, WAITING_MESSAGE],
      [airport({ lengthMinutes: 90.5 }), 400, LENGTH_MESSAGE],
      [airport({ lengthMinutes: 0 }), 400, LENGTH_MESSAGE],
      [airport({}, { returnLeg: { slotDate: 'soon' } }), 400, MESSAGES.selectDateTime],
      [{ serviceType: 7, ride }, 400, MESSAGES.selectServiceType],
      [{ serviceType: 'Car Rental', ride }, 400, MESSAGES.selectServiceType],
      // The Tesla offers three types: one must be chosen.
      [{ ride }, 400, MESSAGES.selectServiceType],
      [
        airport({ slotTime: '9:30 AM', lengthMinutes: 90 }, { serviceType: 'Hourly Chauffeur' }),
        400,
        LENGTH_MESSAGE,
      ],
    ];
    for (const [body, status, message] of cases) {
      expectFailure(await quote(body), status, message);
    }
    expectFailure(await quote(airport({}), 'tesla'), 400, 'Invalid service id');
    expectFailure(
      await quote(airport({}), '00000000-0000-4000-8000-000000000000'),
      404,
      'Service not found',
    );
    const visitor = new Browser(app);
    const noToken = await visitor.post(`/api/service/${tesla._id}/quote`, airport({}), {
      csrf: false,
    });
    expectFailure(noToken, 403, CSRF_FAILED_MESSAGE);
  });
});

describe('the quote’s rate limit', () => {
  const limit = { max: 3, windowMs: 15 * 60_000 };
  let database: TestDatabase;
  let app: FastifyInstance;
  // Opened before the test, as the other suites do: a fresh database is slow on a busy machine.
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ rateLimits: { ...testConfig().rateLimits, quotePerIp: limit } }),
      db: database.handle,
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('refuses a client address past its quotes with 429, and counts each address apart', async () => {
    const tesla = await serviceIdByName(database.handle.db, 'Tesla Model S');
    const body = {
      serviceType: 'Airport Transfer',
      ride: { slotDate: TUESDAY, pickupAddress: NORWOOD, dropoffAddress: LOGAN },
    };
    const browser = new Browser(app);
    for (let i = 0; i < limit.max; i += 1) {
      const response = await browser.post(`/api/service/${tesla}/quote`, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectFailure(
      await browser.post(`/api/service/${tesla}/quote`, body),
      429,
      MESSAGES.tooManyRequests,
    );
    const other = await new Browser(app).post(`/api/service/${tesla}/quote`, body);
    expect(other.statusCode, other.body).toBe(200);
  });
});
