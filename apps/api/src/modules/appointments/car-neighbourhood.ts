import { and, eq, gte, lte, ne } from 'drizzle-orm';
import { appointments, services, type Database, type NeighbourSeen } from '@app/db';
import { keepsItsCar } from './car-time.ts';
import { NEIGHBOUR_WINDOW_MS, type CarNeighbourhood, type Stay } from './reach.ts';

/**
 * A car's base and its live bookings (`keepsItsCar`) that may neighbour a stretch within
 * [from, until): those ending from 12 hours before `from` and starting until 12 hours after
 * `until` (ADR 020). `except` leaves out a ride being moved. Read once, it answers the reach of
 * any stretch in the window (`carReach`).
 */
export async function readCarNeighbourhood(
  db: Database,
  serviceId: string,
  window: { from: Date; until: Date },
  now: Date,
  except?: string,
): Promise<CarNeighbourhood> {
  const [[car], stays] = await Promise.all([
    db.select({ address: services.address }).from(services).where(eq(services.id, serviceId)),
    db
      .select({
        id: appointments.id,
        start: appointments.slotStart,
        end: appointments.endsAt,
        pickup: appointments.pickupAddress,
        dropoff: appointments.dropoffAddress,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.serviceId, serviceId),
          gte(appointments.endsAt, new Date(window.from.getTime() - NEIGHBOUR_WINDOW_MS)),
          lte(appointments.slotStart, new Date(window.until.getTime() + NEIGHBOUR_WINDOW_MS)),
          keepsItsCar(now),
          except ? ne(appointments.id, except) : undefined,
        ),
      ),
  ]);
  return { base: car?.address ?? '', stays };
}

/** A neighbour as `book_hold` compares it (`car_neighbours` in sql/book_hold.sql). */
export function neighbourSeen(stay: Stay | null): NeighbourSeen | null {
  if (!stay) return null;
  return {
    id: stay.id,
    start: stay.start.getTime(),
    end: stay.end.getTime(),
    pickup: stay.pickup,
    dropoff: stay.dropoff,
  };
}
