import { useEffect } from 'react';
import { Check, CircleDot, Circle } from 'lucide-react';
import {
  TRIP_POLL_MS,
  TRIP_STATUSES,
  TRIP_STATUS_LABELS,
  formatMinutes,
  formatNewYorkClock,
  type TripStatus,
  type TripView,
} from '@app/shared';
import { useLoad } from '../../../lib/use-load.ts';
import { getTrip } from '../api/trip.ts';

/** What the customer reads for each step once it is reached. */
const NEWS: Record<TripStatus, (who: string) => string> = {
  on_my_way: (who) => `${who} is on the way.`,
  arrived: (who) => `${who} has arrived at the pickup.`,
  on_board: () => 'You are on board. Enjoy the ride.',
  dropped_off: () => 'You have arrived. Thank you for riding with us.',
};

/** The trip still moves: worth asking again until the drop-off, or the ride is over. */
const underWay = (trip: TripView) => trip.status === 'paid' && trip.tripStatus !== 'dropped_off';

/** The latest news in one sentence, read out by screen readers when it changes. */
function newsOf(trip: TripView): string {
  const who = trip.chauffeurFirstName
    ? `Your chauffeur ${trip.chauffeurFirstName}`
    : 'Your chauffeur';
  if (trip.status === 'cancelled') return 'This ride is cancelled.';
  if (trip.status === 'no_show') return 'This ride was marked as a no-show.';
  if (trip.tripStatus) return NEWS[trip.tripStatus](who);
  return trip.status === 'completed'
    ? 'This ride is completed.'
    : `${who} has not set off yet. This page updates by itself when they do.`;
}

/** The steps of the trip, each done (with its time), current, or to come. */
function Steps({ trip }: { trip: TripView }) {
  const reached = trip.tripStatus ? TRIP_STATUSES.indexOf(trip.tripStatus) : -1;
  return (
    <ol className="mt-4 space-y-2" aria-label="Trip steps">
      {TRIP_STATUSES.map((status, index) => {
        const event = trip.events.find((e) => e.status === status);
        const state = index < reached ? 'done' : index === reached ? 'current' : 'to come';
        const Icon = state === 'to come' ? Circle : state === 'current' ? CircleDot : Check;
        return (
          <li
            key={status}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex items-center gap-3 ${state === 'to come' ? 'text-ink-muted' : 'text-ink'}`}
          >
            <Icon
              aria-hidden="true"
              className={`size-5 shrink-0 ${state === 'to come' ? '' : 'text-accent-strong'}`}
            />
            <span className={state === 'current' ? 'font-semibold' : ''}>
              {TRIP_STATUS_LABELS[status]}
              {event ? ` at ${formatNewYorkClock(new Date(event.at))}` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The ride's trip as it happens: who comes in which car, the steps so far, and, while the
 * chauffeur is on the way and shares where the car is, about how far and how long. It asks
 * again every 10 seconds while the trip is under way and the page is seen (ADR 022), so it
 * updates by itself; the news line is a live region.
 */
export function LiveTrip({ token }: { token: string }) {
  const trip = useLoad(() => getTrip(token).then(({ trip }) => trip), [token]);
  const { reload } = trip;
  const live = trip.data ? underWay(trip.data) : true;

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, TRIP_POLL_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  if (!trip.data) {
    return (
      <p role="status" className="text-ink-muted">
        {trip.failure ?? 'Loading your trip...'}
      </p>
    );
  }
  const { car, approach } = trip.data;
  return (
    <div>
      <p role="status" className="text-lg font-semibold text-brand">
        {newsOf(trip.data)}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {car.name}
        {car.plate ? ` · Plate ${car.plate}` : ''}
      </p>
      {approach ? (
        <p className="mt-3 text-ink">
          About {approach.miles.toFixed(1)} miles away: arriving in about{' '}
          {formatMinutes(approach.minutes)} (as of {formatNewYorkClock(new Date(approach.at))}).
        </p>
      ) : null}
      <Steps trip={trip.data} />
    </div>
  );
}
