import { and, eq } from 'drizzle-orm';
import { appointments, services, users, type Appointment, type Database } from '@app/db';
import {
  BOOKING_WINDOW_DAYS,
  bookedPriceOf,
  cancellationRefund,
  cancelRefundInWords,
  type RefundTier,
  TRIP_LINK_DAYS_AFTER,
  busyInstants,
  earliestSlotStart,
  fittingSlots,
  listBookableDays,
  mayStillChange,
  rideEnd,
  type RideView,
  type SlotsBooked,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { googleCalendarLink, type CalendarSettings } from '../../calendar/ride-calendar.ts';
import type { TravelSettings } from '../../travel/drive-speed.ts';
import { calendarRideOf } from '../notifications/compose-message.ts';
import { readCarNeighbourhood } from './car-neighbourhood.ts';
import { carReach } from './reach.ts';
import { offlineDrive } from './reach-drive.ts';
import { occupiedSlots } from './occupied-slots.ts';
import { customerCancellations, ownerCancellations } from './cancellations.ts';
import { tripOf } from './trip.ts';

/*
 * What the ride page's three calls share: finding the customer's own ride, the limit on
 * changing it online, and its view.
 */

/** Someone else's ride, and a ride that does not exist, answer the same. */
export const RIDE_NOT_FOUND_MESSAGE = 'Ride not found';
export const RIDE_NOT_CHANGEABLE_MESSAGE =
  'This ride can no longer be changed online. Please call us if you need help with it.';
export const RIDE_CHANGED_ELSEWHERE_MESSAGE =
  'This ride was just changed elsewhere. Please reload the page to see it as it is now.';

/** After the limit the business takes changes by phone: the page says so too. */
export function tooLateToChangeMessage(cutoffHours: number, phone: string): string {
  return `Rides can be changed online up to ${cutoffHours} hours before pickup. Please call us at ${phone}.`;
}

/** The settings of changing plans: the limit before pickup, and whom to call after it. */
export interface ChangePolicy {
  cutoffHours: number;
  phone: string;
}

export interface OwnRide {
  appointment: Appointment;
  service: { id: string; name: string; image: string; address: string };
  /** The customer, as the audit trail names them. */
  actor: AuditActor;
}

/**
 * The customer's own ride, or 404 for anyone else's. In a transaction, `lock` takes the
 * appointment's row FOR UPDATE: a change then reads the row no other change can move under it.
 */
export async function findOwnRide(
  db: Database,
  appointmentId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<OwnRide> {
  const query = db
    .select({
      appointment: appointments,
      service: {
        id: services.id,
        name: services.name,
        image: services.image,
        address: services.address,
      },
      email: users.email,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
  const [row] = options.lock ? await query.for('update', { of: appointments }) : await query;
  if (!row) throw AppError.notFound(RIDE_NOT_FOUND_MESSAGE);
  return {
    appointment: row.appointment,
    service: row.service,
    actor: { userId, label: row.email },
  };
}

/** Whether the customer may still change the ride online: paid, and before the limit. */
export function mayChangeOnline(appointment: Appointment, now: Date, cutoffHours: number): boolean {
  return appointment.status === 'paid' && mayStillChange(appointment.slotStart, now, cutoffHours);
}

/** Refuses a change the policy does not allow, with what the customer can do instead. */
export function assertChangeable(appointment: Appointment, now: Date, policy: ChangePolicy): void {
  if (appointment.status !== 'paid') throw AppError.conflict(RIDE_NOT_CHANGEABLE_MESSAGE);
  if (!mayChangeOnline(appointment, now, policy.cutoffHours)) {
    throw AppError.unprocessable(tooLateToChangeMessage(policy.cutoffHours, policy.phone));
  }
}

/**
 * The half-hour labels of the car nobody may move this ride's stretch onto, within the booking
 * window: every other live booking's stretch and the owner's blocks. The ride's own stretch is
 * left out, so a move by less than its length is offered where it fits.
 */
export async function listTakenSlots(
  db: Database,
  ride: { id: string; serviceId: string },
  now: Date,
): Promise<Record<string, string[]>> {
  const from = earliestSlotStart(now);
  // One day past the window covers its last New York day whatever the offset.
  const until = new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 1) * 86_400_000);
  const occupied = await occupiedSlots(db, { from, until, now, except: ride.id }, ride.serviceId);
  return occupied.get(ride.serviceId) ?? {};
}

/**
 * The starts where the ride's stretch is free but the car could not get to its pickup from the
 * ride before, or on from its drop-off to the next (ADR 020): the same rule as the move, so
 * the page never offers a time the move would refuse. Not why: the other trips are private.
 */
async function listStartsOutOfReach(
  db: Database,
  ride: Appointment,
  taken: SlotsBooked,
  now: Date,
  travel: TravelSettings,
): Promise<Record<string, string[]>> {
  const days = listBookableDays(now, taken);
  const first = days[0]?.slots[0]?.startsAt;
  const last = days.at(-1)?.slots.at(-1)?.startsAt;
  if (!first || !last) return {};
  const [neighbourhood, drive] = await Promise.all([
    readCarNeighbourhood(
      db,
      ride.serviceId,
      { from: first, until: rideEnd(last, ride.lengthMinutes) },
      now,
      ride.id,
    ),
    offlineDrive(travel),
  ]);
  const reach = carReach(neighbourhood, drive, now);
  const busy = busyInstants(taken);
  const outOfReach: Record<string, string[]> = {};
  for (const day of days) {
    const slots = fittingSlots(day.slots, busy, ride.lengthMinutes + ride.turnaroundMinutes);
    const labels = slots
      .filter(
        (slot) =>
          !reach({
            start: slot.startsAt,
            end: rideEnd(slot.startsAt, ride.lengthMinutes),
            pickup: ride.pickupAddress,
            dropoff: ride.dropoffAddress,
          }).reachable,
      )
      .map((slot) => slot.label);
    if (labels.length > 0) outOfReach[day.key] = labels;
  }
  return outOfReach;
}

/** A ride whose trip can be followed: booked or done, until a day after it (`getTrip`). */
function followable(ride: Appointment, now: Date): boolean {
  const until = ride.endsAt.getTime() + TRIP_LINK_DAYS_AFTER * 86_400_000;
  return (ride.status === 'paid' || ride.status === 'completed') && now.getTime() <= until;
}

/** What the ride page's view needs beyond the ride: the policy, the calendar, the drive. */
export interface RideViewSettings {
  policy: ChangePolicy;
  calendar: CalendarSettings;
  /** The offline estimate's settings in force, for the starts out of the car's reach. */
  travel: TravelSettings;
  /** A ride's live trip token (`modules/trips`). */
  tripToken: (rideId: string) => string;
  /** The owner's refund tiers in force (`modules/refund-policy`), for what a cancel gives back. */
  refundTiers: readonly RefundTier[];
}

/** What cancelling `legs` at `now` gives back of their deposits, with its words. */
export function cancelRefundOf(
  legs: readonly Appointment[],
  now: Date,
  tiers: readonly RefundTier[],
) {
  const refunds = legs.map((leg) => cancellationRefund(leg.amountCents, leg.slotStart, now, tiers));
  const total = {
    depositCents: refunds.reduce((sum, refund) => sum + refund.depositCents, 0),
    refundCents: refunds.reduce((sum, refund) => sum + refund.refundCents, 0),
  };
  return { ...total, words: cancelRefundInWords(total) };
}

/** The ride as its page shows it; where it may move only while it may still be moved. */
export async function rideView(
  db: Database,
  ride: OwnRide,
  now: Date,
  { policy, calendar, travel, tripToken, refundTiers }: RideViewSettings,
): Promise<RideView> {
  const { appointment, service } = ride;
  const changeable = mayChangeOnline(appointment, now, policy.cutoffHours);
  const slotsTaken = changeable ? await listTakenSlots(db, appointment, now) : {};
  const [leg] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.returnOf, appointment.id));
  return {
    id: appointment.id,
    status: appointment.status,
    service,
    serviceType: appointment.serviceType,
    slotDate: appointment.slotDate,
    slotTime: appointment.slotTime,
    slotStart: appointment.slotStart.toISOString(),
    endsAt: appointment.endsAt.toISOString(),
    lengthMinutes: appointment.lengthMinutes,
    turnaroundMinutes: appointment.turnaroundMinutes,
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    trip: tripOf(appointment, leg),
    returnLegLive: leg?.status === 'paid',
    amountCents: appointment.amountCents,
    price: bookedPriceOf(appointment),
    changeable,
    changeCutoffHours: policy.cutoffHours,
    slotsTaken,
    startsOutOfReach: changeable
      ? await listStartsOutOfReach(db, appointment, slotsTaken, now, travel)
      : {},
    googleCalendarUrl:
      appointment.status === 'paid'
        ? googleCalendarLink(calendarRideOf(appointment, service.name), calendar)
        : null,
    ownerCancellation: (await ownerCancellations(db, [appointment])).get(appointment.id) ?? null,
    customerCancellation:
      (await customerCancellations(db, [appointment])).get(appointment.id) ?? null,
    // Followed live from the ride's page as from the link in the chauffeur's messages.
    tripToken: followable(appointment, now) ? tripToken(appointment.id) : null,
    cancelRefund: changeable ? cancelRefundOf([appointment], now, refundTiers) : null,
    cancelRefundWithReturn:
      changeable && leg?.status === 'paid'
        ? cancelRefundOf([appointment, leg], now, refundTiers)
        : null,
  };
}
