import { randomBytes } from 'node:crypto';
import { appointments, users, type Database } from '@app/db';
import {
  occupiedUntil,
  rideEnd,
  slotStartsAt,
  type AppointmentStatus,
  type UserRole,
} from '@app/shared';

/** A customer row (or another role's), for tests that need one without going through signup. */
export async function insertUser(
  db: Database,
  name = 'Test Customer',
  role: UserRole = 'customer',
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ name, role, email: `${role}-${randomBytes(6).toString('hex')}@example.com` })
    .returning({ id: users.id });
  return (user as { id: string }).id;
}

/**
 * An appointment row on a slot, held or in any status, with believable ride details. It keeps
 * its car half an hour with no turnaround unless told (as bookings made before lengths do).
 */
export async function insertAppointment(
  db: Database,
  slot: {
    userId: string;
    serviceId: string;
    slotDate: string;
    slotTime: string;
    status: AppointmentStatus;
    holdExpiresAt?: Date;
    lengthMinutes?: number;
    turnaroundMinutes?: number;
    pickupAddress?: string;
    dropoffAddress?: string;
  },
): Promise<string> {
  const { lengthMinutes = 30, turnaroundMinutes = 0, ...columns } = slot;
  const slotStart = slotStartsAt(slot.slotDate, slot.slotTime);
  if (!slotStart) throw new Error(`not a slot: ${slot.slotDate} ${slot.slotTime}`);
  const [row] = await db
    .insert(appointments)
    .values({
      ...columns,
      slotStart,
      lengthMinutes,
      endsAt: rideEnd(slotStart, lengthMinutes),
      turnaroundMinutes,
      occupiedUntil: occupiedUntil(slotStart, lengthMinutes, turnaroundMinutes),
      serviceType: 'Airport Transfer',
      phone: '781-555-0100',
      pickupAddress: slot.pickupAddress ?? '1 Main Street, Norfolk, MA',
      dropoffAddress: slot.dropoffAddress ?? 'Logan Airport, Boston, MA',
      amountCents: 5000,
      holdExpiresAt: slot.holdExpiresAt ?? new Date('2100-01-01T00:00:00Z'),
      paidAt: slot.status === 'paid' ? new Date() : null,
    })
    .returning({ id: appointments.id });
  return (row as { id: string }).id;
}

/**
 * The columns that move a fixture's ride (half an hour, no turnaround) to start at `slotStart`,
 * for a test that moves it behind the API's back: the database checks they agree.
 */
export function fixtureStretchAt(slotStart: Date) {
  return {
    slotStart,
    endsAt: rideEnd(slotStart, 30),
    occupiedUntil: occupiedUntil(slotStart, 30, 0),
  };
}
