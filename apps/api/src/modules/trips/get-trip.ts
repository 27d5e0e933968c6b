import { and, asc, eq, isNull } from 'drizzle-orm';
import { appointments, services, tripEvents, tripPositions, users, type Database } from '@app/db';
import {
  firstName,
  TRIP_LINK_DAYS_AFTER,
  TRIP_STATUSES,
  type TripApproach,
  type TripView,
} from '@app/shared';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import { loadGazetteer } from '../../travel/gazetteer.ts';
import { locatePlace } from '../../travel/locate-place.ts';
import { offlineEstimate } from '../../travel/offline-travel-time.ts';

/** The rides a link shows: booked (to come) and what became of them; never a hold. */
const SHOWN = new Set(['paid', 'completed', 'cancelled', 'no_show']);

/**
 * How far the car is from the pickup while its chauffeur is on the way and shares where it is:
 * straight-line miles times the road factor over the speed of the hour (the offline estimate,
 * no map and no paid call per look). Null when the pickup cannot be placed.
 */
async function approachOf(
  position: { latitude: number; longitude: number; at: Date },
  pickupAddress: string,
  now: Date,
  travel: TravelSettings,
): Promise<TripApproach | null> {
  const pickup = locatePlace({ address: pickupAddress }, await loadGazetteer());
  if (!pickup) return null;
  const { miles, minutes } = offlineEstimate(position, pickup, now, travel);
  return { miles, minutes, at: position.at.toISOString() };
}

/**
 * The live trip of one ride, as its link shows it (`TripViewSchema`), or null for a ride that
 * does not exist, is only a hold, or ended more than a day ago. Reads only.
 */
export async function getTrip(
  db: Database,
  rideId: string,
  now: Date,
  travel: TravelSettings,
): Promise<TripView | null> {
  const [row] = await db
    .select({
      slotStart: appointments.slotStart,
      slotDate: appointments.slotDate,
      slotTime: appointments.slotTime,
      endsAt: appointments.endsAt,
      pickupAddress: appointments.pickupAddress,
      status: appointments.status,
      tripStatus: appointments.tripStatus,
      carName: services.name,
      plate: services.plate,
      chauffeurName: users.name,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(users, eq(users.id, appointments.chauffeurId))
    .where(eq(appointments.id, rideId));
  if (!row || !SHOWN.has(row.status)) return null;
  const lastDay = row.endsAt.getTime() + TRIP_LINK_DAYS_AFTER * 86_400_000;
  if (now.getTime() > lastDay) return null;

  const [events, [position]] = await Promise.all([
    db
      .select({ status: tripEvents.status, at: tripEvents.at })
      .from(tripEvents)
      .where(and(eq(tripEvents.appointmentId, rideId), isNull(tripEvents.undoneAt)))
      .orderBy(asc(tripEvents.at)),
    row.tripStatus === 'on_my_way' && row.status === 'paid'
      ? db.select().from(tripPositions).where(eq(tripPositions.appointmentId, rideId))
      : [],
  ]);
  return {
    slotStart: row.slotStart.toISOString(),
    slotDate: row.slotDate,
    slotTime: row.slotTime,
    pickupAddress: row.pickupAddress,
    status: row.status,
    car: { name: row.carName, plate: row.plate },
    chauffeurFirstName: row.chauffeurName ? firstName(row.chauffeurName) : '',
    tripStatus: row.tripStatus,
    // In the order of the statuses (two taps may share an instant).
    events: events
      .sort((a, b) => TRIP_STATUSES.indexOf(a.status) - TRIP_STATUSES.indexOf(b.status))
      .map((event) => ({ status: event.status, at: event.at.toISOString() })),
    approach: position ? await approachOf(position, row.pickupAddress, now, travel) : null,
    readAt: now.toISOString(),
  };
}
