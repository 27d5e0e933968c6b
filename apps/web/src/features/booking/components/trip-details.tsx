import { bookingReference, type Trip } from '@app/shared';

/**
 * The trip of a booked ride beyond the spec's fields: its booking reference (the shared rule),
 * pickup, drop-off and return ride, as term and value pairs.
 */
export function TripDetails({
  appointmentId,
  trip,
  className = '',
}: {
  appointmentId: string;
  trip: Trip;
  className?: string;
}) {
  const rows: [string, string][] = [
    ['Booking reference', bookingReference(appointmentId)],
    ['Pickup', trip.pickupAddress],
    ['Drop-off', trip.dropoffAddress],
    [
      'Return ride',
      trip.returnRide
        ? `From ${trip.returnRide.pickupAddress} to ${trip.returnRide.dropoffAddress}`
        : 'No',
    ],
  ];
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="min-w-0 font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
