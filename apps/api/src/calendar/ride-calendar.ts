import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { BUSINESS_TIME_ZONE, SLOT_MINUTES, type Business } from '@app/shared';

/** What a calendar entry says of a ride: read from its appointment row. */
export interface CalendarRide {
  id: string;
  slotStart: Date;
  /** `appointments.calendarSequence`: a reschedule raises it, so calendars take the update. */
  sequence: number;
  carName: string;
  pickupAddress: string;
  dropoffAddress: string;
}

export interface CalendarSettings {
  business: Business;
  /** The site's address: the ride's page and the UID's domain derive from it. */
  publicBaseUrl: string;
}

/** The ride's page on the site, where the customer sees, moves or cancels it. */
export const ridePageUrl = (rideId: string, publicBaseUrl: string) =>
  `${publicBaseUrl}/my-appointments/${rideId}`;

/** The same for every version of one ride's entry, so an update or a cancel replaces it. */
export const rideUid = (rideId: string, publicBaseUrl: string) =>
  `ride-${rideId}@${new URL(publicBaseUrl).hostname}`;

const rideEnd = (ride: CalendarRide) => new Date(ride.slotStart.getTime() + SLOT_MINUTES * 60_000);
const summaryOf = (ride: CalendarRide, business: Business) => `${business.name}: ${ride.carName}`;
const descriptionOf = (ride: CalendarRide, settings: CalendarSettings) =>
  [
    `Pickup: ${ride.pickupAddress}`,
    `Drop-off: ${ride.dropoffAddress}`,
    `Your ride: ${ridePageUrl(ride.id, settings.publicBaseUrl)}`,
    `Questions: ${settings.business.phone}`,
  ].join('\n');

/**
 * The ride as an iCalendar file (RFC 5545, iTIP method REQUEST, or CANCEL once cancelled): New
 * York wall-clock times with their VTIMEZONE, a UID stable across versions and the ride's
 * SEQUENCE, so a calendar that took the first invite moves or removes that same entry.
 */
export function rideCalendar(
  ride: CalendarRide,
  settings: CalendarSettings & {
    method: 'request' | 'cancel';
    attendee: { name: string; email: string };
    /** DTSTAMP: when this version was made. */
    stamp: Date;
  },
): string {
  const { business } = settings;
  const cancel = settings.method === 'cancel';
  const calendar = new ICalCalendar({
    prodId: { company: business.name, product: 'Rides', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone (it would print DTSTAMP as local time): the event names its own, and
  // the generator writes that zone's VTIMEZONE.
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  calendar.createEvent({
    id: rideUid(ride.id, settings.publicBaseUrl),
    sequence: ride.sequence,
    stamp: settings.stamp,
    start: new TZDate(ride.slotStart, BUSINESS_TIME_ZONE),
    end: new TZDate(rideEnd(ride), BUSINESS_TIME_ZONE),
    timezone: BUSINESS_TIME_ZONE,
    summary: summaryOf(ride, business),
    description: descriptionOf(ride, settings),
    location: ride.pickupAddress,
    url: ridePageUrl(ride.id, settings.publicBaseUrl),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: business.name, email: business.email },
    attendees: [{ name: settings.attendee.name, email: settings.attendee.email }],
  });
  return calendar.toString();
}

/** `20260308T133000Z`: Google's form of an instant. */
const googleInstant = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An "Add to Google Calendar" link (HTTPS, Google's event template), shown in New York time. */
export function googleCalendarLink(ride: CalendarRide, settings: CalendarSettings): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', summaryOf(ride, settings.business));
  url.searchParams.set('dates', `${googleInstant(ride.slotStart)}/${googleInstant(rideEnd(ride))}`);
  url.searchParams.set('ctz', BUSINESS_TIME_ZONE);
  url.searchParams.set('details', descriptionOf(ride, settings));
  url.searchParams.set('location', ride.pickupAddress);
  return url.toString();
}
