import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_TRAVEL_SETTINGS, driveMinutes, speedMphAt } from './drive-speed.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';
import { KNOWN_PLACES } from './known-places.ts';
import { locatePlace } from './locate-place.ts';
import { createOfflineTravelTime, greatCircleMiles } from './offline-travel-time.ts';
import type { Place, TravelEstimate } from './travel-time.ts';

const settings = DEFAULT_TRAVEL_SETTINGS;
const offline = createOfflineTravelTime();
const at = (address: string): Place => ({ address });

// New York times, written as UTC instants: December is standard time (UTC-5).
const WEDNESDAY_11AM = new Date('2026-12-02T16:00:00Z');
const WEDNESDAY_5PM = new Date('2026-12-02T22:00:00Z');
const WEDNESDAY_11PM = new Date('2026-12-03T04:00:00Z');

const NORFOLK = '40 Main Street, Norfolk, MA 02056';
const LOGAN = 'Logan Airport';

/** The estimate of a drive between two places the test knows are placed. */
async function drive(from: string, to: string, departAt: Date): Promise<TravelEstimate> {
  const estimate = await offline.estimate(at(from), at(to), departAt);
  if (!estimate) throw new Error(`${from} → ${to}: not placed`);
  return estimate;
}

function knownPlace(name: string) {
  const place = KNOWN_PLACES.find((known) => known.name === name);
  if (!place) throw new Error(`no known place ${name}`);
  return place;
}

let gazetteer: Gazetteer;
beforeAll(async () => {
  gazetteer = await loadGazetteer();
});

/*
 * Known drives, off-peak on a weekday (11 AM), against their typical figures on a map service.
 * The error band is ±25 % for both distance and time; the estimate today (default settings):
 *
 * | drive                                  | typical          | estimate         | error          |
 * | -------------------------------------- | ---------------- | ---------------- | -------------- |
 * | Norfolk (40 Main St) → Logan           | 31 mi, 45 min    | 30.7 mi, 39 min  | −1 %, −13 %    |
 * | South Station → Providence Station     | 50 mi, 60 min    | 52.7 mi, 66 min  | +5 %, +10 %    |
 * | Boston, MA → Providence, RI (towns)    | 50 mi, 60 min    | 53.9 mi, 68 min  | +8 %, +13 %    |
 * | Norfolk, MA → T. F. Green (PVD)        | 35 mi, 40 min    | 35.9 mi, 45 min  | +3 %, +13 %    |
 * | Route 128 Station → Logan              | 17 mi, 25 min    | 16.7 mi, 21 min  | −2 %, −16 %    |
 *
 * Within one town (two addresses in Norfolk, about 2 mi and 6 min) the estimate is the
 * 15-minute minimum: deliberately above, since a short drive is mostly streets and lights.
 */
const KNOWN_DRIVES = [
  { from: NORFOLK, to: LOGAN, miles: 31, minutes: 45 },
  { from: 'South Station', to: 'Providence Station', miles: 50, minutes: 60 },
  { from: 'Boston, MA', to: 'Providence, RI', miles: 50, minutes: 60 },
  { from: 'Norfolk, MA', to: 'PVD', miles: 35, minutes: 40 },
  { from: 'Route 128 Station', to: 'BOS', miles: 17, minutes: 25 },
];
const BAND = 0.25;

describe('the offline estimate against known drives', () => {
  it.each(KNOWN_DRIVES)(
    '$from → $to: within 25 % of $miles mi and $minutes min',
    async ({ from, to, miles, minutes }) => {
      const estimate = await offline.estimate(at(from), at(to), WEDNESDAY_11AM);
      expect(estimate?.source).toBe('offline');
      expect(estimate?.miles).toBeGreaterThanOrEqual(miles * (1 - BAND));
      expect(estimate?.miles).toBeLessThanOrEqual(miles * (1 + BAND));
      expect(estimate?.minutes).toBeGreaterThanOrEqual(minutes * (1 - BAND));
      expect(estimate?.minutes).toBeLessThanOrEqual(minutes * (1 + BAND));
      // The booked length is the drive rounded up to the quarter hour.
      expect(estimate?.bookedMinutes).toBe(Math.ceil((estimate?.minutes ?? 0) / 15) * 15);
    },
  );

  it('a drive within one town takes the minimum, 15 minutes, booked as one quarter hour', async () => {
    const estimate = await offline.estimate(
      at('12 Union St, Norfolk, MA'),
      at(NORFOLK),
      WEDNESDAY_11AM,
    );
    expect(estimate).toEqual({ minutes: 15, miles: 0, bookedMinutes: 15, source: 'offline' });
  });

  it('the distance is the great circle times the road factor', async () => {
    // JFK to LAX, the textbook case: 2,475 miles on the ellipsoid; a sphere is within 0.5 %.
    const jfk = { latitude: 40.6413, longitude: -73.7781 };
    const lax = { latitude: 33.9416, longitude: -118.4085 };
    expect(Math.abs(greatCircleMiles(jfk, lax) - 2475)).toBeLessThan(2475 * 0.005);
    const logan = knownPlace('Boston Logan International Airport');
    const green = knownPlace('Rhode Island T. F. Green International Airport');
    const estimate = await drive('BOS', 'PVD', WEDNESDAY_11AM);
    expect(estimate.miles).toBe(
      Math.round(greatCircleMiles(logan, green) * settings.roadFactor * 10) / 10,
    );
  });
});

describe('the speed by hour of the week, in New York time', () => {
  it('a weekday rush hour is slower than midday, and the night faster', async () => {
    const midday = await drive(NORFOLK, LOGAN, WEDNESDAY_11AM);
    const rush = await drive(NORFOLK, LOGAN, WEDNESDAY_5PM);
    const night = await drive(NORFOLK, LOGAN, WEDNESDAY_11PM);
    expect(rush.minutes).toBeGreaterThan(midday.minutes);
    expect(night.minutes).toBeLessThan(midday.minutes);
    // The rush multiplier applies to the whole drive when it stays inside the rush.
    expect(speedMphAt(WEDNESDAY_5PM, settings)).toBe(settings.dayMph / settings.rushMultiplier);
    expect(speedMphAt(WEDNESDAY_11PM, settings)).toBe(settings.nightMph);
  });

  it('no rush on a weekend or a holiday', () => {
    const saturday5pm = new Date('2026-12-05T22:00:00Z');
    const thanksgiving5pm = new Date('2026-11-26T22:00:00Z');
    expect(speedMphAt(saturday5pm, settings)).toBe(settings.dayMph);
    expect(speedMphAt(thanksgiving5pm, settings)).toBe(settings.dayMph);
  });

  it.each([
    // 7:30 AM on the Fridays either side of the spring change (8 March 2026): 12:30 and 11:30 UTC.
    ['spring', '2026-03-06T12:30:00Z', '2026-03-13T11:30:00Z'],
    // 4:30 PM on the Fridays either side of the autumn change (1 November 2026).
    ['autumn', '2026-10-30T20:30:00Z', '2026-11-06T21:30:00Z'],
  ])(
    'the same local hour either side of the %s DST change has the same speed',
    (_, before, after) => {
      const rush = settings.dayMph / settings.rushMultiplier;
      expect(speedMphAt(new Date(before), settings)).toBe(rush);
      expect(speedMphAt(new Date(after), settings)).toBe(rush);
      // One hour later in UTC on the second Friday is 8:30 AM: still the rush; an hour earlier
      // in UTC (a fixed UTC-5 reading) would be 6:30 AM, outside it.
      expect(speedMphAt(new Date(Date.parse(after) - 3_600_000), settings)).toBe(settings.dayMph);
    },
  );

  it('a drive departing 11:50 PM crosses midnight at the night speed', async () => {
    // Friday 4 December 2026, 11:50 PM: the drive ends on Saturday, still at night.
    const friday1150pm = new Date('2026-12-05T04:50:00Z');
    const saturday2am = new Date('2026-12-05T07:00:00Z');
    const late = await drive(NORFOLK, LOGAN, friday1150pm);
    expect(late).toEqual(await drive(NORFOLK, LOGAN, saturday2am));
    expect(late.minutes).toBeLessThan((await drive(NORFOLK, LOGAN, WEDNESDAY_11AM)).minutes);
  });

  it('a drive across the spring-forward night takes its real minutes, the skipped hour neither added nor lost', () => {
    // Saturday 7 March 2026, 11:50 PM EST; 2 AM does not happen on the 8th.
    const departAt = new Date('2026-03-08T04:50:00Z');
    expect(driveMinutes(200, departAt, settings)).toBeCloseTo((200 / settings.nightMph) * 60, 6);
  });

  it('a drive that starts before the rush runs into it', () => {
    const at650am = new Date('2026-12-02T11:50:00Z');
    const miles = 40;
    const allDay = (miles / settings.dayMph) * 60;
    const allRush = allDay * settings.rushMultiplier;
    const minutes = driveMinutes(miles, at650am, settings);
    expect(minutes).toBeGreaterThan(allDay);
    expect(minutes).toBeLessThan(allRush);
    // Ten minutes at the day's speed, the rest in the rush.
    const dayMiles = (settings.dayMph * 10) / 60;
    expect(minutes).toBeCloseTo(
      10 + ((miles - dayMiles) / settings.dayMph) * 60 * settings.rushMultiplier,
      6,
    );
  });
});

describe('placing an address', () => {
  it.each([
    ['somewhere nice'],
    [''],
    ['   '],
    // A town without its state: there are Norfolks in four states.
    ['Norfolk'],
    ['Nowhere, MA'],
  ])('answers null for one it cannot place: %j', async (address) => {
    expect(locatePlace(at(address), gazetteer)).toBeNull();
    expect(await offline.estimate(at(address), at(LOGAN), WEDNESDAY_11AM)).toBeNull();
    expect(await offline.estimate(at(LOGAN), at(address), WEDNESDAY_11AM)).toBeNull();
  });

  it.each([
    ['Logan', 'Boston Logan International Airport'],
    ['BOS', 'Boston Logan International Airport'],
    ['logan airport', 'Boston Logan International Airport'],
    ['Terminal B, Logan Airport', 'Boston Logan International Airport'],
    [
      'Boston Logan International Airport (BOS), East Boston, MA 02128, USA',
      'Boston Logan International Airport',
    ],
    ['PVD', 'Rhode Island T. F. Green International Airport'],
    ['T. F. Green Airport, Warwick, RI', 'Rhode Island T. F. Green International Airport'],
    ['South Station', 'Boston South Station'],
    ['Back Bay Station, Boston, MA', 'Back Bay Station'],
    ['North Station', 'North Station'],
    ['Providence Station', 'Providence Station'],
    ['Route 128 Station, Westwood, MA', 'Route 128 Station'],
  ])('knows %j as %s', (address, name) => {
    const known = knownPlace(name);
    expect(locatePlace(at(address), gazetteer)).toEqual({
      latitude: known.latitude,
      longitude: known.longitude,
      by: 'known place',
    });
  });

  it.each([
    ['Norfolk, MA', 'Norfolk', 'MA'],
    ['Boston MA', 'Boston', 'MA'],
    ['Providence, RI', 'Providence', 'RI'],
    ['Norfolk, Massachusetts', 'Norfolk', 'MA'],
    ['1 Main St Norfolk MA', 'Norfolk', 'MA'],
  ])('places %j by its town and state', (address, town, state) => {
    expect(locatePlace(at(address), gazetteer)).toEqual({
      ...gazetteer.town(town, state),
      by: 'town',
    });
  });

  it('takes coordinates first, then a known place, then the ZIP code, then the town', () => {
    const place = (address: string, more: Partial<Place> = {}) =>
      locatePlace({ address, ...more }, gazetteer);
    // Coordinates given (the Maps place chosen) win over a name that says otherwise.
    expect(place('Logan Airport', { latitude: 41.8295, longitude: -71.4135 })).toEqual({
      latitude: 41.8295,
      longitude: -71.4135,
      by: 'coordinates',
    });
    // A known place wins over the ZIP code beside it (02108 is downtown, not the airport).
    expect(place('Logan Airport, Boston, MA 02108')?.by).toBe('known place');
    // The ZIP code wins over the town: 02056 is Norfolk, whatever the town says.
    expect(place('Providence, RI 02056')).toEqual({ ...gazetteer.zip('02056'), by: 'zip' });
    // A ZIP code the gazetteer does not know leaves the town.
    expect(place('Norfolk, MA 00000')).toEqual({ ...gazetteer.town('Norfolk', 'MA'), by: 'town' });
    // Coordinates out of range, or only one of them, are ignored.
    expect(place('Norfolk, MA', { latitude: 142, longitude: -71 })?.by).toBe('town');
    expect(place('Norfolk, MA', { latitude: 42.1 })?.by).toBe('town');
  });

  it('does not take a street, a town elsewhere or a house number for a known place or a ZIP code', () => {
    expect(locatePlace(at('12 Logan St, Boston, MA'), gazetteer)?.by).toBe('town');
    // Logan, Utah: its state is not the airport's.
    expect(locatePlace(at('Logan, UT 84321'), gazetteer)).toEqual({
      ...gazetteer.zip('84321'),
      by: 'zip',
    });
    // 10001 opens the address: a house number, not Manhattan's ZIP code.
    expect(locatePlace(at('10001 Main St, Norfolk, MA'), gazetteer)?.by).toBe('town');
    // A ZIP+4 reads as its ZIP code.
    expect(locatePlace(at('1 Main St, Boston MA 02108-1234'), gazetteer)).toEqual({
      ...gazetteer.zip('02108'),
      by: 'zip',
    });
  });

  it('an estimate from given coordinates uses them, not the address', async () => {
    const fromCoordinates = await offline.estimate(
      { address: 'Somewhere we cannot read', latitude: 42.3656, longitude: -71.0096 },
      at('Providence Station'),
      WEDNESDAY_11AM,
    );
    expect(fromCoordinates).toEqual(await drive('BOS', 'Providence Station', WEDNESDAY_11AM));
  });
});

describe('any input', () => {
  // Instants from 2020 to 2035, both DST changes of each year among them.
  const instants = fc
    .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) })
    .map((ms) => new Date(ms));
  const texts = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.constantFrom('Logan', 'PVD', 'Norfolk, MA', '02056', 'Boston MA 02108', ', , ,', '00000'),
    fc
      .tuple(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('MA', 'RI', 'Rhode Island'),
        fc.nat(99_999),
      )
      .map(([town, state, zip]) => `${town}, ${state} ${String(zip).padStart(5, '0')}`),
  );
  const places = fc.record(
    {
      address: texts,
      latitude: fc.double({ min: -100, max: 100 }),
      longitude: fc.double({ min: -200, max: 200 }),
    },
    { requiredKeys: ['address'] },
  );

  it('answers null or a drive of at least the minimum, booked in whole quarter hours, and never throws', async () => {
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(places, places, instants, async (from, to, departAt) => {
        const estimate = await offline.estimate(from, to, departAt);
        if (estimate === null) return;
        placed += 1;
        expect(estimate.source).toBe('offline');
        expect(Number.isFinite(estimate.miles) && estimate.miles >= 0).toBe(true);
        expect(estimate.minutes).toBeGreaterThanOrEqual(settings.minimumMinutes);
        expect(estimate.bookedMinutes % 15).toBe(0);
        expect(estimate.bookedMinutes).toBeGreaterThanOrEqual(estimate.minutes);
        expect(estimate.bookedMinutes - estimate.minutes).toBeLessThan(15);
      }),
      { numRuns: 500, seed: 29 },
    );
    // Some pairs were placed: the property was not vacuous.
    expect(placed).toBeGreaterThan(50);
  });
});
