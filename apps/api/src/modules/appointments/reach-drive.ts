import type { TravelSettings } from '../../travel/drive-speed.ts';
import { loadGazetteer } from '../../travel/gazetteer.ts';
import { locatePlace } from '../../travel/locate-place.ts';
import { offlineEstimate } from '../../travel/offline-travel-time.ts';
import type { Drive } from './reach.ts';

/**
 * The drive the reach rule asks, from the offline estimate only: it answers in microseconds
 * and may be asked under the car's lock, where Google's 200 ms may not (ADR 019). Whole
 * minutes, rounded up; null for a place it cannot locate. The gazetteer loads on the first call.
 * `settings` are those in force (the owner's, else `TRAVEL_*`), as for a ride's length.
 */
export async function offlineDrive(settings: TravelSettings): Promise<Drive> {
  const gazetteer = await loadGazetteer();
  // A day's grid asks about the same few places hundreds of times: each is located once.
  const located = new Map<string, ReturnType<typeof locatePlace>>();
  const locate = (address: string) => {
    if (!located.has(address)) located.set(address, locatePlace({ address }, gazetteer));
    return located.get(address) ?? null;
  };
  return (from, to, departAt) => {
    const start = locate(from);
    const end = start && locate(to);
    if (!start || !end) return null;
    return offlineEstimate(start, end, departAt, settings).minutes;
  };
}
