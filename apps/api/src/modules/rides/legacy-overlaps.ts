import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { appointments, services, turnaroundsOf, users, type Database } from '@app/db';
import { minimumLengthMinutes, occupiedUntil, rateKindOf, type LegacyOverlap } from '@app/shared';
import { keepsItsCar, overlapsStretch } from '../appointments/car-time.ts';

/**
 * Paid rides booked before lengths (ADR 018: they kept the half hour they were sold, with no
 * turnaround) that would overlap another booking of their car at their real length, the kind's
 * shortest and the car's turnaround: for the owner to move or confirm. Still to come only.
 */
export async function legacyOverlaps(db: Database, now: Date): Promise<LegacyOverlap[]> {
  const legacy = await db
    .select({ ride: appointments, service: services, customerName: users.name })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        isNull(appointments.priceCents),
        eq(appointments.status, 'paid'),
        eq(appointments.turnaroundMinutes, 0),
        gt(appointments.endsAt, now),
      ),
    )
    .orderBy(asc(appointments.slotStart));

  const found: LegacyOverlap[] = [];
  for (const { ride, service, customerName } of legacy) {
    const kind = rateKindOf(ride.serviceType);
    const until = occupiedUntil(
      ride.slotStart,
      minimumLengthMinutes(kind),
      turnaroundsOf(service)[kind],
    );
    const others = await db
      .select({
        id: appointments.id,
        slotDate: appointments.slotDate,
        slotTime: appointments.slotTime,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.serviceId, ride.serviceId),
          ne(appointments.id, ride.id),
          keepsItsCar(now),
          overlapsStretch(ride.slotStart, until),
        ),
      )
      .orderBy(asc(appointments.slotStart));
    if (others.length === 0) continue;
    found.push({
      id: ride.id,
      carName: service.name,
      customerName,
      slotDate: ride.slotDate,
      slotTime: ride.slotTime,
      realUntil: until.toISOString(),
      overlaps: others,
    });
  }
  return found;
}
