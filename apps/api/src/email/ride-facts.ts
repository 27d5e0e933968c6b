import {
  bookingReference,
  formatCents,
  formatNewYorkTime,
  formatSlotTime,
  reasonsInWords,
  wallClockAt,
  type Business,
} from '@app/shared';
import { escapeHtml } from './layout.ts';

/** What a ride's emails say of it: read from its appointment row when the email is sent. */
export interface RideFacts {
  id: string;
  customerName: string;
  customerEmail: string;
  carName: string;
  slotStart: Date;
  /** The start plus the booked length: the car is the customer's until then (ADR 018). */
  endsAt: Date;
  serviceType: string;
  pickupAddress: string;
  dropoffAddress: string;
  pickupNotes: string;
  /** null: no return ride; `startsAt` a round trip's return leg (ADR 018), null: booked later. */
  returnRide: { pickupAddress: string; dropoffAddress: string; startsAt?: Date | null } | null;
  depositCents: number;
  /** The ride's price as booked (its snapshot); null for a booking made before prices were kept. */
  priceCents: number | null;
  /** Why the price is what it is, kept with it when booked; empty for a booking made before. */
  priceReasons: readonly string[];
  phone: string;
}

/** Where the ride emails' links go. */
export interface RideEmailSettings {
  business: Business;
  publicBaseUrl: string;
}

/** `Sunday, March 8, 2026, 9:30 AM (New York time)`. */
export const rideTime = (at: Date) => `${formatNewYorkTime(at)} (New York time)`;

/** When the booked length ends, after its start: `11:00 AM`, or its date too on another day. */
export function rideEndTime(ride: Pick<RideFacts, 'slotStart' | 'endsAt'>): string {
  const [start, end] = [wallClockAt(ride.slotStart), wallClockAt(ride.endsAt)];
  const sameDay = start.year === end.year && start.month === end.month && start.day === end.day;
  return sameDay ? formatSlotTime(end.hour, end.minute) : formatNewYorkTime(ride.endsAt);
}

/** The ride's facts as label/value pairs, the same in both parts of every email. */
export function rideRows(ride: RideFacts, options: { deposit?: boolean } = {}): [string, string][] {
  const rows: [string, string][] = [
    ['Booking reference', bookingReference(ride.id)],
    ['Car', ride.carName],
    ['Service', ride.serviceType],
    ['Pickup time', rideTime(ride.slotStart)],
    ['Booked until', rideTime(ride.endsAt)],
    ['Pickup', ride.pickupAddress],
    ['Drop-off', ride.dropoffAddress],
  ];
  if (ride.pickupNotes) rows.push(['Notes', ride.pickupNotes]);
  rows.push(['Return ride', ride.returnRide ? returnTrip(ride.returnRide) : 'No']);
  if (options.deposit) {
    rows.push(['Deposit paid', `$${formatCents(ride.depositCents)}`]);
    if (ride.priceCents !== null) {
      const balance = Math.max(0, ride.priceCents - ride.depositCents);
      rows.push(['Estimated ride price', `$${formatCents(ride.priceCents)}`]);
      if (ride.priceReasons.length > 0) {
        rows.push(['Why this price', reasonsInWords(ride.priceReasons)]);
      }
      rows.push(['Left to pay after the ride', `$${formatCents(balance)}`]);
    }
  }
  return rows;
}

/** A return ride in words; an address left blank is one the business agrees with the customer. */
function returnTrip(ride: NonNullable<RideFacts['returnRide']>): string {
  const from = ride.pickupAddress.trim();
  const to = ride.dropoffAddress.trim();
  return [
    from ? `From ${from}` : 'Pickup to be agreed',
    to ? `${from ? '' : ','} to ${to}` : ', drop-off to be agreed',
    ride.startsAt ? `, ${rideTime(ride.startsAt)}` : '',
  ].join('');
}

export function rowsHtml(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:15px;color:#0f172a">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-collapse:collapse">${cells}</table>`;
}

export const rowsText = (rows: [string, string][]) =>
  rows.map(([label, value]) => `${label}: ${value}`);

export const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;

/** A button as mail clients draw it: a padded link (Outlook ignores the radius, nothing else). */
export const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#f59e0b;color:#0b1f3a;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">${escapeHtml(label)}</a></p>`;

export const link = (href: string, label: string) =>
  `<p style="margin:0 0 16px;font-size:14px"><a href="${escapeHtml(href)}" style="color:#16325c">${escapeHtml(label)}</a></p>`;

export const greeting = (ride: RideFacts) => `Hi ${ride.customerName.trim() || 'there'},`;

/** The booking policy as the booking page states it (docs/product.md, "The car page"). */
export const BOOKING_POLICY = [
  'The booking fee is non-refundable.',
  'Late arrivals may incur additional fees or need to be rescheduled.',
  'You agreed to SMS notifications about your appointment. Reply STOP at any time to unsubscribe.',
];
