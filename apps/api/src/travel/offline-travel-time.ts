import {
  checkTravelSettings,
  DEFAULT_TRAVEL_SETTINGS,
  driveMinutes,
  type TravelSettings,
} from './drive-speed.ts';
import { loadGazetteer, type Coordinates, type Gazetteer } from './gazetteer.ts';
import { locatePlace } from './locate-place.ts';
import { travelEstimate, type Place, type TravelEstimate, type TravelTime } from './travel-time.ts';

const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;

/** The great-circle (haversine) distance between two points, in miles. */
export function greatCircleMiles(from: Coordinates, to: Coordinates): number {
  const dLatitude = (to.latitude - from.latitude) * RADIANS;
  const dLongitude = (to.longitude - from.longitude) * RADIANS;
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(from.latitude * RADIANS) *
      Math.cos(to.latitude * RADIANS) *
      Math.sin(dLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The drive between two located points: straight line × road factor, over the speed by hour. */
export function offlineEstimate(
  from: Coordinates,
  to: Coordinates,
  departAt: Date,
  settings: TravelSettings,
): TravelEstimate {
  const miles = greatCircleMiles(from, to) * settings.roadFactor;
  const minutes = Math.max(settings.minimumMinutes, driveMinutes(miles, departAt, settings));
  return travelEstimate(minutes, miles, 'offline');
}

/** The drive between two located places at any departure time. */
export type DriveAt = (departAt: Date) => TravelEstimate;

export interface OfflineTravelTime extends TravelTime {
  /**
   * The same drive at many times (a day's grid of starts): its places located once, each time
   * then costs microseconds. Null when a place cannot be located.
   */
  drive(from: Place, to: Place): Promise<DriveAt | null>;
}

/**
 * The estimate that needs no network and always answers for a place it can locate
 * (`locate-place.ts`); the gazetteer is loaded on its first call. `settings` are fixed, or asked
 * once per drive (the owner may change them while the server runs).
 */
export function createOfflineTravelTime(
  settings: TravelSettings | (() => Promise<TravelSettings>) = DEFAULT_TRAVEL_SETTINGS,
  gazetteer: () => Promise<Gazetteer> = loadGazetteer,
): OfflineTravelTime {
  const settingsNow =
    typeof settings === 'function'
      ? async () => checkTravelSettings(await settings())
      : (checkTravelSettings(settings), async () => settings);
  const drive = async (from: Place, to: Place): Promise<DriveAt | null> => {
    const [places, inForce] = await Promise.all([gazetteer(), settingsNow()]);
    const start = locatePlace(from, places);
    const end = start && locatePlace(to, places);
    if (!start || !end) return null;
    return (departAt) => offlineEstimate(start, end, departAt, inForce);
  };
  return {
    drive,
    async estimate(from, to, departAt) {
      return (await drive(from, to))?.(departAt) ?? null;
    },
  };
}
