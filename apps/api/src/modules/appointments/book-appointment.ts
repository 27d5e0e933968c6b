import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  bookHold,
  preparedStatement,
  services,
  type Appointment,
  type Database,
  type HoldLimits,
} from '@app/db';
import {
  MESSAGES,
  SLOT_TAKEN_MESSAGE,
  depositCents,
  formatDaySpoken,
  formatSlotTime,
  isBookableSlot,
  slotStartsAt,
  wallClockAt,
  type BookingInput,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from './holds.ts';
import type { AppointmentChange } from './status.ts';

export const SLOT_NOT_BOOKABLE_MESSAGE =
  'This time is not available for booking. Please choose another time.';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This car is not available for booking right now.';
export const TOO_MANY_HOLDS_MESSAGE =
  'You have bookings waiting for payment. Please complete them or wait a few minutes before booking again.';
export const TOO_MANY_ADDRESS_HOLDS_MESSAGE =
  'Too many bookings from your network are waiting for payment. Please complete them or try again later.';
export const SLOT_BLOCKED_MESSAGE =
  'This car is not available at this time. Please choose another time.';
export const BOOKING_KEY_REUSED_MESSAGE =
  'This booking was already sent with other details. Please start your booking again.';

const serviceById = preparedStatement((db) =>
  db
    .select()
    .from(services)
    .where(eq(services.id, sql.placeholder('id')))
    .prepare('service_by_id'),
);

/**
 * Creates an appointment awaiting payment that holds its slot. Trusts nothing from the
 * browser: the car exists and is available, the type is one it offers, the slot is on the grid,
 * not past and inside the 90-day window, and the price is the server's. The database's unique
 * index decides a race for the slot: exactly one booking wins, the others hear it was taken.
 * A retry of a booking already made (same key, or the same customer, car, slot and details)
 * answers that booking's hold, and changes nothing.
 */
export async function bookAppointment(
  db: Database,
  input: BookingInput,
  booking: {
    userId: string;
    /** The keyed hash of the client address (`lib/client-address.ts`). */
    clientAddressHash: string;
    limits: HoldLimits;
    now: Date;
  },
): Promise<{ appointmentId: string; change: AppointmentChange | null }> {
  const { userId, now } = booking;
  const [service] = await serviceById(db).execute({ id: input.serviceId });
  if (!service) throw AppError.notFound('Service not found');
  if (!service.available) throw AppError.conflict(SERVICE_UNAVAILABLE_MESSAGE);

  const serviceType = chooseServiceType(service.serviceTypes, input.selectedServiceType);
  const slotStart = slotStartsAt(input.slotDate, input.slotTime);
  if (!slotStart || !isBookableSlot(now, input.slotDate, input.slotTime)) {
    throw AppError.badRequest(SLOT_NOT_BOOKABLE_MESSAGE);
  }

  const hold: Appointment = {
    id: randomUUID(),
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
    checkoutSessionId: null,
    checkoutExpiresAt: null,
    paymentIntentId: null,
    holdExpiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS),
    bookingKey: input.idempotencyKey ?? null,
    clientAddressHash: booking.clientAddressHash,
    paidAt: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: '',
    // The booking policy's checkbox, without which no booking is made, includes the texts.
    smsConsentAt: now,
    reminded24hAt: null,
    reminded2hAt: null,
    calendarSequence: 0,
    createdAt: now,
    updatedAt: now,
  };
  // One round trip, one transaction (ADR 008, 012): lock the customer and their address,
  // answer a retry, count their lapsed and live holds and their address's, release a stale
  // hold on this slot, insert unless a live appointment has the slot. At 50 concurrent bookings
  // the six statements this replaced spent most of their time waiting on each other's round trips.
  const booked = await bookHold(db, hold, now, booking.limits);
  switch (booked.outcome) {
    case 'booked':
      return {
        appointmentId: booked.appointmentId,
        change: { appointmentId: hold.id, userId, from: null, to: hold.status, at: now },
      };
    case 'retried':
      return { appointmentId: booked.appointmentId, change: null };
    case 'taken':
      throw AppError.conflict(SLOT_TAKEN_MESSAGE);
    case 'key_reused':
      throw AppError.unprocessable(BOOKING_KEY_REUSED_MESSAGE);
    case 'blocked':
      throw AppError.conflict(SLOT_BLOCKED_MESSAGE);
    case 'too_many_holds':
      throw AppError.tooManyRequests(TOO_MANY_HOLDS_MESSAGE);
    case 'too_many_address_holds':
      throw AppError.tooManyRequests(TOO_MANY_ADDRESS_HOLDS_MESSAGE);
    case 'lapsed_too_often':
      throw AppError.tooManyRequests(lapsedTooOftenMessage(booked.retryAt));
  }
}

/**
 * To an account that let too many holds run out: from when it may book again, in New York
 * time, rounded up to the minute.
 */
export function lapsedTooOftenMessage(retryAt: Date): string {
  const when = wallClockAt(new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000));
  return `You let several bookings expire without paying. You can book again from ${formatSlotTime(when.hour, when.minute)} on ${formatDaySpoken(when)} (New York time).`;
}

/** The service type booked: the one chosen, which the car must offer; a car with one type needs no choice. */
function chooseServiceType(offered: string[], chosen: string): string {
  const choice = chosen.trim();
  if (choice === '' && offered.length === 1) return offered[0] as string;
  if (!offered.includes(choice)) throw AppError.badRequest(MESSAGES.selectServiceType);
  return choice;
}
