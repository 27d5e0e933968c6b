import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assembleApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase } from '../test/databases.ts';
import {
  startGoogleRoutesStandIn,
  STAND_IN_API_KEY,
  type GoogleRoutesStandIn,
} from '../test/google-routes-stand-in.ts';
import { createFallbackTravelTime, type FallbackReason } from './fallback-travel-time.ts';
import {
  createGoogleRoutesTravelTime,
  GoogleRoutesError,
  ROUTES_FIELD_MASK,
} from './google-routes.ts';
import { createOfflineTravelTime } from './offline-travel-time.ts';
import type { Place } from './travel-time.ts';

// The test's clock, for the adapter and the stand-in alike: the departures are in its future.
const NOW = new Date('2026-11-28T15:00:00Z');
const now = () => NOW;
const WEDNESDAY_11AM = new Date('2026-12-02T16:00:00Z');

const NORFOLK: Place = { address: '40 Main Street, Norfolk, MA 02056' };
const LOGAN: Place = { address: 'Logan Airport', latitude: 42.3656, longitude: -71.0096 };
const NOWHERE: Place = { address: 'somewhere nice' };

let standIn: GoogleRoutesStandIn;
beforeAll(async () => {
  standIn = await startGoogleRoutesStandIn({ now });
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.requests.length = 0;
  standIn.behave({ kind: 'route', distanceMeters: 50_000, durationSeconds: 3000 });
});

const google = () =>
  createGoogleRoutesTravelTime({ apiKey: STAND_IN_API_KEY, baseUrl: standIn.baseUrl, now });
const offline = createOfflineTravelTime();

/**
 * The composite as outside-services.ts makes it, with what it reported. Where Google should
 * answer, a busy machine gets 10 s for it; the stall test uses the default, 200 ms.
 */
function withFallback(timeoutMs: number | 'default' = 10_000) {
  const reasons: FallbackReason[] = [];
  const travelTime = createFallbackTravelTime({
    google: google(),
    offline,
    ...(timeoutMs === 'default' ? {} : { timeoutMs }),
    onFallback: (reason) => reasons.push(reason),
  });
  return { travelTime, reasons };
}

describe('the Google Routes adapter', () => {
  it('asks computeRoutes with the key, the field mask and a traffic-aware drive, and reads its answer', async () => {
    standIn.behave({ kind: 'route', distanceMeters: 49_500, durationSeconds: 2701 });
    const estimate = await google().estimate(NORFOLK, LOGAN, WEDNESDAY_11AM);
    // 2701 s is 45.02 min: 46 whole minutes, booked as 60. 49.5 km is 30.8 mi.
    expect(estimate).toEqual({ minutes: 46, miles: 30.8, bookedMinutes: 60, source: 'google' });
    expect(standIn.requests).toEqual([
      {
        apiKey: STAND_IN_API_KEY,
        fieldMask: 'routes.duration,routes.distanceMeters',
        contentType: 'application/json',
        body: {
          origin: { address: NORFOLK.address },
          destination: { location: { latLng: { latitude: 42.3656, longitude: -71.0096 } } },
          travelMode: 'DRIVE',
          routingPreference: 'TRAFFIC_AWARE',
          departureTime: '2026-12-02T16:00:00.000Z',
          regionCode: 'us',
        },
      },
    ]);
    expect(ROUTES_FIELD_MASK).toBe('routes.duration,routes.distanceMeters');
  });

  it('sends no departure time for one already past (Google refuses those): it routes for now', async () => {
    const estimate = await google().estimate(NORFOLK, LOGAN, new Date(NOW.getTime() - 60_000));
    expect(estimate?.source).toBe('google');
    expect(standIn.requests[0]?.body).not.toHaveProperty('departureTime');
  });

  it('reads a route of no distance, which Google sends without distanceMeters', async () => {
    standIn.behave({ kind: 'route', distanceMeters: 0, durationSeconds: 0 });
    expect(await google().estimate(LOGAN, LOGAN, WEDNESDAY_11AM)).toEqual({
      minutes: 0,
      miles: 0,
      bookedMinutes: 15,
      source: 'google',
    });
  });

  it('answers null when Google finds no route, and throws on a refusal', async () => {
    standIn.behave({ kind: 'no route' });
    expect(await google().estimate(NORFOLK, LOGAN, WEDNESDAY_11AM)).toBeNull();
    standIn.behave({ kind: 'error', httpStatus: 503, googleStatus: 'UNAVAILABLE' });
    await expect(google().estimate(NORFOLK, LOGAN, WEDNESDAY_11AM)).rejects.toEqual(
      new GoogleRoutesError(503, 'UNAVAILABLE'),
    );
    const wrongKey = createGoogleRoutesTravelTime({
      apiKey: 'wrong',
      baseUrl: standIn.baseUrl,
      now,
    });
    await expect(wrongKey.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM)).rejects.toMatchObject({
      httpStatus: 403,
      googleStatus: 'PERMISSION_DENIED',
    });
  });
});

describe('Google first, the offline estimate when it cannot answer', () => {
  it("answers Google's estimate when Google answers", async () => {
    const { travelTime, reasons } = withFallback();
    expect((await travelTime.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM))?.source).toBe('google');
    expect(reasons).toEqual([]);
  });

  it('falls back within the timeout when Google stalls, and aborts the request', async () => {
    // The stand-in would answer after 5 s; the estimate comes from the offline adapter first.
    standIn.behave({ kind: 'stall', ms: 5_000 });
    const { travelTime, reasons } = withFallback('default');
    const answeredBefore = standIn.answered;
    const estimate = await travelTime.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM);
    expect(standIn.answered).toBe(answeredBefore);
    expect(estimate).toEqual(await offline.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM));
    expect(estimate?.source).toBe('offline');
    expect(reasons).toEqual(['timeout']);
    // The request was given up, not left to run in the background.
    await vi.waitFor(() => expect(standIn.abandoned).toBeGreaterThan(0));
  });

  it.each([
    [{ kind: 'error', httpStatus: 400, googleStatus: 'INVALID_ARGUMENT' }, 'error'],
    [{ kind: 'error', httpStatus: 429, googleStatus: 'RESOURCE_EXHAUSTED' }, 'error'],
    [{ kind: 'error', httpStatus: 500, googleStatus: 'INTERNAL' }, 'error'],
    [{ kind: 'error', httpStatus: 503, googleStatus: 'UNAVAILABLE' }, 'error'],
    [{ kind: 'not json', httpStatus: 502 }, 'error'],
    [{ kind: 'not json', httpStatus: 200 }, 'error'],
    [{ kind: 'no route' }, 'no route'],
  ] as const)('falls back on %j (%s)', async (behaviour, reason) => {
    standIn.behave(behaviour);
    const { travelTime, reasons } = withFallback();
    const estimate = await travelTime.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM);
    expect(estimate?.source).toBe('offline');
    expect(estimate).toEqual(await offline.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM));
    expect(reasons).toEqual([reason]);
  });

  it('falls back when Google cannot be reached at all', async () => {
    const closed = await startGoogleRoutesStandIn({ now });
    await closed.close();
    const travelTime = createFallbackTravelTime({
      google: createGoogleRoutesTravelTime({
        apiKey: STAND_IN_API_KEY,
        baseUrl: closed.baseUrl,
        now,
      }),
      offline,
    });
    expect((await travelTime.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM))?.source).toBe('offline');
  });

  it('answers null when neither can place the address', async () => {
    standIn.behave({ kind: 'no route' });
    const { travelTime } = withFallback();
    expect(await travelTime.estimate(NOWHERE, LOGAN, WEDNESDAY_11AM)).toBeNull();
  });
});

describe('the composition root (outside-services.ts)', () => {
  it('makes the offline estimate without a key, and asks Google first with one', async () => {
    const database = await openTestDatabase('pglite', { seed: false });
    const build = (googleRoutes?: { apiKey: string; baseUrl: string }) =>
      assembleApp({ config: testConfig({ googleRoutes }), db: database.handle, now });
    try {
      const offlineOnly = await build();
      const withKey = await build({ apiKey: STAND_IN_API_KEY, baseUrl: standIn.baseUrl });
      try {
        const drive = (app: typeof offlineOnly) =>
          app.services.travelTime.estimate(NORFOLK, LOGAN, WEDNESDAY_11AM);
        expect((await drive(offlineOnly))?.source).toBe('offline');
        expect(standIn.requests).toEqual([]);
        // Google's answer, unless this busy machine took more than the 200 ms it is given.
        const answer = await drive(withKey);
        expect(standIn.requests).toHaveLength(1);
        expect(['google', 'offline']).toContain(answer?.source);
      } finally {
        await offlineOnly.app.close();
        await withKey.app.close();
      }
    } finally {
      await database.drop();
    }
    // It opens and migrates a database of its own, as a suite's beforeAll would.
  }, 30_000);
});
