import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tripEvents, type Database } from '@app/db';
import { DriveTimesResponseSchema, slotStartsAt, type TripStatus } from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';
import { createOfflineTravelTime } from '../../travel/offline-travel-time.ts';

// Sunday 22 November 2026, 10:07 AM in New York.
const NOW = new Date('2026-11-22T15:07:00Z');
const NORFOLK = '12 Main Street, Norfolk, MA 02056';
const LOGAN = 'Logan International Airport, Boston, MA';

/**
 * Issue 29's calibration: the console holds the offline estimate of each driven ride against
 * the chauffeur's "Passenger on board" to "Dropped off", by the kind of hour, and says which
 * `TRAVEL_*` value would have matched. Both databases.
 */
describe.each(await databaseKinds())('the drive times against the estimate on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let estimate: number;
  const config = testConfig();

  /** A ride on `slotDate` at 11 AM, on board at its pickup and dropped off `realMinutes` later. */
  const driven = async (
    slotDate: string,
    realMinutes: number,
    options: { status?: 'completed' | 'paid'; undo?: boolean; dropoffAddress?: string } = {},
  ) => {
    const carId = await serviceIdByName(db, 'Toyota Camry');
    const id = await insertAppointment(db, {
      userId: await insertUser(db, 'Rhea Rider'),
      serviceId: carId,
      slotDate,
      slotTime: '11:00 AM',
      status: options.status ?? 'completed',
      pickupAddress: NORFOLK,
      dropoffAddress: options.dropoffAddress ?? LOGAN,
    });
    const chauffeurId = await insertUser(db, 'Dana Driver');
    const onBoardAt = slotStartsAt(slotDate, '11:00 AM') as Date;
    const tap = (status: TripStatus, at: Date, undoneAt: Date | null = null) => ({
      appointmentId: id,
      chauffeurId,
      status,
      tapKey: randomUUID(),
      at,
      undoneAt,
    });
    const droppedOffAt = new Date(onBoardAt.getTime() + realMinutes * 60_000);
    await db
      .insert(tripEvents)
      .values([
        tap('on_board', onBoardAt),
        tap('dropped_off', droppedOffAt, options.undo ? droppedOffAt : null),
      ]);
    return id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config, db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
    // The adapter the quotes use, asked the same drive: Monday 11 AM is a day hour.
    const drive = await createOfflineTravelTime(config.travel).estimate(
      { address: NORFOLK },
      { address: LOGAN },
      slotStartsAt('5_10_2026', '11:00 AM') as Date,
    );
    estimate = drive?.minutes ?? 0;
    expect(estimate).toBeGreaterThan(20);
    // Five weekday rides in October, each a quarter longer than estimated, but one far longer.
    for (const [day, factor] of [
      [5, 1.25],
      [6, 1.25],
      [7, 1.25],
      [8, 1.25],
      [9, 4],
    ] as const) {
      await driven(`${day}_10_2026`, Math.round(estimate * factor));
    }
    // Not measured: a drop-off undone, a ride not completed, an address nobody can place, and
    // a ride older than the 90 days.
    await driven('13_10_2026', 5, { undo: true });
    await driven('14_10_2026', 5, { status: 'paid' });
    await driven('15_10_2026', 50, { dropoffAddress: 'The back of beyond' });
    await driven('3_8_2026', 5);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('is the owner’s only: a visitor 401, a customer 403', async () => {
    expectFailure(
      await new Browser(app).get('/api/admin/numbers/drive-times'),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/admin/numbers/drive-times'), 403, OWNER_ONLY_MESSAGE);
  });

  it('holds the estimate against the real drives, and suggests the day’s speed', async () => {
    const response = await owner.get('/api/admin/numbers/drive-times');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = DriveTimesResponseSchema.parse(response.json());
    const real = Math.round(estimate * 1.25);
    const ratio = real / estimate;
    expect(body.bands.find((band) => band.band === 'day')).toEqual({
      band: 'day',
      rides: 5,
      estimatedMinutes: estimate,
      realMinutes: real,
      ratio: Number(ratio.toFixed(2)),
      setting: {
        key: 'dayMph',
        env: 'TRAVEL_DAY_MPH',
        current: config.travel.dayMph,
        suggested: Math.round(config.travel.dayMph / ratio),
      },
    });
    for (const band of ['rush', 'night']) {
      expect(body.bands.find((each) => each.band === band)).toMatchObject({
        rides: 0,
        ratio: null,
        setting: { suggested: null },
      });
    }
    expect(body.unplaced).toBe(1);
    // Newest first, each with both figures.
    expect(body.recent.map((ride) => ride.onBoardAt)).toEqual(
      [9, 8, 7, 6, 5].map((day) =>
        (slotStartsAt(`${day}_10_2026`, '11:00 AM') as Date).toISOString(),
      ),
    );
    expect(body.recent[0]).toMatchObject({
      carName: 'Toyota Camry',
      pickupAddress: NORFOLK,
      dropoffAddress: LOGAN,
      band: 'day',
      estimatedMinutes: estimate,
      realMinutes: Math.round(estimate * 4),
    });
  });
});
