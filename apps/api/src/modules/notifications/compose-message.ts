import { eq } from 'drizzle-orm';
import type { outboxMessages } from '@app/db';
import { appointments, services, users, type Database } from '@app/db';
import { formatCents } from '@app/shared';
import { rideCalendar, ridePageUrl, type CalendarRide } from '../../calendar/ride-calendar.ts';
import { bookingConfirmedEmail } from '../../email/booking-confirmed.ts';
import { ownerRideNoticeEmail } from '../../email/owner-ride-notice.ts';
import { rideCancelledEmail, rideRescheduledEmail } from '../../email/ride-changed.ts';
import { rideCompletedEmail } from '../../email/ride-completed.ts';
import { rideTime, type RideEmailSettings, type RideFacts } from '../../email/ride-facts.ts';
import { rideReminderEmail } from '../../email/ride-reminder.ts';
import type { Mail, MailAttachment } from '../../email/transport.ts';
import { optedOut, type MessageTemplate } from './record-messages.ts';
import type { TextMessage } from './sms/sms-sender.ts';

/** What one outbox row becomes when it is sent, or why it is not sent after all. */
export type Composed =
  { channel: 'email'; mail: Mail } | { channel: 'sms'; text: TextMessage } | { skip: string };

type Appointment = typeof appointments.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Builds a row's message from the ride as it is now and the row's payload (what the ride's row
 * no longer says: the old time, the refund). Reads the database; sends nothing.
 */
export async function composeMessage(
  db: Database,
  row: OutboxMessage,
  settings: RideEmailSettings,
  now: Date,
): Promise<Composed> {
  if (!row.appointmentId) return { skip: 'no ride' };
  const [found] = await db
    .select({
      appointment: appointments,
      carName: services.name,
      name: users.name,
      email: users.email,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, row.appointmentId));
  if (!found) return { skip: 'no ride' };
  const { appointment } = found;
  const template = row.template as MessageTemplate;
  const payload = row.payload;

  if (template === 'reminder_24h' || template === 'reminder_2h') {
    // Cancelled or moved since the reminder was claimed: the reminder would be wrong.
    if (appointment.status !== 'paid') return { skip: 'ride no longer booked' };
    if (payload.slotStart !== appointment.slotStart.toISOString()) return { skip: 'ride moved' };
  }

  const ride: RideFacts = {
    id: appointment.id,
    customerName: found.name,
    customerEmail:
      row.audience === 'customer' && row.channel === 'email' ? row.recipient : found.email,
    carName: found.carName,
    slotStart: appointment.slotStart,
    serviceType: appointment.serviceType,
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    pickupNotes: appointment.pickupNotes,
    returnRide: appointment.needsReturnRide
      ? {
          pickupAddress: appointment.returnPickupAddress,
          dropoffAddress: appointment.returnDropoffAddress,
        }
      : null,
    depositCents: appointment.amountCents,
    phone: appointment.phone,
  };
  const previousSlotStart =
    typeof payload.previousSlotStart === 'string' ? new Date(payload.previousSlotStart) : null;
  const cancelled = {
    by: payload.by === 'owner' ? ('owner' as const) : ('customer' as const),
    refundCents: typeof payload.refundCents === 'number' ? payload.refundCents : 0,
    reason: appointment.cancelReason,
  };

  if (row.channel === 'sms') {
    if (await optedOut(db, row.recipient)) return { skip: 'number opted out' };
    const body = textBody(template, ride, cancelled, settings);
    return body ? { channel: 'sms', text: { to: row.recipient, body } } : { skip: 'no text' };
  }

  if (row.audience === 'owner') {
    if (template !== 'paid' && template !== 'cancelled' && template !== 'rescheduled')
      return { skip: 'not for the owner' };
    const notice =
      template === 'paid'
        ? { kind: template }
        : template === 'cancelled'
          ? { kind: template, ...cancelled }
          : { kind: template, previousSlotStart };
    return { channel: 'email', mail: ownerRideNoticeEmail(ride, notice, row.recipient, settings) };
  }

  const invite = (method: 'request' | 'cancel'): MailAttachment => ({
    filename: 'ride.ics',
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
    content: rideCalendar(calendarRideOf(appointment, found.carName), {
      ...settings,
      method,
      attendee: { name: found.name, email: ride.customerEmail },
      stamp: now,
    }),
  });
  switch (template) {
    case 'paid':
      return {
        channel: 'email',
        mail: bookingConfirmedEmail(
          ride,
          calendarRideOf(appointment, found.carName),
          invite('request'),
          settings,
        ),
      };
    case 'reminder_24h':
    case 'reminder_2h':
      return {
        channel: 'email',
        mail: rideReminderEmail(ride, template === 'reminder_24h' ? 'day' : 'hours', settings),
      };
    case 'rescheduled':
      return {
        channel: 'email',
        mail: rideRescheduledEmail(ride, previousSlotStart, invite('request'), settings),
      };
    case 'cancelled':
      return {
        channel: 'email',
        mail: rideCancelledEmail(ride, cancelled, invite('cancel'), settings),
      };
    case 'completed':
      return { channel: 'email', mail: rideCompletedEmail(ride, settings) };
    default:
      return { skip: `unknown template` };
  }
}

/** The ride as its calendar entry says it (the .ics download route reads the same). */
export function calendarRideOf(appointment: Appointment, carName: string): CalendarRide {
  return {
    id: appointment.id,
    slotStart: appointment.slotStart,
    sequence: appointment.calendarSequence,
    carName,
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
  };
}

/** Texts are short, name the business, and say how to stop them (carriers require it). */
function textBody(
  template: MessageTemplate,
  ride: RideFacts,
  cancelled: { by: 'customer' | 'owner'; refundCents: number },
  settings: RideEmailSettings,
): string | null {
  const name = settings.business.name;
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const stop = 'Reply STOP to opt out.';
  switch (template) {
    case 'reminder_2h':
      return `${name}: your ride is at ${rideTime(ride.slotStart)}, from ${ride.pickupAddress}. Questions: ${settings.business.phone}. ${stop}`;
    case 'rescheduled':
      return `${name}: your ride has moved to ${rideTime(ride.slotStart)}. Details: ${page} ${stop}`;
    case 'cancelled':
      return `${name}: your ride on ${rideTime(ride.slotStart)} is cancelled.${cancelled.refundCents > 0 ? ` $${formatCents(cancelled.refundCents)} is refunded to your card.` : ''} Questions: ${settings.business.phone}. ${stop}`;
    default:
      return null;
  }
}
