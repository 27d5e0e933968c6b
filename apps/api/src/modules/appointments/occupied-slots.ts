import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { appointments, blocks, type Database } from '@app/db';
import { markOccupied } from '@app/shared';
import { keepsItsCar, overlapsStretch } from './car-time.ts';

/** A car's `slots_booked`: `d_m_yyyy` to the half-hour labels its bookings and blocks touch. */
export type OccupiedSlots = Record<string, string[]>;

/**
 * The half-hour labels each car's time is taken at between `from` and `until`, by car (one car's
 * alone with `serviceId`): every label a live booking's stretch (its ride and turnaround) or a
 * block touches, over midnight and over days (shared `markOccupied`). A hold past its time takes
 * none, even before the sweep releases it; `except` leaves one booking out (a ride being moved).
 * Never who took them or why.
 */
export async function occupiedSlots(
  db: Database,
  window: { from: Date; until: Date; now: Date; except?: string },
  serviceId?: string,
): Promise<Map<string, OccupiedSlots>> {
  const { from, until, now } = window;
  const ofCar = (column: typeof appointments.serviceId | typeof blocks.serviceId) =>
    serviceId ? eq(column, serviceId) : undefined;
  const [booked, blocked] = await Promise.all([
    db
      .select({
        serviceId: appointments.serviceId,
        from: appointments.slotStart,
        until: appointments.occupiedUntil,
      })
      .from(appointments)
      .where(
        and(
          ofCar(appointments.serviceId),
          window.except ? ne(appointments.id, window.except) : undefined,
          keepsItsCar(now),
          overlapsStretch(from, until),
        ),
      ),
    db
      .select({ serviceId: blocks.serviceId, from: blocks.startsAt, until: blocks.endsAt })
      .from(blocks)
      .where(and(ofCar(blocks.serviceId), lt(blocks.startsAt, until), gt(blocks.endsAt, from))),
  ]);
  const byCar = new Map<string, OccupiedSlots>();
  for (const stretch of [...booked, ...blocked]) {
    const slots = byCar.get(stretch.serviceId) ?? {};
    markOccupied(
      slots,
      stretch.from < from ? from : stretch.from,
      stretch.until > until ? until : stretch.until,
    );
    byCar.set(stretch.serviceId, slots);
  }
  return byCar;
}
