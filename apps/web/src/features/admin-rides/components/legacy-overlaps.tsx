import { Link } from 'wouter';
import { formatNewYorkTime, formatSlotDateLong } from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { getLegacyOverlaps } from '../api/rides.ts';

/**
 * Rides booked before lengths (ADR 018) kept the half hour they were sold; those that would
 * overlap another booking of their car at their real length are listed here, to move or confirm
 * with the customer. Nothing shows when there are none.
 */
export function LegacyOverlaps({ rideHref }: { rideHref: (id: string) => string }) {
  const { data } = useLoad(getLegacyOverlaps, []);
  if (!data || data.rides.length === 0) return null;
  return (
    <section aria-labelledby="legacy-overlaps-title" className={`${card} mt-6 p-4 sm:p-6`}>
      <h2 id="legacy-overlaps-title" className="text-lg font-bold text-brand">
        Booked before lengths: would overlap
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        These rides hold their car half an hour. At their real length and turnaround they would
        reach the bookings named: move one, or check with the customer.
      </p>
      <ul className="mt-3 space-y-3 text-sm">
        {data.rides.map((ride) => (
          <li key={ride.id}>
            <Link href={rideHref(ride.id)} className="font-medium text-brand underline">
              {formatSlotDateLong(ride.slotDate)}, {ride.slotTime} · {ride.carName} ·{' '}
              {ride.customerName}
            </Link>{' '}
            <span className="text-ink-muted">
              until {formatNewYorkTime(new Date(ride.realUntil))}; reaches{' '}
              {ride.overlaps.map((other, index) => (
                <span key={other.id}>
                  {index > 0 ? ', ' : ''}
                  <Link href={rideHref(other.id)} className="text-brand underline">
                    {other.slotTime} on {formatSlotDateLong(other.slotDate)}
                  </Link>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
