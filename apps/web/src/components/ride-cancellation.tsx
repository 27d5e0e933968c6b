import { Link } from 'wouter';
import type {
  CustomerCancellation as CustomerCancellationView,
  OwnerCancellation as OwnerCancellationView,
  Trip,
} from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { refundWords } from '../lib/refund-words.ts';
import { buttonSecondary } from './ui/styles.ts';

/** The same car and trip again, at a time still to choose (the car page reads these). */
export function bookAgainHref(ride: { service: { id: string }; trip: Trip }): string {
  const query = new URLSearchParams({
    pickup: ride.trip.pickupAddress,
    dropoff: ride.trip.dropoffAddress,
  });
  return `/appointment/${ride.service.id}?${query.toString()}`;
}

/** "Book again", named for the car, for a screen reader among several. */
export function BookAgainLink({
  ride,
}: {
  ride: { service: { id: string; name: string }; trip: Trip };
}) {
  return (
    <Link
      href={bookAgainHref(ride)}
      className={buttonSecondary}
      aria-label={`Book again ${ride.service.name}`}
    >
      Book again
    </Link>
  );
}

const cancellationBox = 'mt-3 rounded-lg bg-danger-tint p-3 text-sm text-ink';

/** Why the business cancelled a ride, and what it gave back (and since when). */
export function OwnerCancellation({ cancellation }: { cancellation: OwnerCancellationView }) {
  const { reason, refund } = cancellation;
  return (
    <div className={cancellationBox}>
      {reason && (
        <p>
          <span className="font-semibold">Reason:</span> {reason}
        </p>
      )}
      <p>
        <span className="font-semibold">Refund:</span>{' '}
        {refund ? refundWords(refund, BUSINESS.phone) : 'The booking fee was not refunded.'}
      </p>
    </div>
  );
}

/**
 * What the owner's refund tiers gave back of a ride its customer cancelled. Nothing given back
 * says nothing: the booking policy (non-refundable) was stated before they confirmed.
 */
export function CustomerCancellation({ cancellation }: { cancellation: CustomerCancellationView }) {
  const { refund } = cancellation;
  if (!refund) return null;
  return (
    <div className={cancellationBox}>
      <p>
        <span className="font-semibold">Refund:</span> {refundWords(refund, BUSINESS.phone)}
      </p>
    </div>
  );
}
