import { TZDate } from '@date-fns/tz';
import { ICalCalendar } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import {
  BUSINESS_TIME_ZONE,
  bookingReference,
  firstName,
  type Business,
  type CalendarFeedDetails,
} from '@app/shared';
import { icalText, textValue } from './ride-calendar.ts';

/** A ride as a driver's calendar entry says it, at the detail the owner chose. */
export interface DriveCalendarRide {
  id: string;
  slotStart: Date;
  endsAt: Date;
  sequence: number;
  carName: string;
  plate: string;
  serviceType: string;
  pickupAddress: string;
  dropoffAddress: string;
  pickupNotes: string;
  customerName: string;
  phone: string;
}

/**
 * The rides one person drives as an iCalendar subscription (RFC 5545, no METHOD: a feed, not an
 * invitation): each ride an event with a UID of its own and its SEQUENCE, so a moved ride moves
 * in the phone's calendar and a cancelled one leaves it at the next fetch. What it tells beyond
 * the car and the times is the owner's choice (`CALENDAR_FEED_DETAILS`): the addresses, and
 * the customer's first name and phone.
 */
export function driveCalendar(
  rides: readonly DriveCalendarRide[],
  settings: {
    business: Business;
    publicBaseUrl: string;
    details: CalendarFeedDetails;
    /** DTSTAMP: when the feed was read. */
    stamp: Date;
  },
): string {
  const { business, publicBaseUrl, details } = settings;
  const calendar = new ICalCalendar({
    prodId: `//${icalText(business.name)}//Drive//EN`,
    name: `${business.name}: rides to drive`,
  });
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  const host = new URL(publicBaseUrl).hostname;
  for (const ride of rides) {
    const car = ride.plate ? `${ride.carName} (${ride.plate})` : ride.carName;
    const lines = [
      `${ride.serviceType}, ref ${bookingReference(ride.id)}`,
      details !== 'times' ? `Pickup: ${ride.pickupAddress}` : '',
      details !== 'times' ? `Drop-off: ${ride.dropoffAddress}` : '',
      details !== 'times' && ride.pickupNotes ? `Notes: ${ride.pickupNotes}` : '',
      details === 'customer' ? `Customer: ${firstName(ride.customerName)}, ${ride.phone}` : '',
      `Day sheet: ${publicBaseUrl}/drive`,
    ].filter(Boolean);
    calendar.createEvent({
      id: `drive-${ride.id}@${host}`,
      sequence: ride.sequence,
      stamp: settings.stamp,
      start: new TZDate(ride.slotStart, BUSINESS_TIME_ZONE),
      end: new TZDate(ride.endsAt, BUSINESS_TIME_ZONE),
      timezone: BUSINESS_TIME_ZONE,
      summary: textValue(`Ride: ${car}`),
      description: textValue(lines.join('\n')),
      ...(details !== 'times' ? { location: textValue(ride.pickupAddress) } : {}),
    });
  }
  return calendar.toString();
}
