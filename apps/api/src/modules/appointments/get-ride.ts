import type { Database } from '@app/db';
import type { RideView } from '@app/shared';
import { findOwnRide, rideView, type RideViewSettings } from './own-ride.ts';

/** The customer's own ride for its page (someone else's is 404); reads only, whoever asks. */
export async function getRide(
  db: Database,
  request: { appointmentId: string; userId: string; now: Date },
  settings: RideViewSettings,
): Promise<RideView> {
  const ride = await findOwnRide(db, request.appointmentId, request.userId);
  return rideView(db, ride, request.now, settings);
}
