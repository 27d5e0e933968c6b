import { TZDate } from '@date-fns/tz';
import { foldLines, ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { BUSINESS_TIME_ZONE, type Business } from '@app/shared';

/** What a calendar entry says of a ride: read from its appointment row. */
export interface CalendarRide {
  id: string;
  slotStart: Date;
  /** When the booked length ends: the event's DTEND (ADR 018). */
  endsAt: Date;
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

/** The ride's bill after it is done: the email, the text and the payment link's return lead here. */
export const billPageUrl = (rideId: string, publicBaseUrl: string) =>
  `${ridePageUrl(rideId, publicBaseUrl)}/bill`;

/** The same for every version of one ride's entry, so an update or a cancel replaces it. */
export const rideUid = (rideId: string, publicBaseUrl: string) =>
  `ride-${rideId}@${new URL(publicBaseUrl).hostname}`;

/** Control characters no iCalendar value may hold (TEXT keeps tab and line breaks, escaped). */
const CONTROLS = /[^\P{Cc}\t\n]/gu;

/**
 * A TEXT value as RFC 5545 writes it (3.3.11): backslash, semicolon and comma escaped, each
 * line break `\n`; other control characters, which TEXT may not hold, become spaces.
 */
export function icalText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, ' ')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

/** What ical-generator's TEXT properties are given: it escapes them, it leaves controls. */
export const textValue = (value: string) => value.replace(/\r\n?/g, '\n').replace(CONTROLS, ' ');

/**
 * A parameter's value, always quoted (RFC 5545, 3.1): a quoted value holds no DQUOTE and no
 * control character, and has no escapes (a backslash is itself), so a `"` becomes `'` and a line
 * break a space.
 */
export function icalParam(value: string): string {
  return `"${value
    .replace(/\r\n/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/"/g, "'")}"`;
}

/** A `mailto:` URI (RFC 6068): what is not plainly safe in an address, percent-encoded. */
export function mailtoUri(email: string): string {
  return `mailto:${[...Buffer.from(email, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9.\-_~!$'*+=^`{|}@]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('')}`;
}

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
 * SEQUENCE, so a calendar that took the first invite moves or removes that same entry. Every
 * TEXT value is escaped and every name quoted, whatever the business, the car, the addresses or
 * the customer's name hold: no value can end its line or start a property or a parameter.
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
    // A string is written as given: escaped here (the generator's own form is not).
    prodId: `//${icalText(business.name)}//Rides//EN`,
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
    end: new TZDate(ride.endsAt, BUSINESS_TIME_ZONE),
    timezone: BUSINESS_TIME_ZONE,
    summary: textValue(summaryOf(ride, business)),
    description: textValue(descriptionOf(ride, settings)),
    location: textValue(ride.pickupAddress),
    url: ridePageUrl(ride.id, settings.publicBaseUrl),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // The organizer and attendee are written here: the generator escapes a quoted parameter with
  // backslashes, which RFC 5545 does not have (a `"` would end the name early).
  const people = foldLines(
    [
      `ORGANIZER;CN=${icalParam(business.name)}:${mailtoUri(business.email)}`,
      `ATTENDEE;ROLE=REQ-PARTICIPANT;CN=${icalParam(settings.attendee.name)}:${mailtoUri(settings.attendee.email)}`,
    ].join('\r\n'),
  );
  return calendar.toString().replace(/\r\nEND:VEVENT\r\n/, `\r\n${people}\r\nEND:VEVENT\r\n`);
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
  url.searchParams.set('dates', `${googleInstant(ride.slotStart)}/${googleInstant(ride.endsAt)}`);
  url.searchParams.set('ctz', BUSINESS_TIME_ZONE);
  url.searchParams.set('details', descriptionOf(ride, settings));
  url.searchParams.set('location', ride.pickupAddress);
  return url.toString();
}
