import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments } from '@app/db';
import {
  BookingResponseSchema,
  DEFAULT_BUSINESS,
  ServiceListResponseSchema,
  WAITING_MESSAGE,
  estimateRide,
  routeTooLongMessage,
  type Service,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { expectFailure } from '../../test/browser.ts';
import {
  UNPLACED_ADDRESS,
  appointmentRow,
  bookOk,
  bookingRequest,
  signedInBrowser,
} from '../../test/booking.ts';
import { MINUTE } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BOOK = '/api/user/book-appointment';
const NORWOOD = 'Norwood, MA 02062';
const LOGAN = 'Logan Airport, Boston, MA';

/*
 * A ride books its route (docs/product.md, A price from the route): the drive from pickup to
 * drop-off at the pickup's time, rounded up to the quarter hour, plus the waiting time, by the
 * real offline estimate (no Routes API key in tests). Norwood to Logan is 26 minutes on a
 * weekday morning after the rush (30 booked), 39 in the evening rush (45 booked).
 */
describe.each(await databaseKinds())('a ride’s length from its route on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tesla: Service;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
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

  const db = () => database.handle.db;
  const customer = async () => (await signedInBrowser(app, db(), NOW)).browser;
  const airport = (slotDate: string, slotTime: string, extra: Record<string, unknown> = {}) =>
    bookingRequest(tesla._id, {
      slotDate,
      slotTime,
      pickupAddress: NORWOOD,
      dropoffAddress: LOGAN,
      ...extra,
    });

  it('books the drive’s quarter hours and prices that length', async () => {
    // Sent with an hour: the route decides, not the browser.
    const id = await bookOk(
      await customer(),
      airport('1_12_2026', '9:30 AM', { lengthMinutes: 60 }),
    );
    const row = await appointmentRow(db(), id);
    expect(row.lengthMinutes).toBe(30);
    expect(row.endsAt.getTime() - row.slotStart.getTime()).toBe(30 * MINUTE);
    expect(row.occupiedUntil.getTime() - row.endsAt.getTime()).toBe(30 * MINUTE);
    const price = estimateRide(tesla, 'ride', 0.5, 'regular').price;
    expect(row.priceCents).toBe(Math.round(price * 100));
  });

  it('adds the waiting time, and refuses one that is not on the list', async () => {
    const id = await bookOk(
      await customer(),
      airport('2_12_2026', '9:30 AM', { waitingMinutes: 45 }),
    );
    expect((await appointmentRow(db(), id)).lengthMinutes).toBe(75);
    expectFailure(
      await (await customer()).post(BOOK, airport('2_12_2026', '3:00 PM', { waitingMinutes: 20 })),
      400,
      WAITING_MESSAGE,
    );
    // Hourly charters choose their length: the waiting time is not added.
    const hourly = await bookOk(
      await customer(),
      airport('2_12_2026', '6:00 PM', {
        selectedServiceType: 'Hourly Chauffeur',
        lengthMinutes: 120,
        waitingMinutes: 30,
      }),
    );
    expect((await appointmentRow(db(), hourly)).lengthMinutes).toBe(120);
  });

  it('keeps the chosen length when a place cannot be found, the shortest without one', async () => {
    const chosen = await bookOk(
      await customer(),
      airport('3_12_2026', '9:30 AM', { pickupAddress: UNPLACED_ADDRESS, lengthMinutes: 120 }),
    );
    expect((await appointmentRow(db(), chosen)).lengthMinutes).toBe(120);
    const shortest = await bookOk(
      await customer(),
      airport('3_12_2026', '2:00 PM', { pickupAddress: UNPLACED_ADDRESS, waitingMinutes: 30 }),
    );
    expect((await appointmentRow(db(), shortest)).lengthMinutes).toBe(60);
  });

  it('refuses a trip too long to book online with the business’s phone, keeping nothing', async () => {
    expectFailure(
      await (
        await customer()
      ).post(
        BOOK,
        airport('4_12_2026', '9:30 AM', {
          pickupAddress: 'Boston, MA',
          dropoffAddress: 'Washington, DC',
        }),
      ),
      400,
      routeTooLongMessage(DEFAULT_BUSINESS.phone),
    );
    const kept = await db()
      .select()
      .from(appointments)
      .where(eq(appointments.slotDate, '4_12_2026'));
    expect(kept).toEqual([]);
  });

  it('books a round trip’s return from its own route: the ride’s places reversed, with its wait', async () => {
    const response = await (
      await customer()
    ).post(
      BOOK,
      airport('7_12_2026', '9:30 AM', {
        needsReturnRide: true,
        returnSlotDate: '7_12_2026',
        returnSlotTime: '4:00 PM',
        returnWaitingMinutes: 15,
        returnLengthMinutes: 60,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { returnAppointmentId } = BookingResponseSchema.parse(response.json());
    const back = await appointmentRow(db(), returnAppointmentId as string);
    // Logan to Norwood in the evening rush, 45 minutes, and a quarter hour's wait.
    expect(back).toMatchObject({
      pickupAddress: LOGAN,
      dropoffAddress: NORWOOD,
      lengthMinutes: 60,
    });
    expect(back.priceCents).toBe(Math.round(estimateRide(tesla, 'ride', 1, 'regular').price * 100));
  });
});
