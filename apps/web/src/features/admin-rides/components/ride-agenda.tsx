import { Link } from 'wouter';
import type { Ride } from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { formatDayHeading } from '../utils/ride-view.ts';
import { BillBadge, RideFacts, StatusBadge } from './ride-facts.tsx';

/** The rides of a page grouped by their New York day, each with what the day's work needs. */
export function RideAgenda({
  rides,
  rideHref,
}: {
  rides: readonly Ride[];
  rideHref: (id: string) => string;
}) {
  const days: { slotDate: string; rides: Ride[] }[] = [];
  for (const ride of rides) {
    const last = days.at(-1);
    if (last?.slotDate === ride.slotDate) last.rides.push(ride);
    else days.push({ slotDate: ride.slotDate, rides: [ride] });
  }
  return (
    <div className="space-y-8">
      {days.map((day) => (
        <section key={day.slotDate} aria-labelledby={`day-${day.slotDate}`}>
          <h2 id={`day-${day.slotDate}`} className="text-lg font-bold text-brand">
            {formatDayHeading(day.slotDate)}
          </h2>
          <ol role="list" className="mt-3 space-y-3">
            {day.rides.map((ride) => (
              <li key={ride.id}>
                <article className={`${card} p-4 sm:p-5`} aria-labelledby={`ride-${ride.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={`ride-${ride.id}`} className="font-semibold text-brand">
                      <Link href={rideHref(ride.id)} className="underline">
                        {ride.slotTime} · {ride.carName} · {ride.customerName}
                      </Link>
                    </h3>
                    <span className="flex flex-wrap gap-2">
                      <StatusBadge status={ride.status} />
                      <BillBadge bill={ride.bill} />
                    </span>
                  </div>
                  <div className="mt-2">
                    <RideFacts ride={ride} rideHref={rideHref} />
                  </div>
                </article>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
