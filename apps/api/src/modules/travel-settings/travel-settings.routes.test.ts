import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { auditEvents, createDb, type Database, type DbHandle } from '@app/db';
import {
  DriveTimesResponseSchema,
  QuoteResponseSchema,
  TRAVEL_SETTINGS_SAVED_MESSAGE,
  TRAVEL_SETTINGS_UNKNOWN_MESSAGE,
  TravelSettingsSavedResponseSchema,
  slotStartsAt,
  type TravelSettingsInput,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { MFA_REQUIRED_MESSAGE, OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { openPostgresDatabase, serviceIdByName, signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type DatabaseKind } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';
import { createOfflineTravelTime } from '../../travel/offline-travel-time.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const NORWOOD = 'Norwood, MA 02062';
const LOGAN = 'Logan Airport, Boston, MA';
// Tuesday 1 December 2026 at 8 AM: a weekday's morning rush.
const TUESDAY = '1_12_2026';
const RUSH = '8:00 AM';
const URL = '/api/admin/travel-settings';

/** Slower roads all round, and a heavier rush. */
const TUNED: TravelSettingsInput = { roadFactor: 1.4, dayMph: 40, nightMph: 50, rushMultiplier: 2 };

/**
 * The database, and a second handle on it for a second app instance: its own pool on
 * PostgreSQL (as another server would have), the same handle on PGlite (one process only).
 */
async function openShared(kind: DatabaseKind) {
  if (kind === 'pglite') {
    const database = await openTestDatabase(kind);
    return { handle: database.handle, other: database.handle, drop: database.drop };
  }
  const database = await openPostgresDatabase();
  const other: DbHandle = await createDb({ url: database.url, poolSize: 2 });
  return {
    handle: database.handle,
    other,
    drop: async () => {
      await other.close();
      await database.drop();
    },
  };
}

/**
 * Issue 29: the owner sets the offline estimate's numbers from the console; every estimate on
 * every instance uses them from the next request, and the change is in the audit trail.
 */
describe.each(await databaseKinds())('POST /api/admin/travel-settings on %s', (kind) => {
  let shared: Awaited<ReturnType<typeof openShared>>;
  let app: FastifyInstance;
  let otherApp: FastifyInstance;
  let db: Database;
  let owner: Browser;
  let ownerId: string;
  let ownerEmail: string;
  let camry: string;
  const config = testConfig();

  beforeAll(async () => {
    shared = await openShared(kind);
    db = shared.handle.db;
    app = await buildApp({ config, db: shared.handle, now: () => NOW, serviceListMaxAgeMs: 0 });
    otherApp = await buildApp({
      config,
      db: shared.other,
      now: () => NOW,
      serviceListMaxAgeMs: 0,
    });
    ({ browser: owner, userId: ownerId, email: ownerEmail } = await signedInOwner(app, db, NOW));
    camry = await serviceIdByName(db, 'Toyota Camry');
  });
  afterAll(async () => {
    await app?.close();
    await otherApp?.close();
    await shared?.drop();
  });

  /** The route's minutes a quote gives the Tuesday rush drive on `instance`. */
  const quotedRushMinutes = async (instance: FastifyInstance) => {
    const response = await new Browser(instance).post(`/api/service/${camry}/quote`, {
      serviceType: 'Airport Transfer',
      ride: { slotDate: TUESDAY, slotTime: RUSH, pickupAddress: NORWOOD, dropoffAddress: LOGAN },
    });
    expect(response.statusCode, response.body).toBe(200);
    return QuoteResponseSchema.parse(response.json()).ride.route?.minutes;
  };
  /** The same drive by the offline estimate with `settings`. */
  const expectedMinutes = async (settings: TravelSettingsInput) =>
    (
      await createOfflineTravelTime({ ...config.travel, ...settings }).estimate(
        { address: NORWOOD },
        { address: LOGAN },
        slotStartsAt(TUESDAY, RUSH) as Date,
      )
    )?.minutes;
  const auditRows = () =>
    db.select().from(auditEvents).where(eq(auditEvents.action, 'travel_settings.updated'));

  it('is the owner’s only: a visitor 401, a customer or chauffeur 403, no MFA 403', async () => {
    expectFailure(await new Browser(app).post(URL, TUNED), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.post(URL, TUNED), 403, OWNER_ONLY_MESSAGE);
    const { browser: chauffeur } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    expectFailure(await chauffeur.post(URL, TUNED), 403, OWNER_ONLY_MESSAGE);
    const { browser: unverified } = await signedInOwner(app, db, NOW, { mfa: false });
    const refused = await unverified.post(URL, TUNED);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: MFA_REQUIRED_MESSAGE,
      code: 'mfa_required',
    });
    expectFailure(await owner.post(URL, TUNED, { csrf: false }), 403, CSRF_FAILED_MESSAGE);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses numbers out of bounds, missing or unknown, each in words', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...TUNED, rushMultiplier: 0 }, 'Rush-hour multiplier must be a number from 1 to 4.'],
      [{ ...TUNED, rushMultiplier: 4.5 }, 'Rush-hour multiplier must be a number from 1 to 4.'],
      [{ ...TUNED, dayMph: '40' }, 'Daytime speed must be a number from 5 to 90.'],
      [{ ...TUNED, nightMph: 2 }, 'Night speed must be a number from 5 to 90.'],
      [{ ...TUNED, roadFactor: 0.9 }, 'Road factor must be a number from 1 to 3.'],
      [
        { dayMph: 40, nightMph: 50, rushMultiplier: 2 },
        'Road factor must be a number from 1 to 3.',
      ],
      [{ ...TUNED, minimumMinutes: 0 }, TRAVEL_SETTINGS_UNKNOWN_MESSAGE],
    ];
    for (const [body, message] of refusals) {
      expectFailure(await owner.post(URL, body), 400, message);
    }
    expect(await auditRows()).toEqual([]);
    const times = DriveTimesResponseSchema.parse(
      (await owner.get('/api/admin/numbers/drive-times')).json(),
    );
    expect(times.settings.ownerSet).toBe(false);
  });

  it('saves the owner’s numbers: the next quote on either instance is estimated with them', async () => {
    const before = await expectedMinutes(config.travel);
    expect(await quotedRushMinutes(app)).toBe(before);
    expect(await quotedRushMinutes(otherApp)).toBe(before);

    const response = await owner.post(URL, TUNED);
    expect(response.statusCode, response.body).toBe(200);
    expect(TravelSettingsSavedResponseSchema.parse(response.json())).toEqual({
      success: true,
      message: TRAVEL_SETTINGS_SAVED_MESSAGE,
      settings: {
        values: TUNED,
        defaults: {
          roadFactor: config.travel.roadFactor,
          dayMph: config.travel.dayMph,
          nightMph: config.travel.nightMph,
          rushMultiplier: config.travel.rushMultiplier,
        },
        ownerSet: true,
      },
    });

    const after = await expectedMinutes(TUNED);
    expect(after).toBeGreaterThan((before ?? 0) + 10);
    expect(await quotedRushMinutes(app)).toBe(after);
    // Another instance on the same database: no cache to wait out.
    expect(await quotedRushMinutes(otherApp)).toBe(after);
    const { browser: ownerThere } = await signedInOwner(otherApp, db, NOW);
    const times = DriveTimesResponseSchema.parse(
      (await ownerThere.get('/api/admin/numbers/drive-times')).json(),
    );
    expect(times.settings).toMatchObject({ values: TUNED, ownerSet: true });
    expect(times.bands.find((band) => band.band === 'rush')?.setting).toMatchObject({
      key: 'rushMultiplier',
      current: TUNED.rushMultiplier,
    });
  });

  it('records each change in the audit trail with the numbers it replaced', async () => {
    const [first] = await auditRows();
    expect(first).toMatchObject({
      actorUserId: ownerId,
      actorLabel: ownerEmail,
      serviceId: null,
      appointmentId: null,
      before: {
        roadFactor: config.travel.roadFactor,
        dayMph: config.travel.dayMph,
        nightMph: config.travel.nightMph,
        rushMultiplier: config.travel.rushMultiplier,
        source: 'defaults',
      },
      after: { ...TUNED, source: 'owner' },
    });

    const retuned = { ...TUNED, rushMultiplier: 1.75 };
    expect((await owner.post(URL, retuned)).statusCode).toBe(200);
    // Both at the test's one instant: the second is the one that replaced the owner's numbers.
    const rows = await auditRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.before?.source === 'owner')).toMatchObject({
      before: { ...TUNED, source: 'owner' },
      after: { ...retuned, source: 'owner' },
    });
    expect(await quotedRushMinutes(otherApp)).toBe(await expectedMinutes(retuned));
  });
});
