import type { Database } from '@app/db';
import { rideCalendar, type CalendarSettings } from '../../calendar/ride-calendar.ts';
import { AppError } from '../../errors.ts';
import { calendarRideOf } from '../notifications/compose-message.ts';
import { findOwnRide, RIDE_NOT_FOUND_MESSAGE } from './own-ride.ts';

/**
 * The customer's own ride as an `.ics` file, the same entry the emails attach (one UID, the
 * ride's SEQUENCE): an invite for a paid or finished ride, a cancellation for a cancelled one.
 * Anyone else's ride, and one never paid, is 404.
 */
export async function getRideCalendar(
  db: Database,
  request: { appointmentId: string; userId: string; now: Date },
  calendar: CalendarSettings,
): Promise<string> {
  const { appointment, service, actor } = await findOwnRide(
    db,
    request.appointmentId,
    request.userId,
  );
  if (appointment.paidAt === null) throw AppError.notFound(RIDE_NOT_FOUND_MESSAGE);
  return rideCalendar(calendarRideOf(appointment, service.name), {
    ...calendar,
    method: appointment.status === 'cancelled' ? 'cancel' : 'request',
    attendee: { name: '', email: actor.label },
    stamp: request.now,
  });
}
