import type { appointments } from '@app/db';
import { occupiedUntil, rideEnd, slotOfInstant } from '@app/shared';

/** The car's turnaround after each seeded ride, in minutes. */
const TURNAROUND_MINUTES = 30;

/**
 * A paid airport ride's row, as a booking leaves it: a benchmark's seed of the rides it
 * measures around (the car's time, its reach, who drives it).
 */
export function paidRideRow(ride: {
  userId: string;
  serviceId: string;
  slotStart: Date;
  lengthMinutes: number;
  chauffeurId?: string;
}): typeof appointments.$inferInsert {
  const { slotStart, lengthMinutes } = ride;
  return {
    ...ride,
    ...slotOfInstant(slotStart),
    endsAt: rideEnd(slotStart, lengthMinutes),
    turnaroundMinutes: TURNAROUND_MINUTES,
    occupiedUntil: occupiedUntil(slotStart, lengthMinutes, TURNAROUND_MINUTES),
    status: 'paid',
    serviceType: 'Airport Transfer',
    phone: '781-555-0100',
    pickupAddress: '1 Main Street, Norfolk, MA',
    dropoffAddress: 'Logan Airport, Boston, MA',
    amountCents: 6600,
    holdExpiresAt: slotStart,
    paidAt: new Date(),
    priceCents: 14_000,
  };
}
