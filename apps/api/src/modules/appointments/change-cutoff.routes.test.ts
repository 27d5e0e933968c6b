import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { CustomerRideResponseSchema, DEFAULT_BUSINESS, slotStartsAt } from '@app/shared';
import { buildApp } from '../../app.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { expectFailure } from '../../test/browser.ts';
import { createClock, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { tooLateToChangeMessage } from './own-ride.ts';

const MINUTE = 60_000;
const TOO_LATE = tooLateToChangeMessage(24, DEFAULT_BUSINESS.phone);

/*
 * "Up to 24 hours before pickup" (docs/product.md) is 24 hours of elapsed time
 * (packages/shared/src/change-cutoff.ts): on the weekends New York's clocks change, the last
 * minute to change a 9:00 AM Sunday ride online is 8:00 AM Saturday (spring forward) or 10:00 AM
 * Saturday (fall back), not 9:00 AM.
 */
describe.each(await databaseKinds())('the change cut-off across clock changes, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let clock: TestClock;
  let tesla: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    clock = createClock(new Date('2026-03-01T15:00:00Z'));
    app = await buildApp({ config: testConfig(), db: database.handle, now: clock.now });
    tesla = await serviceIdByName(db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Sets the clock to an instant given as New York's wall clock (`d_m_yyyy`, `h:mm AM`). */
  const at = (day: string, time: string, plusMs = 0) => {
    const instant = (slotStartsAt(day, time) as Date).getTime() + plusMs;
    clock.advance(instant - clock.millis());
  };

  it.each([
    // The day before has one more hour of EST: 9:00 AM Saturday is already 23 hours before.
    ['spring forward', '8_3_2026', '7_3_2026', '8:00 AM', false],
    // The day before is still EDT: 9:00 AM Saturday is 25 hours before.
    ['fall back', '1_11_2026', '31_10_2026', '10:00 AM', true],
  ])(
    'a 9:00 AM ride on the Sunday clocks %s (%s) can be changed until 24 hours before',
    async (_, sunday, saturday, lastMinute, atNineSaturday) => {
      at(saturday, '8:00 AM', -24 * 60 * MINUTE);
      const { browser, userId } = await signedInBrowser(app, db, clock.now());
      const rideId = await insertAppointment(db, {
        userId,
        serviceId: tesla,
        slotDate: sunday,
        slotTime: '9:00 AM',
        status: 'paid',
      });
      const changeable = async () => {
        const response = await browser.get(`/api/appointments/${rideId}`);
        expect(response.statusCode, response.body).toBe(200);
        return CustomerRideResponseSchema.parse(response.json()).ride.changeable;
      };

      at(saturday, '9:00 AM');
      expect(await changeable()).toBe(atNineSaturday);
      at(saturday, lastMinute, MINUTE);
      expect(await changeable()).toBe(false);
      expectFailure(await browser.post(`/api/appointments/${rideId}/cancel`, {}), 422, TOO_LATE);
      at(saturday, lastMinute);
      expect(await changeable()).toBe(true);
      const cancelled = await browser.post(`/api/appointments/${rideId}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [row] = await db.select().from(appointments).where(eq(appointments.id, rideId));
      expect(row?.status).toBe('cancelled');
    },
  );
});
