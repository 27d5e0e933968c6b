import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, refunds, sandboxCheckouts } from '@app/db';
import {
  BookingResponseSchema,
  CustomerRideResponseSchema,
  MyRidesResponseSchema,
  PaymentDetailsResponseSchema,
  RETURN_BEFORE_END_MESSAGE,
  RETURN_TAKEN_MESSAGE,
  RETURN_TIME_MESSAGE,
  RideResponseSchema,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import {
  bookingRequest,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { expectFailure, type Browser } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';

/*
 * A round trip (ADR 018): two legs on one car, held in one statement, paid in one checkout with
 * a line each, shown as two rides, cancelled together when the customer says so, refunded by
 * the leg.
 */
describe.each(await databaseKinds())('a round trip on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let teslaS: string; // deposit $66.00, ride turnaround 30 minutes

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE }),
      db: database.handle,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const db = () => database.handle.db;
  const customer = () => signedInBrowser(app, db(), NOW);
  const roundTrip = (slotDate: string, out: string, back: string, extra = {}) =>
    bookingRequest(teslaS, {
      slotDate,
      slotTime: out,
      lengthMinutes: 60,
      needsReturnRide: true,
      returnPickupAddress: 'Logan Airport, Boston, MA',
      returnDropoffAddress: '1 Main Street, Norfolk, MA',
      returnSlotDate: slotDate,
      returnSlotTime: back,
      returnLengthMinutes: 75,
      ...extra,
    });
  const book = async (browser: Browser, body: Record<string, unknown>) => {
    const response = await browser.post('/api/user/book-appointment', body);
    expect(response.statusCode, response.body).toBe(200);
    return BookingResponseSchema.parse(response.json());
  };
  const row = async (id: string) => {
    const [found] = await db().select().from(appointments).where(eq(appointments.id, id));
    return found;
  };

  it('holds both legs on the car, pays them in one checkout, and shows them as two rides', async () => {
    const { browser } = await customer();
    const booked = await book(browser, roundTrip('1_12_2026', '9:00 AM', '4:00 PM'));
    expect(booked.returnAppointmentId).toMatch(/^[0-9a-f-]{36}$/);
    const back = await row(booked.returnAppointmentId as string);
    expect(back).toMatchObject({
      status: 'pending_payment',
      returnOf: booked.appointmentId,
      serviceId: teslaS,
      slotTime: '4:00 PM',
      // Its route's length, not the 75 minutes sent: from Logan to Norfolk in the evening rush
      // (58 minutes' drive), a whole hour.
      lengthMinutes: 60,
      pickupAddress: 'Logan Airport, Boston, MA',
      dropoffAddress: '1 Main Street, Norfolk, MA',
    });

    const sessionId = await payThroughSandbox(app, browser, booked.appointmentId);
    const [checkout] = await db()
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, sessionId));
    // Two deposits of $66 in one checkout.
    expect(checkout?.amountCents).toBe(13_200);
    const [first, second] = [await row(booked.appointmentId), await row(back?.id as string)];
    expect(first?.status).toBe('paid');
    expect(second?.status).toBe('paid');
    expect(second?.paymentIntentId).toBe(first?.paymentIntentId);

    // The slots list both stretches; the ride page links the return leg.
    const page = await browser.get(`/api/appointments/${booked.appointmentId}`);
    const { ride } = CustomerRideResponseSchema.parse(page.json());
    expect(ride.trip.returnRide?.leg).toEqual({
      id: back?.id,
      slotDate: '1_12_2026',
      slotTime: '4:00 PM',
      cancelled: false,
    });
    expect(ride.returnLegLive).toBe(true);
    const list = await browser.get('/api/user/appointments');
    const legs = list.json<{ appointments: { _id: string; trip: { isReturnLeg: boolean } }[] }>();
    expect(legs.appointments.map((a) => a.trip.isReturnLeg).sort()).toEqual([false, true]);

    // The console shows each leg with the other: the move form keeps their car by this.
    const { browser: owner } = await signedInOwner(app, db(), NOW);
    const legOf = async (id: string) =>
      RideResponseSchema.parse((await owner.get(`/api/admin/rides/${id}`)).json()).ride;
    expect(await legOf(booked.appointmentId)).toMatchObject({ returnOf: null, returnId: back?.id });
    expect(await legOf(back?.id as string)).toMatchObject({
      returnOf: booked.appointmentId,
      returnId: null,
    });
  });

  it('holds neither leg when the return overlaps another booking, and says it is the return', async () => {
    const other = await customer();
    await book(
      other.browser,
      bookingRequest(teslaS, { slotDate: '2_12_2026', slotTime: '5:00 PM' }),
    );
    const { browser } = await customer();
    const response = await browser.post(
      '/api/user/book-appointment',
      roundTrip('2_12_2026', '9:00 AM', '4:00 PM'),
    );
    // 4:00 PM for the hour's drive from Logan in the rush and its turnaround reaches 5:00 PM.
    expectFailure(response, 409, RETURN_TAKEN_MESSAGE);
    const nine = await db()
      .select()
      .from(appointments)
      .where(and(eq(appointments.serviceId, teslaS), eq(appointments.slotDate, '2_12_2026')));
    expect(nine.map((a) => a.slotTime)).toEqual(['5:00 PM']);
  });

  it('refuses a return before the first ride ends, or half a return time', async () => {
    const { browser } = await customer();
    expectFailure(
      await browser.post(
        '/api/user/book-appointment',
        roundTrip('3_12_2026', '9:00 AM', '9:30 AM'),
      ),
      400,
      RETURN_BEFORE_END_MESSAGE,
    );
    expectFailure(
      await browser.post(
        '/api/user/book-appointment',
        roundTrip('3_12_2026', '9:00 AM', '4:00 PM', { returnSlotDate: undefined }),
      ),
      400,
      RETURN_TIME_MESSAGE,
    );
  });

  it('cancels the return with the first when the customer says so, and refunds a leg alone', async () => {
    const { browser } = await customer();
    const together = await book(browser, roundTrip('4_12_2026', '9:00 AM', '3:00 PM'));
    await payThroughSandbox(app, browser, together.appointmentId);
    const cancelled = await browser.post(`/api/appointments/${together.appointmentId}/cancel`, {
      withReturn: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await row(together.returnAppointmentId as string))?.status).toBe('cancelled');

    const apart = await book(browser, roundTrip('5_12_2026', '9:00 AM', '3:00 PM'));
    const sessionId = await payThroughSandbox(app, browser, apart.appointmentId);
    const owner = await signedInOwner(app, db(), NOW);
    const returnId = apart.returnAppointmentId as string;
    const refunded = await owner.browser.post(`/api/admin/rides/${returnId}/cancel`, {
      reason: 'The car broke down.',
      refund: 'full',
      from: 'paid',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const given = await db().select().from(refunds).where(eq(refunds.appointmentId, returnId));
    expect(given).toEqual([expect.objectContaining({ amountCents: 6600 })]);
    // The first leg stays paid, a one-way ride now: the console no longer ties it to a return.
    expect((await row(apart.appointmentId))?.status).toBe('paid');
    const first = await owner.browser.get(`/api/admin/rides/${apart.appointmentId}`);
    expect(RideResponseSchema.parse(first.json()).ride.returnId).toBeNull();

    // The customer reads the return as cancelled wherever the first ride shows it: its page,
    // My rides and the confirmation opened again (not booked, not "to book later").
    const cancelledLeg = {
      id: returnId,
      slotDate: '5_12_2026',
      slotTime: '3:00 PM',
      cancelled: true,
    };
    const page = CustomerRideResponseSchema.parse(
      (await browser.get(`/api/appointments/${apart.appointmentId}`)).json(),
    );
    expect(page.ride.trip.returnRide?.leg).toEqual(cancelledLeg);
    expect(page.ride.returnLegLive).toBe(false);
    const { upcoming } = MyRidesResponseSchema.parse((await browser.get('/api/user/rides')).json());
    const listed = upcoming.find((ride) => ride.id === apart.appointmentId);
    expect(listed?.trip.returnRide?.leg).toEqual(cancelledLeg);
    const success = await browser.get(
      `/api/user/stripe-payment-details?session_id=${encodeURIComponent(sessionId)}`,
    );
    expect(success.statusCode, success.body).toBe(200);
    const details = PaymentDetailsResponseSchema.parse(success.json());
    expect(details.ride.returnRide?.leg).toEqual(cancelledLeg);
    expect(details.cancellation).toBeUndefined();
  });
});
