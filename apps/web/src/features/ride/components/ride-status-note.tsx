import type { Ref } from 'react';
import type { RideView } from '@app/shared';

/** What a ride that is not booked and paid ahead says instead of the changes. */
const STATUS_NOTES: Record<Exclude<RideView['status'], 'paid'>, string> = {
  cancelled: 'This ride is cancelled.',
  completed: 'This ride is done. Thank you for riding with us.',
  no_show: 'This ride is over.',
  pending_payment: 'This booking is waiting for its payment.',
  expired: 'This booking was not paid.',
};

/**
 * Where the ride stands, under its summary: focused after a change, so the customer hears it.
 * `past`: its time had passed when it was loaded.
 */
export function RideStatusNote({
  ride,
  past,
  ref,
}: {
  ride: RideView;
  past: boolean;
  ref: Ref<HTMLParagraphElement>;
}) {
  return (
    <p ref={ref} tabIndex={-1} className="mt-4 font-semibold text-brand focus:outline-none">
      {ride.ownerCancellation
        ? 'We cancelled this ride.'
        : ride.status !== 'paid'
          ? STATUS_NOTES[ride.status]
          : past
            ? "This ride's time has passed."
            : 'Booking Fee Paid'}
    </p>
  );
}
