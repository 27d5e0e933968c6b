import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { services } from '@app/db';
import {
  BookingResponseSchema,
  CustomerRideResponseSchema,
  PaymentDetailsResponseSchema,
  QuoteResponseSchema,
  type BookingRequest,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  appointmentRow,
  bookingRequest,
  openSandboxCheckout,
  paySandboxCheckout,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';
const SATURDAY = '28_11_2026';
const MONDAY = '23_11_2026';

/*
 * One quote, all in (docs/product.md, A price from the route): a booking keeps why its price is
 * what it is with the price itself, from the one estimate the quote also gives, and the
 * checkout, the confirmation and the ride page say it, each leg of a round trip its own.
 */
describe.each(await databaseKinds())('a booked price and its reasons on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let camry: string; // Toyota: no promotion; deposit $36.00, weekend flat rate $115
  let teslaS: string; // Tesla: 20% off; deposit $66.00

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
    camry = await serviceIdByName(database.handle.db, 'Toyota Camry');
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const db = () => database.handle.db;
  const customer = () => signedInBrowser(app, db(), NOW);
  const book = async (browser: Browser, body: BookingRequest & Record<string, unknown>) => {
    const response = await browser.post('/api/user/book-appointment', body);
    expect(response.statusCode, response.body).toBe(200);
    return BookingResponseSchema.parse(response.json());
  };
  /** What the booking page was quoted for the same ride at the same time. */
  const quotedLeg = async (serviceId: string, body: BookingRequest) => {
    const response = await new Browser(app).post(`/api/service/${serviceId}/quote`, {
      serviceType: body.selectedServiceType,
      ride: {
        slotDate: body.slotDate,
        slotTime: body.slotTime,
        pickupAddress: body.pickupAddress,
        dropoffAddress: body.dropoffAddress,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return QuoteResponseSchema.parse(response.json()).ride.price;
  };
  /** Pays through the sandbox page; answers the page's HTML and the payment details. */
  const payAndConfirm = async (browser: Browser, appointmentId: string) => {
    const path = await openSandboxCheckout(browser, appointmentId);
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const paid = await paySandboxCheckout(app, path);
    expect(paid.statusCode, paid.body).toBe(303);
    const sessionId = path.split('/').at(-1) as string;
    const details = await browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`);
    expect(details.statusCode, details.body).toBe(200);
    return { html: page.body, details: PaymentDetailsResponseSchema.parse(details.json()) };
  };
  const ridePage = async (browser: Browser, id: string) =>
    CustomerRideResponseSchema.parse((await browser.get(`/api/appointments/${id}`)).json()).ride;

  it('keeps a weekend flat rate with the price, as quoted, and shows it after the rates change', async () => {
    const { browser } = await customer();
    const request = bookingRequest(camry, { slotDate: SATURDAY, slotTime: '10:00 AM' });
    const quoted = await quotedLeg(camry, request);
    expect(quoted?.reasons[0]).toMatch(/^weekend flat rate/);
    const { appointmentId } = await book(browser, request);

    const row = await appointmentRow(db(), appointmentId);
    expect(row.priceReasons).toEqual(quoted?.reasons);
    expect(row.priceCents).toBe(Math.round((quoted?.price ?? 0) * 100));

    const { html, details } = await payAndConfirm(browser, appointmentId);
    const why = (quoted?.reasons ?? []).join(' · ');
    // The checkout says what the deposit is toward and why.
    expect(html).toContain(`(${why})`);
    expect(details.price).toEqual({
      priceCents: row.priceCents,
      depositCents: 3600,
      balanceCents: (row.priceCents as number) - 3600,
      legs: [
        {
          priceCents: row.priceCents,
          depositCents: 3600,
          balanceCents: (row.priceCents as number) - 3600,
          reasons: quoted?.reasons,
        },
      ],
    });

    // The owner raises the flat rate afterwards: the booked ride keeps its price and reasons.
    await db()
      .update(services)
      .set({ specialPriceFlatRateCents: 99_900 })
      .where(eq(services.id, camry));
    const ride = await ridePage(browser, appointmentId);
    expect(ride.price).toEqual(details.price?.legs[0]);
  });

  it('keeps a night flat rate and the promotion, each in its own words', async () => {
    const { browser } = await customer();
    const request = bookingRequest(teslaS, { slotDate: MONDAY, slotTime: '11:00 PM' });
    const quoted = await quotedLeg(teslaS, request);
    const { appointmentId } = await book(browser, request);
    const row = await appointmentRow(db(), appointmentId);
    expect(row.priceReasons?.[0]).toMatch(/^night flat rate/);
    expect(row.priceReasons?.at(-1)).toBe('20% off Tesla');
    expect(row.priceReasons).toEqual(quoted?.reasons);

    const { details } = await payAndConfirm(browser, appointmentId);
    expect(details.price?.legs.map((leg) => leg.reasons)).toEqual([row.priceReasons]);
    expect((await ridePage(browser, appointmentId)).price?.reasons).toEqual(row.priceReasons);
  });

  it('gives each leg of a round trip its own price and reasons, and both together', async () => {
    const { browser } = await customer();
    const booked = await book(
      browser,
      bookingRequest(teslaS, {
        slotDate: '24_11_2026',
        slotTime: '9:00 AM',
        needsReturnRide: true,
        returnSlotDate: '24_11_2026',
        returnSlotTime: '10:30 PM',
      }),
    );
    const first = await appointmentRow(db(), booked.appointmentId);
    const back = await appointmentRow(db(), booked.returnAppointmentId as string);
    // By day the rate cards, at night the flat rate: the two legs differ.
    expect(first.priceReasons?.[0]).not.toMatch(/flat rate/);
    expect(back.priceReasons?.[0]).toMatch(/^night flat rate/);
    expect(first.priceReasons?.at(-1)).toBe('20% off Tesla');

    const { html, details } = await payAndConfirm(browser, booked.appointmentId);
    for (const leg of [first, back]) expect(html).toContain(`(${leg.priceReasons?.join(' · ')})`);
    const legOf = (row: typeof first) => ({
      priceCents: row.priceCents,
      depositCents: 6600,
      balanceCents: (row.priceCents as number) - 6600,
      reasons: row.priceReasons,
    });
    const total = (first.priceCents as number) + (back.priceCents as number);
    expect(details.price).toEqual({
      priceCents: total,
      depositCents: 13_200,
      balanceCents: total - 13_200,
      legs: [legOf(first), legOf(back)],
    });
    // Each leg's own page: its own price.
    expect((await ridePage(browser, first.id)).price).toEqual(legOf(first));
    expect((await ridePage(browser, back.id)).price).toEqual(legOf(back));
  });
});
