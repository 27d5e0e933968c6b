import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LegacyOverlapsResponseSchema } from '@app/shared';
import { buildApp } from '../../app.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York

describe.each(await databaseKinds())('GET /api/admin/rides/legacy-overlaps on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('lists a ride booked before lengths whose real stretch reaches the next booking', async () => {
    const db = database.handle.db;
    const car = await serviceIdByName(db, 'Toyota Camry');
    const userId = await insertUser(db, 'Early Booker');
    // Booked before lengths: half an hour each, side by side, no turnaround (no price kept).
    const at = (slotTime: string) =>
      insertAppointment(db, {
        userId,
        serviceId: car,
        slotDate: '1_12_2026',
        slotTime,
        status: 'paid',
      });
    const first = await at('9:00 AM');
    const second = await at('9:30 AM');
    await at('2:00 PM');

    const { browser: owner } = await signedInOwner(app, db, NOW);
    const response = await owner.get('/api/admin/rides/legacy-overlaps');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { rides } = LegacyOverlapsResponseSchema.parse(response.json());
    // A ride is an hour and the Camry's turnaround 30 minutes: 9:00 reaches 9:30, and 9:30
    // reaches nothing kept (9:00 holds only its half hour); 2:00 PM stands alone.
    expect(rides).toEqual([
      {
        id: first,
        carName: 'Toyota Camry',
        customerName: 'Early Booker',
        slotDate: '1_12_2026',
        slotTime: '9:00 AM',
        realUntil: '2026-12-01T15:30:00.000Z',
        overlaps: [{ id: second, slotDate: '1_12_2026', slotTime: '9:30 AM' }],
      },
    ]);
  });

  it('is the owners’ alone', async () => {
    const { browser } = await signedInBrowser(app, database.handle.db, NOW);
    expectFailure(await browser.get('/api/admin/rides/legacy-overlaps'), 403, OWNER_ONLY_MESSAGE);
  });
});
