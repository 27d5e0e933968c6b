import { Link } from 'wouter';
import { formatSlotDateLong, type RideView } from '@app/shared';
import { buttonSecondary } from '../../../components/ui/styles.ts';

/**
 * A round trip on the ride page (ADR 018): this ride's return leg with its time, or that this is
 * the return leg; a return asked for but not booked yet, or cancelled alone, is one tap away
 * ("Book my return"), on the same car with the addresses reversed.
 */
export function RoundTripNote({ ride }: { ride: RideView }) {
  const { trip } = ride;
  if (trip.isReturnLeg) {
    return <p className="mt-3 text-sm text-ink">This is the return ride of a round trip.</p>;
  }
  const back = trip.returnRide;
  if (!back) return null;
  const leg = back.leg && (
    <p className="mt-3 text-sm text-ink">
      Return ride:{' '}
      <Link href={`/my-appointments/${back.leg.id}`} className="font-medium text-brand underline">
        {formatSlotDateLong(back.leg.slotDate)} at {back.leg.slotTime}
      </Link>
      {back.leg.cancelled && ', cancelled'}
    </p>
  );
  if ((back.leg && !back.leg.cancelled) || ride.status !== 'paid') return leg;
  const pickup = back.pickupAddress || ride.dropoffAddress;
  const dropoff = back.dropoffAddress || ride.pickupAddress;
  const query = `pickup=${encodeURIComponent(pickup)}&dropoff=${encodeURIComponent(dropoff)}`;
  return (
    <>
      {leg}
      <Link href={`/appointment/${ride.service.id}?${query}`} className={`${buttonSecondary} mt-4`}>
        Book my return
      </Link>
    </>
  );
}
