import { and, count, eq, gt } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import {
  MESSAGES,
  SLOT_TAKEN_MESSAGE,
  depositCents,
  isBookableSlot,
  slotStartsAt,
  type BookingInput,
} from '@app/shared';
import { isUniqueViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS, expireStaleHolds } from './holds.ts';

/** One customer cannot hold more slots than this while not paying for them. */
export const MAX_PENDING_HOLDS_PER_USER = 3;

export const SLOT_NOT_BOOKABLE_MESSAGE =
  'This time is not available for booking. Please choose another time.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This car is not available for booking right now.';
export const TOO_MANY_HOLDS_MESSAGE =
  'You have bookings waiting for payment. Please complete them or wait a few minutes before booking again.';

/**
 * Creates an appointment awaiting payment that holds its slot. Trusts nothing from the
 * browser: the car exists and is available, the type is one it offers, the slot is on the grid,
 * not past and inside the 90-day window, and the price is the server's. The database's unique
 * index decides a race for the slot: exactly one booking wins, the others hear it was taken.
 */
export async function createBooking(
  db: Database,
  userId: string,
  input: BookingInput,
  now: Date,
): Promise<{ appointmentId: string }> {
  const [service] = await db.select().from(services).where(eq(services.id, input.serviceId));
  if (!service) throw AppError.notFound('Service not found');
  if (!service.available) throw new AppError(409, SERVICE_UNAVAILABLE_MESSAGE);

  const serviceType = chooseServiceType(service.serviceTypes, input.selectedServiceType);
  const slotStart = slotStartsAt(input.slotDate, input.slotTime);
  if (!slotStart || !isBookableSlot(now, input.slotDate, input.slotTime)) {
    throw AppError.badRequest(SLOT_NOT_BOOKABLE_MESSAGE);
  }

  try {
    // One transaction per customer at a time (their row locked): the hold limit is counted and
    // the new hold inserted together, so concurrent requests cannot slip past the limit.
    const appointmentId = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [pending] = await tx
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.userId, userId),
            eq(appointments.status, 'pending_payment'),
            gt(appointments.holdExpiresAt, now),
          ),
        );
      if ((pending?.n ?? 0) >= MAX_PENDING_HOLDS_PER_USER)
        throw new AppError(429, TOO_MANY_HOLDS_MESSAGE);

      // An abandoned checkout past its time must not keep the slot from this customer.
      await expireStaleHolds(tx, now, { serviceId: service.id, slotStart });
      const [created] = await tx
        .insert(appointments)
        .values({
          userId,
          serviceId: service.id,
          slotStart,
          slotDate: input.slotDate,
          slotTime: input.slotTime,
          status: 'pending_payment',
          serviceType,
          phone: input.phone.trim(),
          pickupAddress: input.pickupAddress,
          dropoffAddress: input.dropoffAddress,
          pickupNotes: input.pickupNotes.trim(),
          needsReturnRide: input.needsReturnRide,
          returnPickupAddress: input.returnPickupAddress,
          returnDropoffAddress: input.returnDropoffAddress,
          returnPickupNotes: input.returnPickupNotes.trim(),
          amountCents: depositCents(service.feesCents / 100),
          holdExpiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: appointments.id });
      return (created as { id: string }).id;
    });
    return { appointmentId };
  } catch (error) {
    if (isUniqueViolation(error, 'appointments_one_live_per_slot'))
      throw new AppError(409, SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

/** The service type booked: the one chosen, which the car must offer; a car with one type needs no choice. */
function chooseServiceType(offered: string[], chosen: string): string {
  const choice = chosen.trim();
  if (choice === '' && offered.length === 1) return offered[0] as string;
  if (!offered.includes(choice)) throw AppError.badRequest(MESSAGES.selectServiceType);
  return choice;
}
