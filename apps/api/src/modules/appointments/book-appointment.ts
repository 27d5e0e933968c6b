import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  bookHold,
  preparedStatement,
  type BookHoldOutcome,
  ratesOf,
  services,
  turnaroundsOf,
  type Appointment,
  type Database,
  type HoldLimits,
} from '@app/db';
import {
  MESSAGES,
  RETURN_BEFORE_END_MESSAGE,
  RETURN_TAKEN_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  depositCents,
  estimateRide,
  lengthInUnits,
  occupiedUntil,
  priceReasons,
  rateDayOf,
  rateKindOf,
  rideEnd,
  formatDaySpoken,
  formatSlotTime,
  isBookableSlot,
  slotStartsAt,
  wallClockAt,
  type BookingInput,
  type CarMake,
  type RateKind,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import type { TravelSettingsSource } from '../travel-settings/travel-settings-source.ts';
import type { TravelTime } from '../../travel/travel-time.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { neighbourSeen, readCarNeighbourhood } from './car-neighbourhood.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS } from './holds.ts';
import { legLength } from './ride-length.ts';
import { neighboursOf, reachOfLegs, type Stretch } from './reach.ts';
import { offlineDrive } from './reach-drive.ts';

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

/** How a ride's route is found: the drive estimate, and the phone a too long trip is sent to. */
export interface BookingRoutes {
  travelTime: TravelTime;
  /** The business's phone (`BUSINESS_PHONE`), in the message refusing a too long trip. */
  phone: string;
  /** The offline estimate's settings in force: the reach check's drives under the car's lock. */
  travel: TravelSettingsSource;
}

/**
 * Creates an appointment awaiting payment that holds its car for the ride's length and the car's
 * turnaround (ADR 018). Trusts nothing from the browser: the car exists and is available, the
 * type is one it offers, a ride's length is its route's (estimated here, before the booking's
 * transaction, never inside it) plus the waiting time, another length one of the type's, the
 * start on the grid, not past and inside the 90-day window, and the price is the server's. The database's exclusion constraint
 * decides a race for the car's time: of overlapping bookings exactly one wins, the others hear
 * it was taken.
 * A retry of a booking already made (same key, or the same customer, car, slot and details)
 * answers that booking's hold, and changes nothing. Answers the first leg's id and, for a round
 * trip, its return leg's (held with it in the same statement, or neither).
 */
export async function bookAppointment(
  db: Database,
  changes: AppointmentChanges,
  input: BookingInput,
  booking: {
    userId: string;
    /** The keyed hash of the client address (`lib/client-address.ts`). */
    clientAddressHash: string;
    limits: HoldLimits;
    routes: BookingRoutes;
    now: Date;
  },
): Promise<{ appointmentId: string; returnAppointmentId?: string | undefined }> {
  const { userId, now } = booking;
  const [service] = await serviceById(db).execute({ id: input.serviceId });
  if (!service) throw AppError.notFound('Service not found');
  if (!service.available) throw AppError.conflict(SERVICE_UNAVAILABLE_MESSAGE);

  const serviceType = chooseServiceType(service.serviceTypes, input.selectedServiceType);
  const slotStart = slotStartsAt(input.slotDate, input.slotTime);
  if (!slotStart || !isBookableSlot(now, input.slotDate, input.slotTime)) {
    throw AppError.badRequest(SLOT_NOT_BOOKABLE_MESSAGE);
  }

  const kind = rateKindOf(serviceType);
  const { travelTime, phone } = booking.routes;
  const { lengthMinutes } = await legLength(
    travelTime,
    kind,
    {
      pickupAddress: input.pickupAddress,
      dropoffAddress: input.dropoffAddress,
      waitingMinutes: input.waitingMinutes,
      lengthMinutes: input.lengthMinutes,
    },
    slotStart,
    phone,
  );
  const turnaroundMinutes = turnaroundsOf(service)[kind];
  const holdExpiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + HOLD_GRACE_MS);

  const leg = (
    at: { slotStart: Date; slotDate: string; slotTime: string; lengthMinutes: number },
    trip: Pick<Appointment, 'pickupAddress' | 'dropoffAddress' | 'pickupNotes'>,
  ): Appointment => ({
    id: randomUUID(),
    userId,
    serviceId: service.id,
    ...at,
    endsAt: rideEnd(at.slotStart, at.lengthMinutes),
    turnaroundMinutes,
    occupiedUntil: occupiedUntil(at.slotStart, at.lengthMinutes, turnaroundMinutes),
    status: 'pending_payment',
    serviceType,
    phone: input.phone.trim(),
    ...trip,
    needsReturnRide: null,
    returnPickupAddress: '',
    returnDropoffAddress: '',
    returnPickupNotes: '',
    amountCents: depositCents(service.feesCents / 100),
    // The price and its reasons from one estimate: kept as booked, never worked out again.
    ...bookedPriceOf(service, serviceType, at.lengthMinutes, at),
    checkoutSessionId: null,
    checkoutExpiresAt: null,
    paymentIntentId: null,
    holdExpiresAt,
    bookingKey: null,
    clientAddressHash: booking.clientAddressHash,
    paidAt: null,
    cancelledAt: null,
    finishedAt: null,
    cancelledBy: null,
    cancelReason: '',
    // Texts only with the agreement the request carries; without it, email only.
    smsConsentAt: input.smsConsent === true ? now : null,
    reminded24hAt: null,
    reminded2hAt: null,
    chauffeurNudgedAt: null,
    returnOf: null,
    calendarSequence: 0,
    // Its car's default chauffeur is given when it is paid (when free then).
    chauffeurId: null,
    tripStatus: null,
    createdAt: now,
    updatedAt: now,
  });

  const hold: Appointment = {
    ...leg(
      { slotStart, slotDate: input.slotDate, slotTime: input.slotTime, lengthMinutes },
      {
        pickupAddress: input.pickupAddress,
        dropoffAddress: input.dropoffAddress,
        pickupNotes: input.pickupNotes.trim(),
      },
    ),
    needsReturnRide: input.needsReturnRide,
    returnPickupAddress: input.returnPickupAddress,
    returnDropoffAddress: input.returnDropoffAddress,
    returnPickupNotes: input.returnPickupNotes.trim(),
    bookingKey: input.idempotencyKey ?? null,
  };
  const returnLeg = await returnLegOf(input, hold, kind, now, booking.routes, leg);
  // One round trip, one transaction (ADR 008, 012, 018): lock the customer and their address,
  // answer a retry, count their lapsed and live holds and their address's, release stale holds
  // over the stretch, insert unless a live booking of the car overlaps it (and the return leg,
  // or neither). At 50 concurrent bookings the six statements this replaced spent most of their
  // time waiting on each other's round trips.
  const booked = await bookIfReachable(
    db,
    hold,
    returnLeg,
    now,
    booking.limits,
    await booking.routes.travel.current(),
  );
  switch (booked.outcome) {
    case 'booked':
      // Committed by book_hold itself, with nothing else to write: only told.
      changes.committed({ appointmentId: hold.id, userId, from: null, to: hold.status, at: now });
      return { appointmentId: booked.appointmentId, returnAppointmentId: returnLeg?.id };
    case 'retried':
      return { appointmentId: booked.appointmentId };
    case 'taken':
    case 'unreachable':
    case 'neighbours_changed':
      // The customer is never told why: another customer's trip is private.
      throw AppError.conflict(SLOT_TAKEN_MESSAGE);
    case 'key_reused':
      throw AppError.unprocessable(BOOKING_KEY_REUSED_MESSAGE);
    case 'blocked':
      throw AppError.conflict(SLOT_BLOCKED_MESSAGE);
    case 'return_blocked':
    case 'return_taken':
      throw AppError.conflict(RETURN_TAKEN_MESSAGE);
    case 'too_many_holds':
      throw AppError.tooManyRequests(TOO_MANY_HOLDS_MESSAGE);
    case 'too_many_address_holds':
      throw AppError.tooManyRequests(TOO_MANY_ADDRESS_HOLDS_MESSAGE);
    case 'lapsed_too_often':
      throw AppError.tooManyRequests(lapsedTooOftenMessage(booked.retryAt));
  }
}

/** How often a booking whose car's neighbours changed under it is judged again before it is taken. */
export const REACH_ATTEMPTS = 5;

/**
 * `book_hold`, if the car can get to each leg and on to its next pickup (`reach.ts`, ADR 020):
 * the car's neighbours are read, reach judged here on the offline estimate, and the neighbours
 * judged by handed to `book_hold`, which compares them under the car's lock. Neighbours changed
 * meanwhile (another instance squeezed a ride in, a hold ran out): read and judge again, at most
 * `REACH_ATTEMPTS` times, then the time counts as taken.
 */
async function bookIfReachable(
  db: Database,
  hold: Appointment,
  returnLeg: Appointment | null,
  now: Date,
  limits: HoldLimits,
  travel: TravelSettings,
): Promise<BookHoldOutcome | { outcome: 'unreachable' }> {
  const drive = await offlineDrive(travel);
  const legs = [hold, ...(returnLeg ? [returnLeg] : [])].map(stretchOf);
  let booked: BookHoldOutcome = { outcome: 'neighbours_changed' };
  for (
    let attempt = 0;
    attempt < REACH_ATTEMPTS && booked.outcome === 'neighbours_changed';
    attempt++
  ) {
    const neighbourhood = await readCarNeighbourhood(
      db,
      hold.serviceId,
      { from: hold.slotStart, until: (returnLeg ?? hold).endsAt },
      now,
    );
    if (!reachOfLegs(neighbourhood, legs, drive, now).reachable) return { outcome: 'unreachable' };
    const seen = (leg: Stretch) => {
      const { previous, next } = neighboursOf(neighbourhood.stays, leg);
      return { previous: neighbourSeen(previous), next: neighbourSeen(next) };
    };
    booked = await bookHold(db, hold, returnLeg, now, limits, {
      first: seen(legs[0] as Stretch),
      return: legs[1] ? seen(legs[1]) : null,
    });
  }
  return booked;
}

/** A leg as the reach rule reads it. */
function stretchOf(leg: Appointment): Stretch {
  return {
    start: leg.slotStart,
    end: leg.endsAt,
    pickup: leg.pickupAddress,
    dropoff: leg.dropoffAddress,
  };
}

/**
 * To an account that let too many holds run out: from when it may book again, in New York
 * time, rounded up to the minute.
 */
export function lapsedTooOftenMessage(retryAt: Date): string {
  const when = wallClockAt(new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000));
  return `You let several bookings expire without paying. You can book again from ${formatSlotTime(when.hour, when.minute)} on ${formatDaySpoken(when)} (New York time).`;
}

/**
 * A round trip's return leg (ADR 018): on the same car and type, from the return pickup to the
 * return drop-off, at its own time and length, after the first leg ends. Null for a one-way
 * booking, or a return ride the customer books later.
 */
async function returnLegOf(
  input: BookingInput,
  first: Appointment,
  kind: RateKind,
  now: Date,
  routes: BookingRoutes,
  leg: (
    at: { slotStart: Date; slotDate: string; slotTime: string; lengthMinutes: number },
    trip: Pick<Appointment, 'pickupAddress' | 'dropoffAddress' | 'pickupNotes'>,
  ) => Appointment,
): Promise<Appointment | null> {
  if (input.needsReturnRide !== true || !input.returnSlotDate || !input.returnSlotTime) return null;
  const slotStart = slotStartsAt(input.returnSlotDate, input.returnSlotTime);
  if (!slotStart || !isBookableSlot(now, input.returnSlotDate, input.returnSlotTime)) {
    throw AppError.badRequest(SLOT_NOT_BOOKABLE_MESSAGE);
  }
  if (slotStart < first.endsAt) throw AppError.badRequest(RETURN_BEFORE_END_MESSAGE);
  const pickupAddress = input.returnPickupAddress.trim() || first.dropoffAddress;
  const dropoffAddress = input.returnDropoffAddress.trim() || first.pickupAddress;
  const { lengthMinutes } = await legLength(
    routes.travelTime,
    kind,
    {
      pickupAddress,
      dropoffAddress,
      waitingMinutes: input.returnWaitingMinutes,
      lengthMinutes: input.returnLengthMinutes,
    },
    slotStart,
    routes.phone,
  );
  return {
    ...leg(
      { slotStart, slotDate: input.returnSlotDate, slotTime: input.returnSlotTime, lengthMinutes },
      { pickupAddress, dropoffAddress, pickupNotes: input.returnPickupNotes.trim() },
    ),
    returnOf: first.id,
  };
}

/**
 * The ride's price for the booked length by the car's rate cards on the pickup's day, the
 * promotion applied, in cents, and why in words (`priceReasons`, as the quote says it): the
 * estimate the customer saw, kept as it was when booked.
 */
function bookedPriceOf(
  service: typeof services.$inferSelect,
  serviceType: string,
  lengthMinutes: number,
  slot: { slotDate: string; slotTime: string },
): Pick<Appointment, 'priceCents' | 'priceReasons'> {
  const kind = rateKindOf(serviceType);
  const estimate = estimateRide(
    { ...ratesOf(service), type: service.model as CarMake },
    kind,
    lengthInUnits(kind, lengthMinutes),
    rateDayOf(slot.slotDate, slot.slotTime),
  );
  return {
    priceCents: Math.round(estimate.price * 100),
    priceReasons: priceReasons(estimate, service.model),
  };
}

/** The service type booked: the one chosen, which the car must offer; a car with one type needs no choice. */
export function chooseServiceType(offered: string[], chosen: string): string {
  const choice = chosen.trim();
  if (choice === '' && offered.length === 1) return offered[0] as string;
  if (!offered.includes(choice)) throw AppError.badRequest(MESSAGES.selectServiceType);
  return choice;
}
