import type { Database } from '@app/db';
import {
  bookingReference,
  formatCents,
  RIDE_STATUS_LABELS,
  RIDES_EXPORT_MAX_ROWS,
  type Ride,
} from '@app/shared';
import { csvDocument } from '../../lib/csv.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { newYorkToday, rideConditions, selectRides, type RideFilterValues } from './find-rides.ts';

const COLUMNS: [string, (ride: Ride) => string][] = [
  // The ride as the customer, the emails and the console name it (`3F9A-1C2B`).
  ['Booking reference', (r) => bookingReference(r.id)],
  ['Car', (r) => r.carName],
  [
    'Date (New York)',
    (r) =>
      r.slotDate
        .split('_')
        .reverse()
        .map((p) => p.padStart(2, '0'))
        .join('-'),
  ],
  ['Time (New York)', (r) => r.slotTime],
  [
    'Status',
    (r) =>
      r.status in RIDE_STATUS_LABELS
        ? RIDE_STATUS_LABELS[r.status as keyof typeof RIDE_STATUS_LABELS]
        : r.status,
  ],
  ['Customer', (r) => r.customerName],
  ['Email', (r) => r.customerEmail],
  ['Phone', (r) => r.phone],
  ['Service type', (r) => r.serviceType],
  ['Pickup', (r) => r.pickupAddress],
  ['Drop-off', (r) => r.dropoffAddress],
  ['Notes', (r) => r.pickupNotes],
  ['Return ride', (r) => (r.needsReturnRide ? 'Yes' : 'No')],
  ['Return pickup', (r) => r.returnPickupAddress],
  ['Return drop-off', (r) => r.returnDropoffAddress],
  ['Return notes', (r) => r.returnPickupNotes],
  ['Deposit', (r) => formatCents(r.depositCents)],
  ['Cancel reason', (r) => r.cancelReason],
  ['Refunded', (r) => (r.refund ? formatCents(r.refund.amountCents) : '')],
];

/**
 * The filtered rides as CSV (CRLF lines, a header row), at most `RIDES_EXPORT_MAX_ROWS`. The
 * customers' details leave in bulk: the audit trail says who took them, with which filters
 * (the car's in its column) and how many rows, before they go.
 */
export async function exportRides(
  db: Database,
  filters: RideFilterValues,
  options: { actor: AuditActor; now: Date },
): Promise<string> {
  const { now } = options;
  const rides = await selectRides(db, rideConditions(filters, now), {
    limit: RIDES_EXPORT_MAX_ROWS,
    offset: 0,
  });
  await recordAudit(db, {
    actor: options.actor,
    action: 'rides.exported',
    at: now,
    serviceId: filters.serviceId ?? null,
    after: {
      // A search without a first day looks at every day (`rideConditions`): no `from` then.
      ...(filters.from || !filters.q ? { from: filters.from ?? newYorkToday(now) } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.q ? { search: filters.q } : {}),
      rows: rides.length,
    },
  });
  return csvDocument(
    COLUMNS.map(([name]) => name),
    rides.map((ride) => COLUMNS.map(([, cell]) => cell(ride))),
  );
}
