import { bookingReference, formatCents, formatNewYorkTime, type Business } from '@app/shared';
import { escapeHtml } from './layout.ts';

/** What a ride's emails say of it: read from its appointment row when the email is sent. */
export interface RideFacts {
  id: string;
  customerName: string;
  customerEmail: string;
  carName: string;
  slotStart: Date;
  serviceType: string;
  pickupAddress: string;
  dropoffAddress: string;
  pickupNotes: string;
  /** null: no return ride. */
  returnRide: { pickupAddress: string; dropoffAddress: string } | null;
  depositCents: number;
  phone: string;
}

/** Where the ride emails' links go. */
export interface RideEmailSettings {
  business: Business;
  publicBaseUrl: string;
}

/** `Sunday, March 8, 2026, 9:30 AM (New York time)`. */
export const rideTime = (at: Date) => `${formatNewYorkTime(at)} (New York time)`;

/** The ride's facts as label/value pairs, the same in both parts of every email. */
export function rideRows(ride: RideFacts, options: { deposit?: boolean } = {}): [string, string][] {
  const rows: [string, string][] = [
    ['Booking reference', bookingReference(ride.id)],
    ['Car', ride.carName],
    ['Service', ride.serviceType],
    ['Pickup time', rideTime(ride.slotStart)],
    ['Pickup', ride.pickupAddress],
    ['Drop-off', ride.dropoffAddress],
  ];
  if (ride.pickupNotes) rows.push(['Notes', ride.pickupNotes]);
  rows.push([
    'Return ride',
    ride.returnRide
      ? `From ${ride.returnRide.pickupAddress} to ${ride.returnRide.dropoffAddress}`
      : 'No',
  ]);
  if (options.deposit) rows.push(['Deposit paid', `$${formatCents(ride.depositCents)}`]);
  return rows;
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

/** The booking policy as the booking page states it (product spec: Policies). */
export const BOOKING_POLICY = [
  'The booking fee is non-refundable.',
  'Late arrivals may incur additional fees or need to be rescheduled.',
  'You agreed to SMS notifications about your appointment. Reply STOP at any time to unsubscribe.',
];
