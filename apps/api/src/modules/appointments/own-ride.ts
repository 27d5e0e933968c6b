import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { appointments, services, users, type Appointment, type Database } from '@app/db';
import {
  BOOKING_WINDOW_DAYS,
  LIVE_APPOINTMENT_STATUSES,
  earliestSlotStart,
  slotOfInstant,
  type RideView,
} from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { googleCalendarLink, type CalendarSettings } from '../../calendar/ride-calendar.ts';
import { calendarRideOf } from '../notifications/compose-message.ts';
import { listBlockedSlots } from '../service/list-blocked-slots.ts';

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
  return (
    appointment.status === 'paid' &&
    appointment.slotStart.getTime() - now.getTime() >= cutoffHours * 3_600_000
  );
}

/** Refuses a change the policy does not allow, with what the customer can do instead. */
export function assertChangeable(appointment: Appointment, now: Date, policy: ChangePolicy): void {
  if (appointment.status !== 'paid') throw AppError.conflict(RIDE_NOT_CHANGEABLE_MESSAGE);
  if (!mayChangeOnline(appointment, now, policy.cutoffHours)) {
    throw AppError.unprocessable(tooLateToChangeMessage(policy.cutoffHours, policy.phone));
  }
}

/**
 * The car's slots nobody may move a ride onto, within the booking window: live appointments
 * (holds past their time aside) and the slots the owner's blocks cover.
 */
export async function listTakenSlots(
  db: Database,
  serviceId: string,
  now: Date,
): Promise<Record<string, string[]>> {
  const from = earliestSlotStart(now);
  // One day past the window covers its last New York day whatever the offset.
  const until = new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 1) * 86_400_000);
  const [taken, blocked] = await Promise.all([
    db
      .select({ slotStart: appointments.slotStart })
      .from(appointments)
      .where(
        and(
          eq(appointments.serviceId, serviceId),
          inArray(appointments.status, LIVE_APPOINTMENT_STATUSES),
          or(eq(appointments.status, 'paid'), gte(appointments.holdExpiresAt, now)),
          gte(appointments.slotStart, from),
          lt(appointments.slotStart, until),
        ),
      ),
    listBlockedSlots(db, from, until, serviceId),
  ]);
  const slots = new Map<string, { slotDate: string; slotTime: string }>();
  for (const row of taken) {
    const slot = slotOfInstant(row.slotStart);
    slots.set(`${slot.slotDate} ${slot.slotTime}`, slot);
  }
  for (const slot of blocked) slots.set(`${slot.slotDate} ${slot.slotTime}`, slot);
  const byDay: Record<string, string[]> = {};
  for (const { slotDate, slotTime } of slots.values()) (byDay[slotDate] ??= []).push(slotTime);
  return byDay;
}

/** The ride as its page shows it; the taken slots only while it may still be moved. */
export async function rideView(
  db: Database,
  ride: OwnRide,
  now: Date,
  policy: ChangePolicy,
  calendar: CalendarSettings,
): Promise<RideView> {
  const { appointment, service } = ride;
  const changeable = mayChangeOnline(appointment, now, policy.cutoffHours);
  return {
    id: appointment.id,
    status: appointment.status,
    service,
    serviceType: appointment.serviceType,
    slotDate: appointment.slotDate,
    slotTime: appointment.slotTime,
    slotStart: appointment.slotStart.toISOString(),
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    amountCents: appointment.amountCents,
    changeable,
    changeCutoffHours: policy.cutoffHours,
    slotsTaken: changeable ? await listTakenSlots(db, service.id, now) : {},
    googleCalendarUrl:
      appointment.status === 'paid'
        ? googleCalendarLink(calendarRideOf(appointment, service.name), calendar)
        : null,
  };
}
