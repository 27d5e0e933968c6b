import {
  checkTravelSettings,
  DEFAULT_TRAVEL_SETTINGS,
  driveMinutes,
  type TravelSettings,
} from './drive-speed.ts';
import { loadGazetteer, type Coordinates, type Gazetteer } from './gazetteer.ts';
import { locatePlace } from './locate-place.ts';
import { travelEstimate, type TravelEstimate, type TravelTime } from './travel-time.ts';

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

/**
 * The estimate that needs no network and always answers for a place it can locate
 * (`locate-place.ts`); the gazetteer is loaded on its first call.
 */
export function createOfflineTravelTime(
  settings: TravelSettings = DEFAULT_TRAVEL_SETTINGS,
  gazetteer: () => Promise<Gazetteer> = loadGazetteer,
): TravelTime {
  checkTravelSettings(settings);
  return {
    async estimate(from, to, departAt) {
      const places = await gazetteer();
      const start = locatePlace(from, places);
      const end = start && locatePlace(to, places);
      if (!start || !end) return null;
      return offlineEstimate(start, end, departAt, settings);
    },
  };
}
