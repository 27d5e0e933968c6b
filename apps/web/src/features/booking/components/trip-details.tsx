import { bookingReference, formatSlotDateLong, type Trip } from '@app/shared';

/**
 * The trip of a booked ride, after the product's own fields (docs/product.md, "Holds and
 * payment"): its booking reference (the shared rule),
 * pickup, drop-off and return ride (a round trip's with its time, or cancelled), as term and
 * value pairs.
 */
export function TripDetails({
  appointmentId,
  trip,
  className = '',
  leadWithTrip = false,
}: {
  appointmentId: string;
  trip: Trip;
  className?: string;
  /** The confirmation's order: pickup, drop-off and return first, the reference after them. */
  leadWithTrip?: boolean;
}) {
  const { returnRide } = trip;
  const reference: [string, string] = ['Booking reference', bookingReference(appointmentId)];
  const rows: [string, string][] = [
    ...(leadWithTrip ? [] : [reference]),
    ...(trip.isReturnLeg ? [['Leg', 'Return ride of a round trip'] as [string, string]] : []),
    ['Pickup', trip.pickupAddress],
    ['Drop-off', trip.dropoffAddress],
  ];
  if (!trip.isReturnLeg) {
    rows.push([
      'Return ride',
      returnRide
        ? `From ${returnRide.pickupAddress} to ${returnDropoff(returnRide.dropoffAddress)}${
            returnRide.leg
              ? `, ${formatSlotDateLong(returnRide.leg.slotDate)} at ${returnRide.leg.slotTime}${
                  returnRide.leg.cancelled ? ' (cancelled)' : ''
                }`
              : ', to book later'
          }`
        : 'No',
    ]);
  }
  if (leadWithTrip) rows.push(reference);
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

/** A return ride booked without its drop-off: the business agrees it with the customer. */
function returnDropoff(address: string): string {
  return address.trim() === '' ? 'drop-off to be agreed' : address;
}
